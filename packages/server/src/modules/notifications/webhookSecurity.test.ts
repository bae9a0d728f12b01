import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { ERROR_CODES } from '../../contract';
import { queryRows, toNumber } from '../../engine/sql';
import { testConfig } from '../../testing/testApp';
import { testDrivers } from '../../testing/testDatabase';
import { CODE_RESEND_MS } from '../identity/codes';
import { secondValidation } from '../identity/testHelpers';
import { readAlertSettings, writeAlertSettings } from './alerts';
import { notificationsTestApp, OPEN } from './testSetup';
import { deliverDueWebhooks } from './webhooks';

describe.each(testDrivers)('webhook address and secret checks on %s', (driver) => {
  const t = notificationsTestApp(driver);
  beforeAll(() => t.saveWebhook());

  it('should refuse internal webhook addresses when saved and when delivered', async () => {
    const guarded = await buildApp({
      config: testConfig(),
      db: t.database,
      clock: t.clock,
      authenticate: t.authenticate,
    });
    try {
      const url = '/api/pools/btc/accounts/carol001/alerts';
      const body = {
        enabled: true,
        hashrate_threshold: null,
        offline_workers_threshold: 1,
        channels: ['webhook'],
        types: ['miner_offline'],
        quiet_minutes: 60,
      };
      for (const webhook of [
        t.receiver.url,
        'http://localhost:9/hook',
        'http://10.1.2.3/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]:8080/hook',
        'http://[fd00::1]/hook',
        'http://100.64.0.1/hook',
      ]) {
        const refused = await guarded.inject({
          method: 'PUT',
          url,
          headers: { authorization: 'Bearer carol' },
          payload: { ...body, webhook_url: webhook },
        });
        expect(refused.statusCode, webhook).toBe(400);
        expect(refused.json().msg, webhook).toMatch(/^webhook_url: Use a public address/);
        expect(refused.json().fields[0].field).toBe('webhook_url');
      }
      // A public address literal passes without DNS.
      const accepted = await guarded.inject({
        method: 'PUT',
        url,
        headers: { authorization: 'Bearer carol' },
        payload: {
          ...body,
          webhook_url: 'https://93.184.215.14/hook',
          validation_token: await t.webhookValidation('carol', guarded),
        },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    } finally {
      await guarded.close();
    }

    // At delivery time (DNS rebinding: a name that resolved publicly when saved now points
    // inside): `localhost` resolves to loopback, so the guarded client never connects.
    t.receiver.calls.length = 0;
    const port = new URL(t.receiver.url).port;
    await queryRows(
      t.database.db,
      sql`INSERT INTO webhook_deliveries (id, account_id, pool, url, event, body, next_attempt_ms,
          created_ms)
        SELECT v.delivery, a.id, 'btc', v.target, 'test', '{}', ${t.clock.now()}::bigint, ${t.clock.now()}::bigint
        FROM mining_accounts a, (VALUES ('whd_rebind', ${`http://localhost:${port}/hook`}),
          ('whd_literal', ${t.receiver.url})) AS v(delivery, target)
        WHERE a.name = 'carol001'`,
    );
    const results = (await deliverDueWebhooks(t.database, t.clock.now())).filter((result) =>
      ['whd_rebind', 'whd_literal'].includes(result.id),
    );
    expect(results.map((result) => [result.id, result.delivered])).toEqual([
      ['whd_literal', false],
      ['whd_rebind', false],
    ]);
    for (const result of results) expect(result.error).toMatch(/^Refused/);
    expect(t.receiver.calls).toHaveLength(0);
    const rows = await queryRows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM webhook_deliveries WHERE id IN ('whd_rebind', 'whd_literal')`,
    );
    // Refused for good: no retries.
    expect(rows.map((row) => row.status)).toEqual(['failed', 'failed']);
  });

  it('should ask a second validation to add or change a webhook, not to keep or remove it', async () => {
    const url = '/api/pools/btc/accounts/dave0001/alerts';
    const body = {
      enabled: true,
      hashrate_threshold: null,
      offline_workers_threshold: 2,
      channels: ['webhook'],
      types: ['miner_offline'],
      quiet_minutes: 60,
    };
    const first = 'https://hooks.example.com/dave/first';
    const second = 'https://hooks.example.com/dave/second';
    const savedUrl = async () =>
      (await t.data<{ webhook_url: string | null }>('GET', url, 'dave')).webhook_url;

    // Adding one: refused without a validation, naming the field; nothing is saved.
    const bare = await t.call('PUT', url, 'dave', { ...body, webhook_url: first });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      code: ERROR_CODES.codeInvalid,
      fields: [{ field: 'validation_token' }],
    });
    expect(await savedUrl()).toBeNull();
    // A validation of another scene, or of another user, does not do.
    t.clock.advance(CODE_RESEND_MS);
    const otherScene = await secondValidation(t.app, 'dave', 'dave@example.test', 'api_key');
    const carols = await t.webhookValidation('carol');
    for (const validation_token of [otherScene, carols, 'vt_made_up']) {
      const refused = await t.call('PUT', url, 'dave', {
        ...body,
        webhook_url: first,
        validation_token,
      });
      expect(refused.statusCode, validation_token).toBe(400);
      expect(refused.json().fields[0].field).toBe('validation_token');
    }
    expect(await savedUrl()).toBeNull();

    const token = await t.webhookValidation('dave');
    await t.data('PUT', url, 'dave', { ...body, webhook_url: first, validation_token: token });
    expect(await savedUrl()).toBe(first);
    // The same address with other settings: no validation needed.
    await t.data('PUT', url, 'dave', { ...body, quiet_minutes: 30, webhook_url: first });
    // Changing it: a new validation each time; a spent one does not do.
    const changed = await t.call('PUT', url, 'dave', { ...body, webhook_url: second });
    expect(changed.json().fields[0].field).toBe('validation_token');
    const reused = await t.call('PUT', url, 'dave', {
      ...body,
      webhook_url: second,
      validation_token: token,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fields[0].field).toBe('validation_token');
    expect(await savedUrl()).toBe(first);
    await t.data('PUT', url, 'dave', {
      ...body,
      webhook_url: second,
      validation_token: await t.webhookValidation('dave'),
    });
    expect(await savedUrl()).toBe(second);
    // Removing it: no validation needed.
    await t.data('PUT', url, 'dave', { ...body, channels: [], webhook_url: null });
    expect(await savedUrl()).toBeNull();

    // Two changes at once, each validated: one is saved; the other answers 409 (never 500) and
    // its validation, spent in the refused save's transaction, stays good for the retry.
    const racers = [
      {
        webhook_url: 'https://hooks.example.com/dave/left',
        token: await t.webhookValidation('dave'),
      },
      {
        webhook_url: 'https://hooks.example.com/dave/right',
        token: await t.webhookValidation('dave'),
      },
    ];
    const answers = await Promise.all(
      racers.map((racer) =>
        t.call('PUT', url, 'dave', {
          ...body,
          webhook_url: racer.webhook_url,
          validation_token: racer.token,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toContain(200);
    for (const [index, answer] of answers.entries()) {
      expect([200, 409], answer.body).toContain(answer.statusCode);
      if (answer.statusCode !== 409) continue;
      expect(answer.json().fields[0].field).toBe('webhook_url');
      const racer = racers[index];
      await t.data('PUT', url, 'dave', {
        ...body,
        webhook_url: racer?.webhook_url,
        validation_token: racer?.token,
      });
      expect(await savedUrl()).toBe(racer?.webhook_url);
    }
  });

  it('should write nothing when the webhook address changed since it was checked', async () => {
    const account = await queryRows<{ id: unknown }>(
      t.database.db,
      sql`SELECT id FROM mining_accounts WHERE name = 'dave0001'`,
    );
    const accountId = toNumber(account[0]?.id);
    const settings = {
      enabled: true,
      hashrate_threshold: null,
      offline_workers_threshold: 3,
      channels: ['webhook'],
      types: ['miner_offline'],
      quiet_minutes: 60,
    } as const;
    const planted = 'https://hooks.example.com/dave/checked';
    expect(
      await writeAlertSettings(t.database.db, accountId, 'ltc', {
        ...settings,
        webhook_url: planted,
      }),
    ).toMatchObject({ webhook_url: planted });
    // Another request changed the address after this one read it: this one writes nothing.
    const late = await writeAlertSettings(
      t.database.db,
      accountId,
      'ltc',
      { ...settings, offline_workers_threshold: 9, webhook_url: planted },
      { expectedWebhookUrl: 'https://hooks.example.com/dave/read-before' },
    );
    expect(late).toBeNull();
    expect(await readAlertSettings(t.database.db, accountId, 'ltc')).toMatchObject({
      offline_workers_threshold: 3,
      webhook_url: planted,
    });
    const current = await writeAlertSettings(
      t.database.db,
      accountId,
      'ltc',
      { ...settings, offline_workers_threshold: 9, webhook_url: planted },
      { expectedWebhookUrl: planted },
    );
    expect(current).toMatchObject({ offline_workers_threshold: 9 });
    // No row yet: the write expects none saved.
    expect(
      await writeAlertSettings(
        t.database.db,
        accountId,
        'bch',
        { ...settings, webhook_url: planted },
        { expectedWebhookUrl: null },
      ),
    ).toMatchObject({ webhook_url: planted });
  });

  it('should show observers and API keys only the webhook host, and the owner all of it', async () => {
    const url = '/api/pools/btc/accounts/carol001/alerts';
    for (const [webhook, masked] of [
      [
        'https://hooks.example.com/services/T000/B000/s3cretPath?token=s3cretQuery#frag',
        'https://hooks.example.com/…',
      ],
      ['https://user:s3cretPassword@hooks.example.com:8443/x', 'https://hooks.example.com:8443/…'],
      ['http://[2606:4700:4700::1111]/s3cret', 'http://[2606:4700:4700::1111]/…'],
    ] as const) {
      await t.data('PUT', url, 'carol', {
        enabled: true,
        hashrate_threshold: null,
        offline_workers_threshold: 1,
        channels: ['webhook'],
        types: ['miner_offline'],
        webhook_url: webhook,
        validation_token: await t.webhookValidation('carol'),
      });
      const owner = await t.data<{ webhook_url: string }>('GET', url, 'carol');
      expect(owner.webhook_url).toBe(webhook);
      for (const reader of ['observer', 'carol-api-key']) {
        const read = await t.call('GET', url, reader);
        expect(read.statusCode, reader).toBe(200);
        expect(read.json().data.webhook_url, reader).toBe(masked);
        expect(read.body, reader).not.toMatch(/s3cret|token=|user:/);
        expect(read.json().data, reader).toMatchObject({ enabled: true, webhook_secret_set: true });
      }
    }
  });

  it('should refuse a delivery whose host resolves to loopback at send time', async () => {
    // The name resolved to a public address when the URL was saved; at send time it points
    // at loopback (DNS rebinding). The module's resolver is injected: no real DNS.
    const answers = new Map<string, string[]>([['hooks.rebind.test', ['93.184.215.14']]]);
    const asked: string[] = [];
    const resolveHost = async (host: string): Promise<readonly string[]> => {
      asked.push(host);
      return answers.get(host) ?? [];
    };
    const guarded = await buildApp({
      config: testConfig(),
      db: t.database,
      clock: t.clock,
      authenticate: t.authenticate,
      notifications: { resolveHost },
    });
    try {
      const url = '/api/pools/btc/accounts/carol001/alerts';
      const port = new URL(t.receiver.url).port;
      const webhook = `http://hooks.rebind.test:${port}/hook`;
      const saved = await guarded.inject({
        method: 'PUT',
        url,
        headers: { authorization: 'Bearer carol' },
        payload: {
          enabled: true,
          hashrate_threshold: null,
          offline_workers_threshold: 1,
          channels: ['webhook'],
          types: ['miner_offline'],
          webhook_url: webhook,
          validation_token: await t.webhookValidation('carol', guarded),
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(asked).toEqual(['hooks.rebind.test']);

      answers.set('hooks.rebind.test', ['93.184.215.14', '127.0.0.1']);
      t.receiver.calls.length = 0;
      const test = await guarded.inject({
        method: 'POST',
        url: `${url}/test-webhook`,
        headers: { authorization: 'Bearer carol' },
      });
      expect(test.statusCode, test.body).toBe(200);
      const result = test.json().data as { delivery_id: string; delivered: boolean; error: string };
      expect(result.delivered).toBe(false);
      expect(result.error).toBe(
        'Refused: hooks.rebind.test resolves to the internal address 127.0.0.1',
      );
      expect(asked).toEqual(['hooks.rebind.test', 'hooks.rebind.test']);
      expect(t.receiver.calls).toHaveLength(0);
      const rows = await queryRows<{ status: string; last_error: string }>(
        t.database.db,
        sql`SELECT status, last_error FROM webhook_deliveries WHERE id = ${result.delivery_id}`,
      );
      // Refused for good: recorded as failed, never retried.
      expect(rows).toEqual([{ status: 'failed', last_error: result.error }]);
      expect(
        await deliverDueWebhooks(t.database, t.clock.now() + 3_600_000, { resolve: resolveHost }),
      ).toEqual([]);
    } finally {
      await guarded.close();
    }
  });

  it('should connect to the address it checked, not look the name up again', async () => {
    t.receiver.calls.length = 0;
    const port = new URL(t.receiver.url).port;
    await queryRows(
      t.database.db,
      sql`INSERT INTO webhook_deliveries (id, account_id, pool, url, event, body, next_attempt_ms,
          created_ms)
        SELECT v.delivery, a.id, 'btc', v.target, 'test', '{}', ${t.clock.now()}::bigint,
          ${t.clock.now()}::bigint
        FROM mining_accounts a, (VALUES ('whd_pinned', ${`http://pinned.example.test:${port}/hook`}),
          ('whd_unresolved', 'http://gone.example.test/hook')) AS v(delivery, target)
        WHERE a.name = 'carol001'`,
    );
    const asked: string[] = [];
    // `.test` names resolve nowhere through the system: only the pinned address reaches the
    // receiver.
    const resolve = async (host: string): Promise<readonly string[]> => {
      asked.push(host);
      if (host === 'pinned.example.test') return ['127.0.0.1'];
      throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    };
    const results = await deliverDueWebhooks(t.database, t.clock.now(), { ...OPEN, resolve });
    expect(
      results.filter((result) => ['whd_pinned', 'whd_unresolved'].includes(result.id)),
    ).toEqual([
      { id: 'whd_pinned', delivered: true, statusCode: 200, error: null },
      {
        id: 'whd_unresolved',
        delivered: false,
        statusCode: null,
        error: 'Could not resolve gone.example.test: getaddrinfo ENOTFOUND gone.example.test',
      },
    ]);
    expect(asked.sort()).toEqual(['gone.example.test', 'pinned.example.test']);
    expect(t.receiver.calls).toHaveLength(1);
    expect(t.receiver.calls[0]?.headers.host).toBe(`pinned.example.test:${port}`);
    // A name that does not resolve is retried later: DNS may be back.
    const rows = await queryRows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM webhook_deliveries WHERE id = 'whd_unresolved'`,
    );
    expect(rows).toEqual([{ status: 'pending' }]);
  });
});
