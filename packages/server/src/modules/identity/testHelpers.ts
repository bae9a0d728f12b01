/**
 * Helpers of the identity and accounts tests: they drive the app the way the site does
 * (captcha solved with core's solver, password encrypted with core's encryptPassword).
 */
import { encryptPassword, solveCaptcha } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Environment } from '../../config';
import type { Database, DatabaseDriver } from '../../db/connect';
import { createIngest } from '../../engine/ingest';
import { runRollup } from '../../engine/rollup';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase } from '../../testing/testDatabase';
import { grantOperator } from '../admin/operators';

/** What {@link useTestApp} opens for a `describe` block. */
export interface OpenedApp {
  readonly app: FastifyInstance;
  readonly database: Database;
}

/**
 * Opens a test database on `driver` and an app on it (test configuration with `env`, the given
 * clock) before the block's tests, hands both to `opened`, and closes them after the tests.
 * Call it in a `describe` block before the block's own `beforeAll`, which then sees the app.
 *
 * @example
 * let app: FastifyInstance;
 * useTestApp(driver, clock, (opened) => ({ app } = opened));
 */
export function useTestApp(
  driver: DatabaseDriver,
  clock: Clock,
  opened: (app: OpenedApp) => void,
  env: Environment = {},
): void {
  let app: FastifyInstance | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({ config: testConfig(env), db: database, clock });
    opened({ app, database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
}

/** An answer of {@link callApi}: HTTP status and the parsed envelope. */
export interface ApiAnswer {
  readonly status: number;
  readonly code: number;
  readonly msg: string;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  readonly data: any;
  readonly fields: { field: string; message: string }[] | undefined;
  readonly headers: Record<string, unknown>;
}

/** Options of {@link callApi}. */
export interface CallOptions {
  readonly body?: unknown;
  readonly query?: Record<string, string>;
  readonly token?: string;
  /** The client address (rate limits count per address). Default `127.0.0.1`. */
  readonly ip?: string;
}

/** Calls `/api<path>` through `app.inject` and parses the envelope. */
export async function callApi(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<ApiAnswer> {
  const response = await app.inject({
    method,
    url: `/api${path}`,
    ...(options.query === undefined ? {} : { query: options.query }),
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
    headers: options.token === undefined ? {} : { authorization: `Bearer ${options.token}` },
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  const json = response.json() as {
    code: number;
    msg: string;
    data?: unknown;
    fields?: ApiAnswer['fields'];
  };
  return {
    status: response.statusCode,
    code: json.code,
    msg: json.msg,
    data: json.data,
    fields: json.fields,
    headers: response.headers,
  };
}

/** Asks for a captcha challenge and solves it with core's `solveCaptcha`. */
export async function solvedCaptcha(
  app: FastifyInstance,
  ip?: string,
): Promise<Record<string, string>> {
  const challenge = await callApi(app, 'GET', '/captcha/challenge', ip === undefined ? {} : { ip });
  const result = await solveCaptcha(challenge.data);
  return { ...result };
}

/** Encrypts a password with the server's public key (core's `encryptPassword`). */
export async function encrypted(
  app: FastifyInstance,
  password: string,
): Promise<{ password: string; key_id: string }> {
  const key = await callApi(app, 'GET', '/v2/users/encrypt/pubkey');
  return {
    password: await encryptPassword(key.data.public_key, password),
    key_id: key.data.key_id,
  };
}

/** The 6-digit code of the newest outbox message to `to` (`GET /api/dev/outbox`). */
export async function outboxCode(app: FastifyInstance, to: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/dev/outbox', query: { to } });
  const list = (response.json() as { data: { list: { text: string }[] } }).data.list;
  const match = /\b(\d{6})\b/.exec(list[0]?.text ?? '');
  if (match?.[1] === undefined) throw new Error(`No code in the outbox for ${to}`);
  return match[1];
}

/** Sends a code to an email (scene `register` unless told) with a solved captcha. */
export async function sendEmailCode(
  app: FastifyInstance,
  email: string,
  scene = 'register',
  ip?: string,
): Promise<ApiAnswer> {
  return callApi(app, 'POST', '/v3/auth/validation/code', {
    query: await solvedCaptcha(app, ip),
    body: { channel: 'email', email, scene },
    ...(ip === undefined ? {} : { ip }),
  });
}

/** Registers a user by email through the outbox; resolves its token pair. */
export async function registerByEmail(
  app: FastifyInstance,
  username: string,
  email: string,
  password: string,
  ip?: string,
): Promise<{ token: string; refresh_token: string }> {
  const sent = await sendEmailCode(app, email, 'register', ip);
  if (sent.status !== 200) throw new Error(`send code: ${sent.status} ${sent.msg}`);
  const answer = await callApi(app, 'POST', '/users/register/email', {
    body: {
      username,
      email,
      code: await outboxCode(app, email),
      ...(await encrypted(app, password)),
      terms_accepted: true,
    },
    ...(ip === undefined ? {} : { ip }),
  });
  if (answer.status !== 200) throw new Error(`register: ${answer.status} ${answer.msg}`);
  return answer.data;
}

/** Sends a code by SMS (scene `register` unless told) with a solved captcha. */
export async function sendSmsCode(
  app: FastifyInstance,
  countryCode: string,
  phone: string,
  scene = 'register',
  ip?: string,
): Promise<ApiAnswer> {
  return callApi(app, 'POST', '/v3/auth/validation/code', {
    query: await solvedCaptcha(app, ip),
    body: { channel: 'sms', country_code: countryCode, phone, scene },
    ...(ip === undefined ? {} : { ip }),
  });
}

/** Registers a user by phone through the outbox; resolves the registration's answer. */
export async function registerByPhone(
  app: FastifyInstance,
  username: string,
  countryCode: string,
  phone: string,
  password: string,
  ip?: string,
): Promise<ApiAnswer> {
  const sent = await sendSmsCode(app, countryCode, phone, 'register', ip);
  if (sent.status !== 200) throw new Error(`send code: ${sent.status} ${sent.msg}`);
  return callApi(app, 'POST', '/users/register/phone', {
    body: {
      username,
      country_code: countryCode,
      phone,
      code: await outboxCode(app, `+${countryCode} ${phone}`),
      ...(await encrypted(app, password)),
      terms_accepted: true,
    },
    ...(ip === undefined ? {} : { ip }),
  });
}

/**
 * Registers a user by email ({@link registerByEmail}, password `Secret123`) and makes them an
 * operator at `nowMs`; resolves their access token.
 */
export async function registerOperator(
  opened: OpenedApp,
  username: string,
  ip: string,
  nowMs: number,
): Promise<string> {
  const { token } = await registerByEmail(
    opened.app,
    username,
    `${username}@example.com`,
    'Secret123',
    ip,
  );
  const rows = (await opened.database.db.execute(
    sql`SELECT id::text AS id FROM users WHERE username = ${username}`,
  )) as unknown as { rows: { id: string }[] };
  await grantOperator(opened.database.db, rows.rows[0]?.id ?? '', null, nowMs);
  return token;
}

/**
 * Sends the signed-in user a code to a new email or phone (`body` as the code call takes it,
 * scene `bind_email` or `bind_phone`) with a solved captcha; throws unless it was sent.
 */
export async function sendBindCode(
  app: FastifyInstance,
  token: string,
  body: Record<string, string>,
  ip: string,
): Promise<void> {
  const sent = await callApi(app, 'POST', '/v3/auth/validation/code', {
    query: await solvedCaptcha(app, ip),
    body,
    token,
    ip,
  });
  if (sent.status !== 200) throw new Error(`send bind code: ${sent.status} ${sent.msg}`);
}

/** Logs in by email with a solved captcha and the encrypted password. */
export async function loginByEmail(
  app: FastifyInstance,
  email: string,
  password: string,
  ip?: string,
): Promise<ApiAnswer> {
  return callApi(app, 'POST', '/v2/users/encrypt/login', {
    query: await solvedCaptcha(app, ip),
    body: { type: 'email', email, ...(await encrypted(app, password)) },
    ...(ip === undefined ? {} : { ip }),
  });
}

/**
 * A second-validation token for `scene`: sends a code to the user's verified email, reads it
 * from the outbox and exchanges it (`POST /users/second-validation`). The same target and scene
 * take a new code every 60 s: move a manual clock on between two calls.
 */
export async function secondValidation(
  app: FastifyInstance,
  token: string,
  email: string,
  scene: string,
  ip?: string,
): Promise<string> {
  const sent = await callApi(app, 'POST', '/auth/validation/verified-email', {
    token,
    body: { scene },
    ...(ip === undefined ? {} : { ip }),
  });
  if (sent.status !== 200) throw new Error(`send code: ${sent.status} ${sent.msg}`);
  const answer = await callApi(app, 'POST', '/users/second-validation', {
    token,
    body: { verify_type: 'email', code: await outboxCode(app, email), scene },
    ...(ip === undefined ? {} : { ip }),
  });
  if (answer.status !== 200) throw new Error(`second validation: ${answer.status} ${answer.msg}`);
  return answer.data.validation_token;
}

/** The actions of the user's security log, newest first, at most `pageSize` of them. */
export async function securityActions(
  app: FastifyInstance,
  token: string,
  pageSize = 10,
  ip?: string,
): Promise<string[]> {
  const logs = await callApi(app, 'GET', '/users/logs', {
    token,
    query: { type: 'security', page: '1', page_size: String(pageSize) },
    ...(ip === undefined ? {} : { ip }),
  });
  if (logs.status !== 200) throw new Error(`security log: ${logs.status} ${logs.msg}`);
  return logs.data.list.map((entry: { action: string }) => entry.action);
}

/** The user's setting-update messages, newest first, at most `pageSize` of them. */
export async function settingUpdates(
  app: FastifyInstance,
  token: string,
  pageSize = 10,
): Promise<{ title: string; content: string }[]> {
  const messages = await callApi(app, 'GET', '/messages', {
    token,
    query: { type: 'setting_update', page: '1', page_size: String(pageSize) },
  });
  if (messages.status !== 200) throw new Error(`messages: ${messages.status} ${messages.msg}`);
  return messages.data.list;
}

/** The `n` of a `SELECT count(*)::int AS n …` statement. */
export async function countOf(database: Database, statement: string): Promise<number> {
  const result = (await database.db.execute(statement)) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

/**
 * Records one accepted share of difficulty 1e6 from worker `rig1` of each account on BTC in each
 * of the `minutes` minutes before `nowMs`, and rolls them up, so the accounts have a miner and
 * statistics to read.
 */
export async function mineRecently(
  database: Database,
  accounts: readonly string[],
  minutes: number,
  nowMs: number,
): Promise<void> {
  const shares = accounts.flatMap((account) =>
    Array.from({ length: minutes }, (_, index) => ({
      account,
      coin: 'btc' as const,
      worker: 'rig1',
      difficulty: 1e6,
      accepted: true,
      at: nowMs - (index + 1) * 60_000,
    })),
  );
  const recorded = await createIngest(database).recordShares(shares);
  if (recorded.refused.length > 0) throw new Error(`shares refused: ${recorded.refused.length}`);
  await runRollup(database, nowMs);
}
