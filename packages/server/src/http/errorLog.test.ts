import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createManualClock } from '../clock';
import { ERROR_CODES } from '../contract';
import type { Database } from '../db/connect';
import { deriveKey, randomToken, sealText, sha256Hex } from '../modules/identity/crypto';
import { callApi, registerByEmail } from '../modules/identity/testHelpers';
import { testConfig } from '../testing/testApp';
import { openTestDatabase, testDrivers } from '../testing/testDatabase';
import { serializeError } from './errorLog';
import { HttpError } from './httpError';

/** The shape of an observer token's AES-GCM copy: `<iv>.<tag>.<ciphertext>`, base64url. */
const sealedShape = /[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{8,}/;

describe.each(testDrivers)('error logs on %s', (driver) => {
  const logLines: string[] = [];
  const token = randomToken('obs_');
  const tokenHash = sha256Hex(token);
  const key = deriveKey('a server secret that is long enough for tests', 'observer-token');
  const sealed = sealText(key, token);
  const keyMaterial = key.toString('base64url');
  const password = 'Secret123';
  const code = '482913';
  const secrets = [token, tokenHash, sealed, keyMaterial, password, code];
  let database: Database;
  let app: FastifyInstance;
  let accountId = '';
  let accessToken = '';

  /** The error-level lines of the log, parsed. */
  function errorEntries(): Record<string, unknown>[] {
    return logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => Number(entry.level) >= 50);
  }

  /** The `err` of the first error-level line. */
  function loggedError(): Record<string, unknown> {
    const err = errorEntries()[0]?.err;
    expect(err).toBeTypeOf('object');
    return err as Record<string, unknown>;
  }

  function insertLink(nickname: string) {
    return database.db.execute(
      sql`INSERT INTO observer_links
            (account_id, nickname, expiry, token_hash, token_encrypted, pools, created_at)
          VALUES (${accountId}::bigint, ${nickname}, 'forever', ${tokenHash}, ${sealed}, '[]', now())`,
    );
  }

  async function failure(): Promise<unknown> {
    try {
      await database.db.execute(
        sql`SELECT ${password}::int AS amount, ${code}::text AS code, ${keyMaterial}::text AS key`,
      );
    } catch (error) {
      return error;
    }
    throw new Error('The query did not fail');
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      db: database,
      clock: createManualClock(Date.UTC(2026, 0, 1)),
      logDestination: { write: (line) => logLines.push(line) },
      routes: (target) => {
        // A NUL byte reaching PostgreSQL, with the token's hash and encrypted copy beside it.
        target.post('/api/test/nul', async () => {
          await insertLink('watch\u0000er');
          return { ok: true };
        });
        // A unique violation: PostgreSQL names the duplicate value in the error's detail.
        target.post('/api/test/duplicate', async () => {
          await insertLink('first');
          await insertLink('second');
          return { ok: true };
        });
        // A bad cast: PostgreSQL quotes the value in the error's message.
        target.post('/api/test/cast', async () => {
          throw await failure();
        });
        // A failure answered with an HttpError that keeps the query error as its cause.
        target.post('/api/test/wrapped', async () => {
          throw new HttpError(503, ERROR_CODES.unavailable, 'The database is busy', {
            cause: await failure(),
          });
        });
      },
    });
    await app.ready();
    ({ token: accessToken } = await registerByEmail(
      app,
      'logs0001',
      'logs@example.com',
      password,
      '10.9.0.1',
    ));
    const rows = (await database.db.execute(
      sql`SELECT id::text AS id FROM mining_accounts WHERE name = 'logs0001'`,
    )) as unknown as { rows: { id: string }[] };
    accountId = rows.rows[0]?.id ?? '';
  });

  beforeEach(() => {
    logLines.length = 0;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should log a NUL-byte failure with its SQL and code but without parameter values', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/nul' });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe(ERROR_CODES.internal);
    const text = logLines.join('\n');
    for (const secret of secrets) expect(text).not.toContain(secret);
    const err = loggedError();
    expect(err.message).toContain('INSERT INTO observer_links');
    expect(err.paramCount).toBe(4);
    expect((err.cause as Record<string, unknown>).code).toBe('22021');
    expect(String((err.cause as Record<string, unknown>).message)).toContain('0x00');
  });

  it('should keep a duplicate value out of the logged detail', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/duplicate' });
    expect(response.statusCode).toBe(500);
    const text = logLines.join('\n');
    for (const secret of secrets) expect(text).not.toContain(secret);
    const cause = loggedError().cause as Record<string, unknown>;
    expect(cause.code).toBe('23505');
    expect(cause.constraint).toBe('observer_links_token_hash_key');
    expect(cause.detail).toContain('Key (token_hash)=(');
  });

  it('should keep a quoted value out of the logged message, also under an HttpError', async () => {
    for (const url of ['/api/test/cast', '/api/test/wrapped']) {
      logLines.length = 0;
      const response = await app.inject({ method: 'POST', url });
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
      const text = logLines.join('\n');
      for (const secret of secrets) expect(text, url).not.toContain(secret);
      expect(text, url).toContain('SELECT $1::int AS amount');
      expect(text, url).toContain('22P02');
    }
  });

  it('should redact errors logged outside requests, whichever way they are passed', async () => {
    const error = await failure();
    app.log.error({ err: error }, 'a job failed');
    app.log.error(error);
    app.log.warn(error, 'a job failed again');
    const text = logLines.join('\n');
    expect(errorEntries()).toHaveLength(2);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).toContain('SELECT $1::int AS amount');
  });

  it('should log a failed observer link creation without its token, hash or encrypted copy', async () => {
    const response = await callApi(app, 'POST', '/accounts/logs0001/observers', {
      token: accessToken,
      body: { nickname: 'watch\u0000er', expiry: 'forever', pools: ['btc'] },
    });
    // 500 while a NUL byte reaches PostgreSQL; 400 once the contract refuses it.
    expect([400, 500]).toContain(response.status);
    if (response.status === 500) expect(errorEntries()).toHaveLength(1);
    const text = logLines.join('\n');
    expect(text).not.toMatch(/obs_[A-Za-z0-9_-]{20,}/);
    expect(text).not.toMatch(/[0-9a-f]{64}/);
    expect(text).not.toMatch(sealedShape);
    expect(text).not.toContain(password);
    expect(text).not.toContain(accessToken);
  });
});

describe('serializeError', () => {
  it('should leave values that are not errors as they are', () => {
    const value = { code: 'E_TEST', params: ['kept'] };
    expect(serializeError(value)).toBe(value);
    expect(serializeError('text')).toBe('text');
  });

  it('should follow causes and aggregated errors, without looping on a cycle', () => {
    const query = Object.assign(new Error('Failed query: SELECT $1\nparams: hunter22'), {
      query: 'SELECT $1',
      params: ['hunter22'],
    });
    const outer = new Error('the job failed', { cause: query });
    (query as { cause?: unknown }).cause = outer;
    const serialized = serializeError(new AggregateError([outer], 'two failures'));
    const text = JSON.stringify(serialized);
    expect(text).not.toContain('hunter22');
    expect(text).toContain('params: [not logged]');
    expect(text).toContain('[circular]');
    expect(serialized.type).toBe('AggregateError');
  });
});
