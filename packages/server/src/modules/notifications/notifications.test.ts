import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock, type ManualClock } from '../../clock';
import { ERROR_CODES } from '../../contract';
import type { Database } from '../../db/connect';
import { createIngest, type Ingest } from '../../engine/ingest';
import { runRollup } from '../../engine/rollup';
import { queryRows, toNumber } from '../../engine/sql';
import { type Authenticate, bearerToken } from '../../http/authenticate';
import { HttpError } from '../../http/httpError';
import { listOutbox, type Mailer, outboxMailer } from '../../mail/mailer';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { CODE_RESEND_MS } from '../identity/codes';
import { secondValidation } from '../identity/testHelpers';
import { readAlertSettings, runAlertCheck, writeAlertSettings } from './alerts';
import { deliverDueEmails, EMAIL_LEASE_MS, emailBackoffMs, enqueueEmail } from './emailOutbox';
import { notifySettingUpdate, postMessage } from './messages';
import { isInternalAddress, webhookUrlProblem } from './webhookAddress';
import { deliverDueWebhooks, verifyWebhookSignature, webhookBackoffMs } from './webhooks';
import { notifyWithdrawalRejected } from './withdrawalNotice';

/** The local receiver is on loopback: these tests allow private webhook addresses. */
const OPEN = { allowPrivate: true } as const;
const openConfig = () => testConfig({ WEBHOOK_ALLOW_PRIVATE: '1' });

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 2, 10, 8, 0);
const PERMISSIONS = ['pool.view', 'miner.view', 'account.view', 'user.view'];

/** A local webhook receiver: answers with the next of `plan` (then 200), records each call. */
interface Receiver {
  readonly url: string;
  readonly calls: { headers: IncomingMessage['headers']; body: string }[];
  plan: number[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const calls: Receiver['calls'] = [];
  const receiver = { calls, plan: [] as number[] } as { calls: Receiver['calls']; plan: number[] };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      calls.push({ headers: request.headers, body });
      response.statusCode = receiver.plan.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

describe.each(testDrivers)('notifications on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let clock: ManualClock;
  let ingest: Ingest;
  let receiver: Receiver;
  const userIds = new Map<string, string>();

  const authenticate: Authenticate = async (request) => {
    const token = bearerToken(request);
    if (token === undefined) return null;
    if (token === 'observer') {
      return {
        kind: 'observer',
        userId: userIds.get('carol') ?? '',
        permissions: PERMISSIONS,
        observerAccount: 'carol001',
      };
    }
    if (token === 'carol-api-key') {
      // A read-only API key of carol's for carol001, as `apiKeys.ts` authenticates one.
      return {
        kind: 'delegate',
        userId: userIds.get('carol') ?? '',
        permissions: PERMISSIONS,
        delegation: { via: 'api_key', id: '1', accounts: ['carol001'] },
      };
    }
    const userId = userIds.get(token);
    if (userId === undefined) throw new HttpError(401, ERROR_CODES.unauthorized, 'Invalid token');
    return { kind: 'user', userId, permissions: PERMISSIONS };
  };

  function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    body?: unknown,
    language?: string,
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method,
      url,
      headers: {
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...(language === undefined ? {} : { 'accept-language': language }),
      },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  }

  async function data<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    body?: unknown,
    language?: string,
  ): Promise<T> {
    const response = await call(method, url, token, body, language);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return (response.json() as { data: T }).data;
  }

  /** Shares of carol001's workers on btc, one per minute from `fromMs` to `toMs`. */
  async function mine(workers: readonly string[], fromMs: number, toMs: number) {
    const shares = [];
    for (let at = fromMs; at <= toMs; at += MINUTE) {
      for (const worker of workers) {
        shares.push({
          account: 'carol001',
          coin: 'btc',
          worker,
          difficulty: 1e9,
          accepted: true,
          at,
        });
      }
    }
    await ingest.recordShares(shares);
    await runRollup(database, toMs);
  }

  /**
   * A second validation of scene `webhook` for `user` through `on` (default the test app): a
   * code to the user's email, read from the outbox, exchanged for a token. The clock moves on
   * first, as one email takes one code a minute.
   */
  async function webhookValidation(user: 'carol' | 'dave', on = app): Promise<string> {
    clock.advance(CODE_RESEND_MS);
    return secondValidation(on, user, `${user}@example.test`, 'webhook');
  }

