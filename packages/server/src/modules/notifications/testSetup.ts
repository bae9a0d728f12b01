import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock, type ManualClock } from '../../clock';
import type { Database, DatabaseDriver } from '../../db/connect';
import { createIngest, type Ingest } from '../../engine/ingest';
import { runRollup } from '../../engine/rollup';
import { queryRows } from '../../engine/sql';
import { outboxMailer } from '../../mail/mailer';
import { stubAuthenticate, stubCalls } from '../../testing/stubApi';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase } from '../../testing/testDatabase';
import { CODE_RESEND_MS } from '../identity/codes';
import { secondValidation } from '../identity/testHelpers';
import { runAlertCheck } from './alerts';

/** The local receiver is on loopback: these tests allow private webhook addresses. */
export const OPEN = { allowPrivate: true } as const;
export const openConfig = () => testConfig({ WEBHOOK_ALLOW_PRIVATE: '1' });

export const MINUTE = 60_000;
export const T0 = Date.UTC(2026, 2, 10, 8, 0);
export const PERMISSIONS = ['pool.view', 'miner.view', 'account.view', 'user.view'];

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

/**
 * The notifications tests' app on `driver`: users carol (zh-CN, account carol001) and dave (en,
 * dave0001), a stub authentication (a bearer token is the user's name; `observer` and
 * `carol-api-key` are carol's observer link and read-only API key), a local webhook receiver and
 * helpers to call the API, mine shares and read messages. Call it inside a `describe`.
 */
export function notificationsTestApp(driver: DatabaseDriver) {
  // Set by `beforeAll`: read them in tests, not before.
  const state = {} as {
    database: Database;
    app: FastifyInstance;
    clock: ManualClock;
    ingest: Ingest;
    receiver: Receiver;
  };
  const userIds = new Map<string, string>();

  // `carol-api-key`: a read-only API key of carol's for carol001, as `apiKeys.ts` authenticates one.
  const authenticate = stubAuthenticate({
    userIds,
    permissions: PERMISSIONS,
    observer: { user: 'carol', account: 'carol001' },
    delegates: { 'carol-api-key': { user: 'carol', accounts: ['carol001'] } },
  });

  const { call, data } = stubCalls(() => state.app);

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
    await state.ingest.recordShares(shares);
    await runRollup(state.database, toMs);
  }

  /**
   * A second validation of scene `webhook` for `user` through `on` (default the test app): a
   * code to the user's email, read from the outbox, exchanged for a token. The clock moves on
   * first, as one email takes one code a minute.
   */
  async function webhookValidation(user: 'carol' | 'dave', on = state.app): Promise<string> {
    state.clock.advance(CODE_RESEND_MS);
    return secondValidation(on, user, `${user}@example.test`, 'webhook');
  }

  const mailer = () => outboxMailer(state.database, state.app.log);
  const check = (nowMs: number) =>
    runAlertCheck(state.database, nowMs, { siteUrl: 'http://pool.test' });

  async function messagesOf(user: string): Promise<{ type: string; text_key: string }[]> {
    return queryRows(
      state.database.db,
      sql`SELECT type, text_key FROM messages WHERE user_id = ${userIds.get(user)}::bigint
        ORDER BY id`,
    );
  }

  /**
   * Saves carol001's btc alert settings with the local receiver as webhook (as the alert tests
   * do) and makes its signing secret, for tests that deliver to it.
   */
  async function saveWebhook(): Promise<string> {
    const url = '/api/pools/btc/accounts/carol001/alerts';
    await data('PUT', url, 'carol', {
      enabled: true,
      hashrate_threshold: null,
      offline_workers_threshold: 1,
      channels: ['webhook', 'email'],
      types: ['miner_offline'],
      webhook_url: state.receiver.url,
      quiet_minutes: 60,
      validation_token: await webhookValidation('carol'),
    });
    return (await data<{ secret: string }>('POST', `${url}/webhook-secret`, 'carol')).secret;
  }

  beforeAll(async () => {
    state.database = await openTestDatabase(driver);
    state.clock = createManualClock(T0);
    state.app = await buildApp({
      config: openConfig(),
      db: state.database,
      clock: state.clock,
      authenticate,
    });
    state.ingest = createIngest(state.database);
    state.receiver = await startReceiver();
    for (const [user, account, email, language] of [
      ['carol', 'carol001', 'carol@example.test', 'zh-CN'],
      ['dave', 'dave0001', 'dave@example.test', 'en'],
    ] as const) {
      const rows = await queryRows<{ id: unknown }>(
        state.database.db,
        sql`INSERT INTO users (username, password_hash, email, language)
          VALUES (${user}, 'x', ${email}, ${language}) RETURNING id`,
      );
      userIds.set(user, String(rows[0]?.id));
      await state.database.db.execute(
        sql`INSERT INTO mining_accounts (user_id, name) VALUES (${String(rows[0]?.id)}::bigint,
          ${account})`,
      );
    }
  });

  afterAll(async () => {
    await state.app?.close();
    await state.receiver?.close();
    await state.database?.close();
  });

  return Object.assign(state, {
    userIds,
    authenticate,
    call,
    data,
    mine,
    webhookValidation,
    mailer,
    check,
    messagesOf,
    saveWebhook,
  });
}
