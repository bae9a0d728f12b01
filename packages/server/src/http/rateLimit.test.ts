import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { createManualClock } from '../clock';
import { defineEndpoint, ERROR_CODES } from '../contract';
import type { Database, DatabaseDriver } from '../db/connect';
import { testConfig } from '../testing/testApp';
import { openTestDatabase, testDrivers } from '../testing/testDatabase';
import type { Authenticate, Principal } from './authenticate';
import { PostgresRateLimitStore } from './postgresRateLimitStore';
import { rateLimit } from './rateLimit';
import { RedisRateLimitStore } from './redisRateLimitStore';
import { registerEndpoint } from './registerEndpoint';

const redisUrl = 'redis://127.0.0.1:6379';

/** True when a Redis server answers on 127.0.0.1:6379 (the Redis tests skip otherwise). */
const redisAnswers = await new Promise<boolean>((resolve) => {
  const socket = connect({ host: '127.0.0.1', port: 6379 });
  socket.setTimeout(500);
  socket.once('connect', () => {
    socket.end();
    resolve(true);
  });
  socket.once('timeout', () => {
    socket.destroy();
    resolve(false);
  });
  socket.once('error', () => resolve(false));
});

/** One migrated database per driver, shared by this file's suites. */
const databases = new Map<DatabaseDriver, Database>();

beforeAll(async () => {
  for (const driver of testDrivers) databases.set(driver, await openTestDatabase(driver));
});

afterAll(async () => {
  for (const database of databases.values()) await database.close();
});

function databaseFor(driver: DatabaseDriver): Database {
  const database = databases.get(driver);
  if (database === undefined) throw new Error(`no ${driver} database`);
  return database;
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index + 1);
}

describe.each(testDrivers)('PostgresRateLimitStore on %s', (driver) => {
  const clock = createManualClock(Date.UTC(2026, 0, 1, 12));

  it('should count 50 concurrent hits exactly', async () => {
    const store = new PostgresRateLimitStore(databaseFor(driver), clock);
    const windowStart = clock.now();
    const counts = await Promise.all(range(50).map(() => store.hit('burst', windowStart, 60_000)));
    expect([...counts].sort((left, right) => left - right)).toEqual(range(50));
    expect(await store.hit('burst', windowStart, 60_000)).toBe(51);
  });

  it('should keep keys and windows apart', async () => {
    const store = new PostgresRateLimitStore(databaseFor(driver), clock);
    const windowStart = clock.now();
    expect(await store.hit('alice', windowStart, 60_000)).toBe(1);
    expect(await store.hit('bob', windowStart, 60_000)).toBe(1);
    expect(await store.hit('alice', windowStart + 60_000, 60_000)).toBe(1);
    expect(await store.hit('alice', windowStart, 60_000)).toBe(2);
  });

  it('should prune ended windows', async () => {
    const store = new PostgresRateLimitStore(databaseFor(driver), clock, { pruneEvery: 3 });
    const windowStart = clock.now() - 120_000;
    await store.hit('old-1', windowStart, 60_000);
    await store.hit('old-2', windowStart, 60_000);
    // The third hit triggers the prune, which removes every ended window, its own kept.
    expect(await store.hit('current', clock.now(), 60_000)).toBe(1);
    expect(await store.hit('old-1', windowStart, 60_000)).toBe(1);
    expect(await store.prune()).toBeGreaterThanOrEqual(1);
  });
});

describe.skipIf(!redisAnswers)('RedisRateLimitStore', () => {
  let store: RedisRateLimitStore;
  const prefix = `poolkit:test:${process.pid}:${Date.now()}:`;

  beforeAll(() => {
    store = new RedisRateLimitStore(redisUrl, { prefix });
  });

  afterAll(async () => {
    await store.close();
  });

  it('should count 50 concurrent hits exactly', async () => {
    const windowStart = Date.now();
    const counts = await Promise.all(range(50).map(() => store.hit('burst', windowStart, 60_000)));
    expect([...counts].sort((left, right) => left - right)).toEqual(range(50));
    expect(await store.hit('burst', windowStart, 60_000)).toBe(51);
  });

  it('should keep keys and windows apart and let counters expire', async () => {
    const windowStart = Date.now();
    expect(await store.hit('alice', windowStart, 200)).toBe(1);
    expect(await store.hit('bob', windowStart, 200)).toBe(1);
    expect(await store.hit('alice', windowStart + 200, 200)).toBe(1);
    expect(await store.hit('alice', windowStart, 200)).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await store.hit('alice', windowStart, 200)).toBe(1);
  });
});

const loginEndpoint = defineEndpoint({
  id: 'testLogin',
  family: 'A',
  method: 'POST',
  path: '/test/login',
  auth: 'public',
  body: z.object({ account: z.string().max(64) }).strict(),
  response: z.object({ ok: z.boolean() }),
  errors: [429],
  summary: 'Test: rate-limited login',
});

