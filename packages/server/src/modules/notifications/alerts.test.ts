import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../engine/sql';
import { listOutbox } from '../../mail/mailer';
import { testDrivers } from '../../testing/testDatabase';
import { deliverDueEmails } from './emailOutbox';
import { MINUTE, notificationsTestApp, OPEN, T0 } from './testSetup';
import { deliverDueWebhooks, verifyWebhookSignature } from './webhooks';

describe.each(testDrivers)('alert settings and alerts on %s', (driver) => {
  const t = notificationsTestApp(driver);

  it('should keep alert settings with a webhook whose secret is shown once', async () => {
    const url = '/api/pools/btc/accounts/carol001/alerts';
    const saved = await t.data('PUT', url, 'carol', {
      enabled: true,
      hashrate_threshold: null,
      offline_workers_threshold: 1,
      channels: ['webhook', 'email'],
      types: ['miner_offline'],
      webhook_url: t.receiver.url,
      quiet_minutes: 60,
      validation_token: await t.webhookValidation('carol'),
    });
    expect(saved).toEqual({
      enabled: true,
      hashrate_threshold: null,
      offline_workers_threshold: 1,
      channels: ['email', 'webhook'],
      types: ['miner_offline'],
      webhook_url: t.receiver.url,
      webhook_secret_set: false,
      quiet_minutes: 60,
    });
    const bad = await t.call('PUT', url, 'carol', { ...saved, webhook_url: 'ftp://x.test/' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/webhook_url/);
    const noSecret = await t.call('POST', `${url}/test-webhook`, 'carol');
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().msg).toMatch(/webhook_secret/);
    const { secret } = await t.data<{ secret: string }>('POST', `${url}/webhook-secret`, 'carol');
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const read = await t.data<Record<string, unknown>>('GET', url, 'carol');
    expect(read.webhook_secret_set).toBe(true);
    expect(JSON.stringify(read)).not.toContain(secret);
    expect((await t.call('POST', `${url}/webhook-secret`, 'observer')).statusCode).toBe(403);
    expect((await t.call('POST', `${url}/webhook-secret`, 'dave')).statusCode).toBe(404);

    const test = await t.data<{ delivered: boolean; status_code: number; delivery_id: string }>(
      'POST',
      `${url}/test-webhook`,
      'carol',
    );
    expect(test).toMatchObject({ delivered: true, status_code: 200 });
    const last = t.receiver.calls.at(-1);
    expect(last?.headers['x-poolkit-delivery']).toBe(test.delivery_id);
    expect(
      verifyWebhookSignature({
        secret,
        body: last?.body ?? '',
        timestampHeader: String(last?.headers['x-poolkit-timestamp']),
        signatureHeader: String(last?.headers['x-poolkit-signature']),
        nowSec: Math.floor(t.clock.now() / 1000),
      }),
    ).toBe(true);
    expect(
      verifyWebhookSignature({
        secret: 'whsec_other',
        body: last?.body ?? '',
        timestampHeader: String(last?.headers['x-poolkit-timestamp']),
        signatureHeader: String(last?.headers['x-poolkit-signature']),
        nowSec: Math.floor(t.clock.now() / 1000),
      }),
    ).toBe(false);
    expect(JSON.parse(last?.body ?? '{}')).toMatchObject({
      id: test.delivery_id,
      event: 'test',
      account: 'carol001',
      pool: 'btc',
    });
  });

  it('should alert once per incident, recover once, and stay quiet while a worker flaps', async () => {
    t.receiver.calls.length = 0;
    const before = (await t.messagesOf('carol')).length;
    await t.mine(['rig1', 'rig2'], T0 - 30 * MINUTE, T0);
    t.clock.set(T0);
    await t.check(t.clock.now());
    expect(await t.messagesOf('carol')).toHaveLength(before);

    // rig1 stops; after more than 15 minutes of silence it is inactive.
    t.clock.set(T0 + 20 * MINUTE);
    await t.mine(['rig2'], T0 + MINUTE, t.clock.now());
    expect(await t.check(t.clock.now())).toBe(1);
    expect(await t.check(t.clock.now() + MINUTE)).toBe(0);
    const afterAlert = await t.messagesOf('carol');
    expect(afterAlert.slice(before)).toEqual([{ type: 'miner_offline', text_key: 'offline' }]);
    // The email waits in the notice outbox, written with the message, until the poller sends it.
    const queued = await queryRows<{ subject: string }>(
      t.database.db,
      sql`SELECT subject FROM email_deliveries WHERE recipient = 'carol@example.test'
        AND status = 'pending'`,
    );
    expect(queued.map((row) => row.subject)).toEqual(['carol001 有矿机离线']);
    await deliverDueEmails(t.database, t.mailer(), t.clock.now());
    const mails = await listOutbox(t.database, { to: 'carol@example.test' });
    // Carol reads Chinese: the email is in her language.
    expect(mails[0]?.subject).toBe('carol001 有矿机离线');
    expect(mails[0]?.text).toContain('rig1');

    await deliverDueWebhooks(t.database, t.clock.now(), OPEN);
    expect(t.receiver.calls).toHaveLength(1);
    expect(JSON.parse(t.receiver.calls[0]?.body ?? '{}')).toMatchObject({
      event: 'miner_offline',
      data: { workers: 'rig1', count: '1' },
    });

    // rig1 comes back: one recovery.
    t.clock.set(T0 + 25 * MINUTE);
    await t.mine(['rig1', 'rig2'], T0 + 21 * MINUTE, t.clock.now());
    expect(await t.check(t.clock.now())).toBe(1);
    expect(await t.check(t.clock.now() + MINUTE)).toBe(0);

    // It flaps within the quiet hour: off 20 minutes, on again; nothing is posted.
    t.clock.set(T0 + 45 * MINUTE);
    await t.mine(['rig2'], T0 + 26 * MINUTE, t.clock.now());
    expect(await t.check(t.clock.now())).toBe(0);
    t.clock.set(T0 + 50 * MINUTE);
    await t.mine(['rig1', 'rig2'], T0 + 46 * MINUTE, t.clock.now());
    expect(await t.check(t.clock.now())).toBe(0);
    const afterFlap = (await t.messagesOf('carol')).slice(before);
    expect(afterFlap.map((message) => message.text_key)).toEqual(['offline', 'offlineRecovered']);

    // Silent past the quiet window: a new incident alerts again.
    t.clock.set(T0 + 110 * MINUTE);
    await t.mine(['rig2'], T0 + 51 * MINUTE, t.clock.now());
    expect(await t.check(t.clock.now())).toBe(1);
    await deliverDueWebhooks(t.database, t.clock.now(), OPEN);
    expect(t.receiver.calls.map((hook) => JSON.parse(hook.body).event)).toEqual([
      'miner_offline',
      'miner_offline.recovered',
      'miner_offline',
    ]);
  });
});
