import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { queryRows, toNumber } from '../../engine/sql';
import type { Mailer } from '../../mail/mailer';
import { testDrivers } from '../../testing/testDatabase';
import { deliverDueEmails, EMAIL_LEASE_MS, emailBackoffMs, enqueueEmail } from './emailOutbox';
import { notificationsTestApp, OPEN, openConfig } from './testSetup';
import { deliverDueWebhooks, webhookBackoffMs } from './webhooks';

describe.each(testDrivers)('webhook and email delivery on %s', (driver) => {
  const t = notificationsTestApp(driver);
  beforeAll(() => t.saveWebhook());

  it('should retry a failing receiver with back-off and survive a restart', async () => {
    t.receiver.calls.length = 0;
    t.receiver.plan = [500, 503];
    const url = '/api/pools/btc/accounts/carol001/alerts/test-webhook';
    const first = await t.data<{ delivered: boolean; status_code: number; delivery_id: string }>(
      'POST',
      url,
      'carol',
    );
    expect(first).toMatchObject({ delivered: false, status_code: 500 });
    // Not due before its back-off.
    expect(
      await deliverDueWebhooks(t.database, t.clock.now() + webhookBackoffMs(1) - 1, OPEN),
    ).toEqual([]);
    const second = await deliverDueWebhooks(t.database, t.clock.now() + webhookBackoffMs(1), OPEN);
    expect(second).toEqual([
      { id: first.delivery_id, delivered: false, statusCode: 503, error: 'HTTP 503' },
    ]);

    // The server restarts: a new app on the same database delivers what is left.
    await t.app.close();
    t.app = await buildApp({
      config: openConfig(),
      db: t.database,
      clock: t.clock,
      authenticate: t.authenticate,
    });
    const later = t.clock.now() + webhookBackoffMs(1) + webhookBackoffMs(2);
    const third = await deliverDueWebhooks(t.database, later, OPEN);
    expect(third).toEqual([
      { id: first.delivery_id, delivered: true, statusCode: 200, error: null },
    ]);
    expect(await deliverDueWebhooks(t.database, later + 3_600_000, OPEN)).toEqual([]);

    const ids = t.receiver.calls.map((hook) => hook.headers['x-poolkit-delivery']);
    expect(ids).toEqual([first.delivery_id, first.delivery_id, first.delivery_id]);
    expect(t.receiver.calls.map((hook) => hook.headers['x-poolkit-attempt'])).toEqual([
      '1',
      '2',
      '3',
    ]);
    // The body is the same on every attempt: a receiver de-duplicates on its id.
    expect(new Set(t.receiver.calls.map((hook) => hook.body)).size).toBe(1);
    const rows = await queryRows<{ status: string; attempts: unknown }>(
      t.database.db,
      sql`SELECT status, attempts FROM webhook_deliveries WHERE id = ${first.delivery_id}`,
    );
    expect(rows[0]?.status).toBe('delivered');
    expect(toNumber(rows[0]?.attempts)).toBe(3);
  });

  it('should send one attempt once when two nodes deliver at the same time', async () => {
    t.receiver.calls.length = 0;
    const rows = await queryRows<{ id: string }>(
      t.database.db,
      sql`INSERT INTO webhook_deliveries (id, account_id, pool, url, event, body, next_attempt_ms,
          created_ms)
        SELECT 'whd_race' || n, a.id, 'btc', ${t.receiver.url}, 'test', '{}', ${t.clock.now()}::bigint,
          ${t.clock.now()}::bigint
        FROM mining_accounts a, generate_series(1, 5) n WHERE a.name = 'carol001'
        RETURNING id`,
    );
    expect(rows).toHaveLength(5);
    const [left, right] = await Promise.all([
      deliverDueWebhooks(t.database, t.clock.now(), OPEN),
      deliverDueWebhooks(t.database, t.clock.now(), OPEN),
    ]);
    expect((left?.length ?? 0) + (right?.length ?? 0)).toBe(5);
    expect(t.receiver.calls).toHaveLength(5);
  });

  it('should send a queued email once, after a failing mailer, a restart and two nodes', async () => {
    const sent: string[] = [];
    let failures = 2;
    const flaky: Mailer = {
      send: async (message) => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('SMTP 451 try again later');
        }
        sent.push(`${message.to}|${message.subject}`);
      },
    };
    const start = t.clock.now() + 3_600_000;
    // Whatever the alert tests queued goes out first, through the outbox mailer.
    await deliverDueEmails(t.database, t.mailer(), start);
    // Queued in a transaction that rolls back: never sent.
    await t.database.db
      .transaction(async (tx) => {
        await enqueueEmail(
          tx,
          { channel: 'email', to: 'gone@example.test', subject: 'Rolled back', text: '-' },
          start,
        );
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const id = await enqueueEmail(
      t.database.db,
      { channel: 'email', to: 'dave@example.test', subject: 'Workers offline', text: 'rig9' },
      start,
    );
    const mine = (results: { id: string }[]) => results.filter((result) => result.id === id);
    expect(mine(await deliverDueEmails(t.database, flaky, start))).toEqual([
      { id, sent: false, error: 'SMTP 451 try again later' },
    ]);
    // Not due before its back-off.
    expect(mine(await deliverDueEmails(t.database, flaky, start + emailBackoffMs(1) - 1))).toEqual(
      [],
    );
    const second = start + emailBackoffMs(1);
    expect(mine(await deliverDueEmails(t.database, flaky, second))).toEqual([
      { id, sent: false, error: 'SMTP 451 try again later' },
    ]);

    // The server restarts: a new app on the same database; two nodes then poll at once.
    await t.app.close();
    t.app = await buildApp({
      config: openConfig(),
      db: t.database,
      clock: t.clock,
      authenticate: t.authenticate,
    });
    const third = second + emailBackoffMs(2);
    const [left, right] = await Promise.all([
      deliverDueEmails(t.database, flaky, third),
      deliverDueEmails(t.database, flaky, third),
    ]);
    expect([...mine(left ?? []), ...mine(right ?? [])]).toEqual([{ id, sent: true, error: null }]);
    expect(mine(await deliverDueEmails(t.database, flaky, third + EMAIL_LEASE_MS * 10))).toEqual(
      [],
    );
    expect(sent).toEqual(['dave@example.test|Workers offline']);
    const rows = await queryRows<{ recipient: string; status: string; attempts: unknown }>(
      t.database.db,
      sql`SELECT recipient, status, attempts FROM email_deliveries
        WHERE recipient IN ('dave@example.test', 'gone@example.test')`,
    );
    expect(rows.map((row) => [row.recipient, row.status, toNumber(row.attempts)])).toEqual([
      ['dave@example.test', 'sent', 3],
    ]);
  });
});