describe('rate-limited routes', () => {
  let app: FastifyInstance;
  const clock = createManualClock(Date.UTC(2026, 0, 1, 12, 0, 10));

  beforeAll(async () => {
    app = await buildApp({
      config: testConfig(),
      db: databaseFor('pglite'),
      clock,
      routes: (target) => {
        registerEndpoint(target, loginEndpoint, async () => ({ ok: true }), {
          rateLimit: [
            { key: 'login-ip', limit: 5, windowMs: 60_000 },
            {
              key: (request) =>
                `login-account:${String((request.body as { account?: unknown } | undefined)?.account)}`,
              limit: 8,
              windowMs: 60_000,
            },
          ],
        });
        target.get(
          '/api/test/send-code',
          { preHandler: rateLimit({ key: 'code', limit: 2, windowMs: 60_000 }) },
          async () => ({ code: 0, msg: 'success', data: null }),
        );
      },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  it('should let exactly the limit through out of 20 concurrent requests, then answer 429', async () => {
    const responses = await Promise.all(
      range(20).map(() =>
        app.inject({
          method: 'POST',
          url: '/api/test/login',
          remoteAddress: '203.0.113.7',
          payload: { account: 'alice' },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    const limited = responses.find((response) => response.statusCode === 429);
    expect(limited?.json()).toEqual({
      code: ERROR_CODES.rateLimited,
      msg: 'Too many requests, try again in 50 s',
    });
    expect(limited?.headers['retry-after']).toBe('50');
  });

  it('should count each address separately, and the account key across addresses', async () => {
    const statuses: number[] = [];
    for (const host of [1, 2, 3, 4]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/login',
        remoteAddress: `198.51.100.${host}`,
        payload: { account: 'alice' },
      });
      statuses.push(response.statusCode);
    }
    // alice's account bucket saw the 5 requests that passed the first address's limit.
    expect(statuses).toEqual([200, 200, 200, 429]);
    const bob = await app.inject({
      method: 'POST',
      url: '/api/test/login',
      remoteAddress: '198.51.100.9',
      payload: { account: 'bob' },
    });
    expect(bob.statusCode).toBe(200);
    expect(bob.headers['ratelimit-limit']).toBe('8');
    expect(bob.headers['ratelimit-remaining']).toBe('7');
  });

  it('should open again when the window has passed', async () => {
    clock.advance(60_000);
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/login',
      remoteAddress: '203.0.113.7',
      payload: { account: 'alice' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('should limit plain routes through the preHandler hook', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push((await app.inject({ method: 'GET', url: '/api/test/send-code' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('should refuse nonsense limits', () => {
    expect(() => rateLimit({ key: 'x', limit: 0, windowMs: 1000 })).toThrow(/limit/);
    expect(() => rateLimit({ key: 'x', limit: 1, windowMs: 0.5 })).toThrow(/windowMs/);
  });
});

describe('the limit of API keys and app tokens', () => {
  const clock = createManualClock(Date.UTC(2026, 0, 1, 12, 0, 10));
  /** `<via>-<credential id>-<n>`: a delegate of user 7; `user`: the user themself. */
  const authenticate: Authenticate = async (request) => {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (token === undefined) return null;
    if (token === 'user') return { kind: 'user', userId: '7', permissions: ['pool.view'] };
    const [via, id] = token.split('-');
    const principal: Principal = {
      kind: 'delegate',
      userId: '7',
      permissions: ['pool.view'],
      delegation: { via: via === 'app' ? 'oauth_app' : 'api_key', id: id ?? '', accounts: [] },
    };
    return principal;
  };

  async function statuses(app: FastifyInstance, tokens: readonly string[]): Promise<number[]> {
    const answers = [];
    for (const token of tokens) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/pools/btc/stats',
        headers: { authorization: `Bearer ${token}` },
      });
      answers.push(response.statusCode);
    }
    return answers;
  }

  it('should be 600 calls in 10 minutes unless the app is told otherwise', async () => {
    const app = await buildApp({ config: testConfig(), db: databaseFor('pglite'), clock });
    try {
      expect(app.platform.delegateRateLimit).toEqual({ limit: 600, windowMs: 600_000 });
    } finally {
      await app.close();
    }
  });

  it("should give an app's authorisation one budget for every token it issues, apart from an API key's", async () => {
    const app = await buildApp({
      config: testConfig(),
      db: databaseFor('pglite'),
      clock,
      authenticate,
      delegateRateLimit: { limit: 2, windowMs: 60_000 },
    });
    try {
      // Two access tokens of authorisation 31 (before and after a refresh) share its budget.
      expect(await statuses(app, ['app-31-a', 'app-31-b', 'app-31-a'])).toEqual([200, 200, 429]);
      // An API key whose id is the same number, another authorisation, and the user: their own.
      expect(await statuses(app, ['key-31-a', 'app-32-a', 'user', 'user', 'user'])).toEqual([
        200, 200, 200, 200, 200,
      ]);
      clock.advance(60_000);
      expect(await statuses(app, ['app-31-b'])).toEqual([200]);
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!redisAnswers)('rate limits with REDIS_URL', () => {
  it('should count in Redis when REDIS_URL is set', async () => {
    const app = await buildApp({
      config: testConfig({ REDIS_URL: redisUrl }),
      db: databaseFor('pglite'),
    });
    try {
      expect(app.platform.rateLimitStore).toBeInstanceOf(RedisRateLimitStore);
    } finally {
      await app.close();
    }
  });
});