  const mailer = () => outboxMailer(database, app.log);
  const check = (nowMs: number) => runAlertCheck(database, nowMs, { siteUrl: 'http://pool.test' });

  async function messagesOf(user: string): Promise<{ type: string; text_key: string }[]> {
    return queryRows(
      database.db,
      sql`SELECT type, text_key FROM messages WHERE user_id = ${userIds.get(user)}::bigint
        ORDER BY id`,
    );
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    clock = createManualClock(T0);
    app = await buildApp({ config: openConfig(), db: database, clock, authenticate });
    ingest = createIngest(database);
    receiver = await startReceiver();
    for (const [user, account, email, language] of [
      ['carol', 'carol001', 'carol@example.test', 'zh-CN'],
      ['dave', 'dave0001', 'dave@example.test', 'en'],
    ] as const) {
      const rows = await queryRows<{ id: unknown }>(
        database.db,
        sql`INSERT INTO users (username, password_hash, email, language)
          VALUES (${user}, 'x', ${email}, ${language}) RETURNING id`,
      );
      userIds.set(user, String(rows[0]?.id));
      await database.db.execute(
        sql`INSERT INTO mining_accounts (user_id, name) VALUES (${String(rows[0]?.id)}::bigint,
          ${account})`,
      );
    }
  });

  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await database?.close();
  });

  it('should list, count, mark read and delete messages in the reader language', async () => {
    const dave = userIds.get('dave') ?? '';
    for (let index = 0; index < 12; index += 1) {
      await notifySettingUpdate(database.db, dave, 'password', T0 + index);
    }
    await postMessage(database.db, {
      userId: dave,
      type: 'miner_offline',
      textKey: 'offline',
      params: { account: 'dave0001', pool: 'btc', count: '2', workers: 'a, b' },
      pool: 'btc',
      account: 'dave0001',
      nowMs: T0 + 100,
    });
    expect(await data('GET', '/api/messages/unread-count', 'dave')).toEqual({
      count: 13,
      by_type: {
        hashrate_alert: 0,
        miner_offline: 1,
        setting_update: 12,
        ticket_reply: 0,
        wallet_update: 0,
      },
    });
    const page = await data<{
      list: { id: string; title: string; content: string }[];
      total: number;
    }>('GET', '/api/messages?type=setting_update&page=2&page_size=10', 'dave');
    expect(page.total).toBe(12);
    expect(page.list).toHaveLength(2);
    expect(page.list[0]?.content).toContain('login password');
    const chinese = await data<{ list: { title: string; content: string; pool: string }[] }>(
      'GET',
      '/api/messages?type=miner_offline',
      'dave',
      undefined,
      'zh-CN',
    );
    expect(chinese.list[0]?.title).toBe('dave0001 有矿机离线');
    expect(chinese.list[0]?.content).toContain('a, b');
    expect(chinese.list[0]?.pool).toBe('btc');

    const first = page.list[0]?.id ?? '';
    // Another user cannot read, mark or delete dave's message.
    expect(await data('PUT', '/api/messages/read', 'carol', { ids: [first] })).toEqual({
      updated: 0,
      unread: 0,
    });
    expect((await call('DELETE', `/api/messages/${first}`, 'carol')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/messages/not-a-row', 'dave')).statusCode).toBe(404);
    expect(await data('PUT', '/api/messages/read', 'dave', { ids: [first, 'x1'] })).toEqual({
      updated: 1,
      unread: 12,
    });
    const unread = await data<{ total: number }>('GET', '/api/messages?read=false', 'dave');
    expect(unread.total).toBe(12);
    expect(await data('PUT', '/api/messages/read', 'dave', { all: true })).toEqual({
      updated: 12,
      unread: 0,
    });
    expect(await data('DELETE', `/api/messages/${first}`, 'dave')).toBeNull();
    expect((await data<{ total: number }>('GET', '/api/messages', 'dave')).total).toBe(12);
    const bad = await call('PUT', '/api/messages/read', 'dave', { ids: [] });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/api/messages/unread-count')).statusCode).toBe(401);
  });

  it('should file a rejected withdrawal as a wallet message, counted apart from settings', async () => {
    const rows = await queryRows<{ id: unknown }>(
      database.db,
      sql`INSERT INTO users (username, password_hash, email, language)
          VALUES ('frank', 'x', 'frank@example.test', 'en') RETURNING id`,
    );
    const frank = String(rows[0]?.id);
    userIds.set('frank', frank);
    await notifyWithdrawalRejected(database.db, {
      userId: frank,
      coin: 'btc',
      amount: '0.15',
      refunded: '0.1502',
      address: 'bc1qexample',
      reason: 'Address on a sanctions list',
      nowMs: T0,
      siteUrl: 'https://pool.example',
    });
    expect(await data('GET', '/api/messages/unread-count', 'frank')).toEqual({
      count: 1,
      by_type: {
        hashrate_alert: 0,
        miner_offline: 0,
        setting_update: 0,
        ticket_reply: 0,
        wallet_update: 1,
      },
    });
    const wallet = await data<{ list: { type: string; title: string }[]; total: number }>(
      'GET',
      '/api/messages?type=wallet_update',
      'frank',
    );
    expect(wallet.total).toBe(1);
    expect(wallet.list[0]).toMatchObject({
      type: 'wallet_update',
      title: 'Withdrawal rejected: 0.15 BTC',
    });
    const settings = await data<{ total: number }>(
      'GET',
      '/api/messages?type=setting_update',
      'frank',
    );
    expect(settings.total).toBe(0);
  });

  it('should post a setting update when the pay method changes', async () => {
    const before = (await messagesOf('dave')).length;
    const changed = await call('PUT', '/api/accounts/dave0001/pools/btc/pay-method', 'dave', {
      pay_method: 'SOLO',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await messagesOf('dave');
    expect(after.slice(before)).toEqual([{ type: 'setting_update', text_key: 'setting' }]);
    const list = await data<{ list: { content: string; account: string }[] }>(
      'GET',
      '/api/messages?type=setting_update&page_size=1',
      'dave',
      undefined,
      'ja',
    );
    expect(list.list[0]?.content, JSON.stringify(list)).toContain('支払い方法');
    expect(list.list[0]?.account).toBe('dave0001');
    // Locked for 24 hours: a refused change posts nothing.
    const refused = await call('PUT', '/api/accounts/dave0001/pools/btc/pay-method', 'dave', {
      pay_method: 'PPS+',
    });
    expect(refused.statusCode).toBe(400);
    expect(await messagesOf('dave')).toHaveLength(after.length);
  });

  it('should keep alert settings with a webhook whose secret is shown once', async () => {
    const url = '/api/pools/btc/accounts/carol001/alerts';
    const saved = await data('PUT', url, 'carol', {
      enabled: true,
      hashrate_threshold: null,
      offline_workers_threshold: 1,
      channels: ['webhook', 'email'],
      types: ['miner_offline'],
      webhook_url: receiver.url,
      quiet_minutes: 60,
      validation_token: await webhookValidation('carol'),
    });
    expect(saved).toEqual({
      enabled: true,
      hashrate_threshold: null,
      offline_workers_threshold: 1,
      channels: ['email', 'webhook'],
      types: ['miner_offline'],
      webhook_url: receiver.url,
      webhook_secret_set: false,
      quiet_minutes: 60,
    });
    const bad = await call('PUT', url, 'carol', { ...saved, webhook_url: 'ftp://x.test/' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/webhook_url/);
    const noSecret = await call('POST', `${url}/test-webhook`, 'carol');
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().msg).toMatch(/webhook_secret/);
    const { secret } = await data<{ secret: string }>('POST', `${url}/webhook-secret`, 'carol');
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const read = await data<Record<string, unknown>>('GET', url, 'carol');
    expect(read.webhook_secret_set).toBe(true);
    expect(JSON.stringify(read)).not.toContain(secret);
    expect((await call('POST', `${url}/webhook-secret`, 'observer')).statusCode).toBe(403);
    expect((await call('POST', `${url}/webhook-secret`, 'dave')).statusCode).toBe(404);

    const test = await data<{ delivered: boolean; status_code: number; delivery_id: string }>(
      'POST',
      `${url}/test-webhook`,
      'carol',
    );
    expect(test).toMatchObject({ delivered: true, status_code: 200 });
    const last = receiver.calls.at(-1);
    expect(last?.headers['x-poolkit-delivery']).toBe(test.delivery_id);
    expect(
      verifyWebhookSignature({
        secret,
        body: last?.body ?? '',
        timestampHeader: String(last?.headers['x-poolkit-timestamp']),
        signatureHeader: String(last?.headers['x-poolkit-signature']),
        nowSec: Math.floor(clock.now() / 1000),
      }),
    ).toBe(true);
    expect(
      verifyWebhookSignature({
        secret: 'whsec_other',
        body: last?.body ?? '',
        timestampHeader: String(last?.headers['x-poolkit-timestamp']),
        signatureHeader: String(last?.headers['x-poolkit-signature']),
        nowSec: Math.floor(clock.now() / 1000),
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
    receiver.calls.length = 0;
    const before = (await messagesOf('carol')).length;
    await mine(['rig1', 'rig2'], T0 - 30 * MINUTE, T0);
    clock.set(T0);
    await check(clock.now());
    expect(await messagesOf('carol')).toHaveLength(before);

    // rig1 stops; after more than 15 minutes of silence it is inactive.
    clock.set(T0 + 20 * MINUTE);
    await mine(['rig2'], T0 + MINUTE, clock.now());
    expect(await check(clock.now())).toBe(1);
    expect(await check(clock.now() + MINUTE)).toBe(0);
    const afterAlert = await messagesOf('carol');
    expect(afterAlert.slice(before)).toEqual([{ type: 'miner_offline', text_key: 'offline' }]);
    // The email waits in the notice outbox, written with the message, until the poller sends it.
    const queued = await queryRows<{ subject: string }>(
      database.db,
      sql`SELECT subject FROM email_deliveries WHERE recipient = 'carol@example.test'
        AND status = 'pending'`,
    );
    expect(queued.map((row) => row.subject)).toEqual(['carol001 有矿机离线']);
    await deliverDueEmails(database, mailer(), clock.now());
    const mails = await listOutbox(database, { to: 'carol@example.test' });
    // Carol reads Chinese: the email is in her language.
    expect(mails[0]?.subject).toBe('carol001 有矿机离线');
    expect(mails[0]?.text).toContain('rig1');

    await deliverDueWebhooks(database, clock.now(), OPEN);
    expect(receiver.calls).toHaveLength(1);
    expect(JSON.parse(receiver.calls[0]?.body ?? '{}')).toMatchObject({
      event: 'miner_offline',
      data: { workers: 'rig1', count: '1' },
    });

    // rig1 comes back: one recovery.
    clock.set(T0 + 25 * MINUTE);
    await mine(['rig1', 'rig2'], T0 + 21 * MINUTE, clock.now());
    expect(await check(clock.now())).toBe(1);
    expect(await check(clock.now() + MINUTE)).toBe(0);

    // It flaps within the quiet hour: off 20 minutes, on again; nothing is posted.
    clock.set(T0 + 45 * MINUTE);
    await mine(['rig2'], T0 + 26 * MINUTE, clock.now());
    expect(await check(clock.now())).toBe(0);
    clock.set(T0 + 50 * MINUTE);
    await mine(['rig1', 'rig2'], T0 + 46 * MINUTE, clock.now());
    expect(await check(clock.now())).toBe(0);
    const afterFlap = (await messagesOf('carol')).slice(before);
    expect(afterFlap.map((message) => message.text_key)).toEqual(['offline', 'offlineRecovered']);

    // Silent past the quiet window: a new incident alerts again.
    clock.set(T0 + 110 * MINUTE);
    await mine(['rig2'], T0 + 51 * MINUTE, clock.now());
    expect(await check(clock.now())).toBe(1);
    await deliverDueWebhooks(database, clock.now(), OPEN);
    expect(receiver.calls.map((hook) => JSON.parse(hook.body).event)).toEqual([
      'miner_offline',
      'miner_offline.recovered',
      'miner_offline',
    ]);
  });

  it('should retry a failing receiver with back-off and survive a restart', async () => {
    receiver.calls.length = 0;
    receiver.plan = [500, 503];
    const url = '/api/pools/btc/accounts/carol001/alerts/test-webhook';
    const first = await data<{ delivered: boolean; status_code: number; delivery_id: string }>(
      'POST',
      url,
      'carol',
    );
    expect(first).toMatchObject({ delivered: false, status_code: 500 });
    // Not due before its back-off.
    expect(await deliverDueWebhooks(database, clock.now() + webhookBackoffMs(1) - 1, OPEN)).toEqual(
      [],
    );
    const second = await deliverDueWebhooks(database, clock.now() + webhookBackoffMs(1), OPEN);
    expect(second).toEqual([
      { id: first.delivery_id, delivered: false, statusCode: 503, error: 'HTTP 503' },
    ]);

    // The server restarts: a new app on the same database delivers what is left.
    await app.close();
    app = await buildApp({ config: openConfig(), db: database, clock, authenticate });
    const later = clock.now() + webhookBackoffMs(1) + webhookBackoffMs(2);
    const third = await deliverDueWebhooks(database, later, OPEN);
    expect(third).toEqual([
      { id: first.delivery_id, delivered: true, statusCode: 200, error: null },
    ]);
    expect(await deliverDueWebhooks(database, later + 3_600_000, OPEN)).toEqual([]);

    const ids = receiver.calls.map((hook) => hook.headers['x-poolkit-delivery']);
    expect(ids).toEqual([first.delivery_id, first.delivery_id, first.delivery_id]);
    expect(receiver.calls.map((hook) => hook.headers['x-poolkit-attempt'])).toEqual([
      '1',
      '2',
      '3',
    ]);
    // The body is the same on every attempt: a receiver de-duplicates on its id.
    expect(new Set(receiver.calls.map((hook) => hook.body)).size).toBe(1);
    const rows = await queryRows<{ status: string; attempts: unknown }>(
      database.db,
      sql`SELECT status, attempts FROM webhook_deliveries WHERE id = ${first.delivery_id}`,
    );
    expect(rows[0]?.status).toBe('delivered');
    expect(toNumber(rows[0]?.attempts)).toBe(3);
  });

  it('should send one attempt once when two nodes deliver at the same time', async () => {
    receiver.calls.length = 0;
    const rows = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO webhook_deliveries (id, account_id, pool, url, event, body, next_attempt_ms,
          created_ms)
        SELECT 'whd_race' || n, a.id, 'btc', ${receiver.url}, 'test', '{}', ${clock.now()}::bigint,
          ${clock.now()}::bigint
        FROM mining_accounts a, generate_series(1, 5) n WHERE a.name = 'carol001'
        RETURNING id`,
    );
    expect(rows).toHaveLength(5);
    const [left, right] = await Promise.all([
      deliverDueWebhooks(database, clock.now(), OPEN),
      deliverDueWebhooks(database, clock.now(), OPEN),
    ]);
    expect((left?.length ?? 0) + (right?.length ?? 0)).toBe(5);
    expect(receiver.calls).toHaveLength(5);
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
    const start = clock.now() + 3_600_000;
    // Whatever the alert tests queued goes out first, through the outbox mailer.
    await deliverDueEmails(database, mailer(), start);
    // Queued in a transaction that rolls back: never sent.
    await database.db
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
      database.db,
      { channel: 'email', to: 'dave@example.test', subject: 'Workers offline', text: 'rig9' },
      start,
    );
    const mine = (results: { id: string }[]) => results.filter((result) => result.id === id);
    expect(mine(await deliverDueEmails(database, flaky, start))).toEqual([
      { id, sent: false, error: 'SMTP 451 try again later' },
    ]);
    // Not due before its back-off.
    expect(mine(await deliverDueEmails(database, flaky, start + emailBackoffMs(1) - 1))).toEqual(
      [],
    );
    const second = start + emailBackoffMs(1);
    expect(mine(await deliverDueEmails(database, flaky, second))).toEqual([
      { id, sent: false, error: 'SMTP 451 try again later' },
    ]);

    // The server restarts: a new app on the same database; two nodes then poll at once.
    await app.close();
    app = await buildApp({ config: openConfig(), db: database, clock, authenticate });
    const third = second + emailBackoffMs(2);
    const [left, right] = await Promise.all([
      deliverDueEmails(database, flaky, third),
      deliverDueEmails(database, flaky, third),
    ]);
    expect([...mine(left ?? []), ...mine(right ?? [])]).toEqual([{ id, sent: true, error: null }]);
    expect(mine(await deliverDueEmails(database, flaky, third + EMAIL_LEASE_MS * 10))).toEqual([]);
    expect(sent).toEqual(['dave@example.test|Workers offline']);
    const rows = await queryRows<{ recipient: string; status: string; attempts: unknown }>(
      database.db,
      sql`SELECT recipient, status, attempts FROM email_deliveries
        WHERE recipient IN ('dave@example.test', 'gone@example.test')`,
    );
    expect(rows.map((row) => [row.recipient, row.status, toNumber(row.attempts)])).toEqual([
      ['dave@example.test', 'sent', 3],
    ]);
  });

  it('should refuse internal webhook addresses when saved and when delivered', async () => {
    const guarded = await buildApp({ config: testConfig(), db: database, clock, authenticate });
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
        receiver.url,
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
          validation_token: await webhookValidation('carol', guarded),
        },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    } finally {
      await guarded.close();
    }

    // At delivery time (DNS rebinding: a name that resolved publicly when saved now points
    // inside): `localhost` resolves to loopback, so the guarded client never connects.
    receiver.calls.length = 0;
    const port = new URL(receiver.url).port;
    await queryRows(
      database.db,
      sql`INSERT INTO webhook_deliveries (id, account_id, pool, url, event, body, next_attempt_ms,
          created_ms)
        SELECT v.delivery, a.id, 'btc', v.target, 'test', '{}', ${clock.now()}::bigint, ${clock.now()}::bigint
        FROM mining_accounts a, (VALUES ('whd_rebind', ${`http://localhost:${port}/hook`}),
          ('whd_literal', ${receiver.url})) AS v(delivery, target)
        WHERE a.name = 'carol001'`,
    );
    const results = (await deliverDueWebhooks(database, clock.now())).filter((result) =>
      ['whd_rebind', 'whd_literal'].includes(result.id),
    );
    expect(results.map((result) => [result.id, result.delivered])).toEqual([
      ['whd_literal', false],
      ['whd_rebind', false],
    ]);
    for (const result of results) expect(result.error).toMatch(/^Refused/);
    expect(receiver.calls).toHaveLength(0);
    const rows = await queryRows<{ status: string }>(
      database.db,
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
      (await data<{ webhook_url: string | null }>('GET', url, 'dave')).webhook_url;

    // Adding one: refused without a validation, naming the field; nothing is saved.
    const bare = await call('PUT', url, 'dave', { ...body, webhook_url: first });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      code: ERROR_CODES.codeInvalid,
      fields: [{ field: 'validation_token' }],
    });
    expect(await savedUrl()).toBeNull();
    // A validation of another scene, or of another user, does not do.
    clock.advance(CODE_RESEND_MS);
    const otherScene = await secondValidation(app, 'dave', 'dave@example.test', 'api_key');
    const carols = await webhookValidation('carol');
    for (const validation_token of [otherScene, carols, 'vt_made_up']) {
      const refused = await call('PUT', url, 'dave', {
        ...body,
        webhook_url: first,
        validation_token,
      });
      expect(refused.statusCode, validation_token).toBe(400);
      expect(refused.json().fields[0].field).toBe('validation_token');
    }
    expect(await savedUrl()).toBeNull();

    const token = await webhookValidation('dave');
    await data('PUT', url, 'dave', { ...body, webhook_url: first, validation_token: token });
    expect(await savedUrl()).toBe(first);
    // The same address with other settings: no validation needed.
    await data('PUT', url, 'dave', { ...body, quiet_minutes: 30, webhook_url: first });
    // Changing it: a new validation each time; a spent one does not do.
    const changed = await call('PUT', url, 'dave', { ...body, webhook_url: second });
    expect(changed.json().fields[0].field).toBe('validation_token');
    const reused = await call('PUT', url, 'dave', {
      ...body,
      webhook_url: second,
      validation_token: token,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fields[0].field).toBe('validation_token');
    expect(await savedUrl()).toBe(first);
    await data('PUT', url, 'dave', {
      ...body,
      webhook_url: second,
      validation_token: await webhookValidation('dave'),
    });
    expect(await savedUrl()).toBe(second);
    // Removing it: no validation needed.
    await data('PUT', url, 'dave', { ...body, channels: [], webhook_url: null });
    expect(await savedUrl()).toBeNull();

    // Two changes at once, each validated: one is saved; the other answers 409 (never 500) and
    // its validation, spent in the refused save's transaction, stays good for the retry.
    const racers = [
      {
        webhook_url: 'https://hooks.example.com/dave/left',
        token: await webhookValidation('dave'),
      },
      {
        webhook_url: 'https://hooks.example.com/dave/right',
        token: await webhookValidation('dave'),
      },
    ];
    const answers = await Promise.all(
      racers.map((racer) =>
        call('PUT', url, 'dave', {
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
      await data('PUT', url, 'dave', {
        ...body,
        webhook_url: racer?.webhook_url,
        validation_token: racer?.token,
      });
      expect(await savedUrl()).toBe(racer?.webhook_url);
    }
  });

  it('should write nothing when the webhook address changed since it was checked', async () => {
    const account = await queryRows<{ id: unknown }>(
      database.db,
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
      await writeAlertSettings(database.db, accountId, 'ltc', {
        ...settings,
        webhook_url: planted,
      }),
    ).toMatchObject({ webhook_url: planted });
    // Another request changed the address after this one read it: this one writes nothing.
    const late = await writeAlertSettings(
      database.db,
      accountId,
      'ltc',
      { ...settings, offline_workers_threshold: 9, webhook_url: planted },
      { expectedWebhookUrl: 'https://hooks.example.com/dave/read-before' },
    );
    expect(late).toBeNull();
    expect(await readAlertSettings(database.db, accountId, 'ltc')).toMatchObject({
      offline_workers_threshold: 3,
      webhook_url: planted,
    });
    const current = await writeAlertSettings(
      database.db,
      accountId,
      'ltc',
      { ...settings, offline_workers_threshold: 9, webhook_url: planted },
      { expectedWebhookUrl: planted },
    );
    expect(current).toMatchObject({ offline_workers_threshold: 9 });
    // No row yet: the write expects none saved.
    expect(
      await writeAlertSettings(
        database.db,
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
      await data('PUT', url, 'carol', {
        enabled: true,
        hashrate_threshold: null,
        offline_workers_threshold: 1,
        channels: ['webhook'],
        types: ['miner_offline'],
        webhook_url: webhook,
        validation_token: await webhookValidation('carol'),
      });
      const owner = await data<{ webhook_url: string }>('GET', url, 'carol');
      expect(owner.webhook_url).toBe(webhook);
      for (const reader of ['observer', 'carol-api-key']) {
        const read = await call('GET', url, reader);
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
      db: database,
      clock,
      authenticate,
      notifications: { resolveHost },
    });
    try {
      const url = '/api/pools/btc/accounts/carol001/alerts';
      const port = new URL(receiver.url).port;
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
          validation_token: await webhookValidation('carol', guarded),
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(asked).toEqual(['hooks.rebind.test']);

      answers.set('hooks.rebind.test', ['93.184.215.14', '127.0.0.1']);
      receiver.calls.length = 0;
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
      expect(receiver.calls).toHaveLength(0);
      const rows = await queryRows<{ status: string; last_error: string }>(
        database.db,
        sql`SELECT status, last_error FROM webhook_deliveries WHERE id = ${result.delivery_id}`,
      );
      // Refused for good: recorded as failed, never retried.
      expect(rows).toEqual([{ status: 'failed', last_error: result.error }]);
      expect(
        await deliverDueWebhooks(database, clock.now() + 3_600_000, { resolve: resolveHost }),
      ).toEqual([]);
    } finally {
      await guarded.close();
    }
  });

  it('should connect to the address it checked, not look the name up again', async () => {
    receiver.calls.length = 0;
    const port = new URL(receiver.url).port;
    await queryRows(
      database.db,
      sql`INSERT INTO webhook_deliveries (id, account_id, pool, url, event, body, next_attempt_ms,
          created_ms)
        SELECT v.delivery, a.id, 'btc', v.target, 'test', '{}', ${clock.now()}::bigint,
          ${clock.now()}::bigint
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
    const results = await deliverDueWebhooks(database, clock.now(), { ...OPEN, resolve });
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
    expect(receiver.calls).toHaveLength(1);
    expect(receiver.calls[0]?.headers.host).toBe(`pinned.example.test:${port}`);
    // A name that does not resolve is retried later: DNS may be back.
    const rows = await queryRows<{ status: string }>(
      database.db,
      sql`SELECT status FROM webhook_deliveries WHERE id = 'whd_unresolved'`,
    );
    expect(rows).toEqual([{ status: 'pending' }]);
  });
});

describe('webhook address guard', () => {
  it.each([
    ['0.0.0.0', true],
    ['10.0.0.1', true],
    ['100.64.1.1', true],
    ['127.0.0.1', true],
    ['169.254.169.254', true],
    ['172.16.5.4', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['8.8.8.8', false],
    ['93.184.215.14', false],
    ['::1', true],
    ['::', true],
    ['::ffff:10.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['ff02::1', true],
    ['2606:4700:4700::1111', false],
    ['2a00:1450:4001:80b::200e', false],
    ['not an address', true],
    // IPv4-compatible (::a.b.c.d, deprecated): judged by the IPv4 address.
    ['::127.0.0.1', true],
    ['[::127.0.0.1]', true],
    ['::7f00:1', true],
    ['::10.0.0.1', true],
    ['::169.254.169.254', true],
    ['::8.8.8.8', false],
    // IPv4-mapped, in both notations.
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:a9fe:a9fe', true],
    ['::ffff:808:808', false],
    // IPv4-translated (RFC 6145).
    ['::ffff:0:10.0.0.1', true],
    ['::ffff:0:8.8.8.8', false],
    // NAT64: the well-known prefix by its IPv4 address; the local-use prefix is never public.
    ['64:ff9b::127.0.0.1', true],
    ['64:ff9b::a00:1', true],
    ['64:ff9b::a9fe:a9fe', true],
    ['64:ff9b::8.8.8.8', false],
    ['64:ff9b:1::8.8.8.8', true],
    ['64:ff9b:1::a00:1', true],
    // 6to4: 2002:AABB:CCDD:: routes to AA.BB.CC.DD.
    ['2002:7f00:1::', true],
    ['[2002:7f00:1::]', true],
    ['2002:a00:1::1', true],
    ['2002:c0a8:101::1', true],
    ['2002:a9fe:a9fe::', true],
    ['2002:808:808::1', false],
    // Teredo: the server's IPv4 address, then the client's with every bit inverted.
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', false],
    ['2001:0:a00:1:8000:63bf:f7f7:f7f7', true],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', true],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', true],
    // Other IPv6 ranges that are not public.
    ['100::1', true],
    ['fc00::1', true],
    ['fec0::1', true],
    ['fe80::1%eth0', true],
    ['ff05::2', true],
    ['2001:db8::1', true],
    ['3fff::1', true],
    ['2001:2::1', true],
    ['5f00::1', true],
  ])('should judge %s internal: %s', (address, internal) => {
    expect(isInternalAddress(address)).toBe(internal);
  });

  it('should judge names by every address they resolve to', async () => {
    const resolveTo = (addresses: string[]) => async (): Promise<readonly string[]> => addresses;
    const check = (url: string, addresses: string[]) =>
      webhookUrlProblem(url, { allowPrivate: false, resolve: resolveTo(addresses) });
    expect(await check('https://hooks.example.com/x', ['93.184.215.14'])).toBeNull();
    expect(await check('https://hooks.example.com/x', ['93.184.215.14', '10.0.0.2'])).toMatch(
      /public address/,
    );
    expect(await check('https://metadata.google.internal/', ['93.184.215.14'])).toMatch(
      /public address/,
    );
    expect(await check('https://nowhere.example/', [])).toMatch(/could not be found/);
    expect(
      await webhookUrlProblem('https://x.example/', {
        allowPrivate: false,
        resolve: async () => {
          throw new Error('ENOTFOUND');
        },
      }),
    ).toMatch(/could not be found/);
    expect(await webhookUrlProblem('http://127.0.0.1/', { allowPrivate: true })).toBeNull();
  });
});
