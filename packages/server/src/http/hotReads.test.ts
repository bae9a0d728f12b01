import type { AddressInfo } from 'node:net';
import { ERROR_CODES } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createManualClock, type ManualClock } from '../clock';
import type { Database } from '../db/connect';
import { createIngest, type ShareRecord } from '../engine/ingest';
import { runRollup } from '../engine/rollup';
import { queryRows } from '../engine/sql';
import { testConfig } from '../testing/testApp';
import { openTestDatabase, testDrivers } from '../testing/testDatabase';
import { type Authenticate, bearerToken } from './authenticate';
import { HttpError } from './httpError';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 15, 12, 0);
const ADDRESS = `kaspa:q${'h'.repeat(60)}`;
const PERMISSIONS = ['pool.view', 'miner.view', 'account.view'];
const MINERS =
  '/api/pools/btc/accounts/alice01/miners?page=1&page_size=50&sort=worker_name&order=asc';
const STATS = '/api/address-mining/kas/pool/stats';
/** A public hot read that takes tokens (family B, auth optional): API keys' calls count. */
const POOL_STATS = '/api/pools/btc/stats';
/** The limit of each API key and app token in this file's app: reached in a few calls. */
const DELEGATE_LIMIT = 3;
/** Read-only API keys and an app's token of alice's (by prefix, as the identity module's). */
const DELEGATES: Record<string, { via: 'api_key' | 'oauth_app'; id: string }> = {
  pk_alice_main: { via: 'api_key', id: '11' },
  pk_alice_spare: { via: 'api_key', id: '12' },
  pk_alice_public: { via: 'api_key', id: '13' },
  pat_alice_app: { via: 'oauth_app', id: '21' },
};

describe.each(testDrivers)('hot reads on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let clock: ManualClock;
  let base: string;
  const users = new Map<string, string>();

  const authenticate: Authenticate = async (request) => {
    const token = bearerToken(request);
    if (token === undefined) return null;
    if (token === 'expired') throw new HttpError(400, ERROR_CODES.tokenExpired, 'expired');
    if (token === 'pk_alice_revoked') {
      throw new HttpError(401, ERROR_CODES.unauthorized, 'This API key has been revoked');
    }
    const delegate = DELEGATES[token];
    if (delegate !== undefined) {
      return {
        kind: 'delegate',
        userId: users.get('alice') ?? '',
        permissions: PERMISSIONS,
        delegation: { ...delegate, accounts: ['alice01'] },
      };
    }
    const userId = users.get(token);
    if (userId === undefined) throw new HttpError(401, ERROR_CODES.unauthorized, 'Invalid token');
    return { kind: 'user', userId, permissions: PERMISSIONS };
  };

  async function get(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}${path}`, { headers });
    return { status: response.status, headers: response.headers, body: await response.text() };
  }

  async function roll(minutes: number, shares: readonly ShareRecord[]) {
    clock.advance(minutes * MINUTE);
    await createIngest(database).recordShares(shares);
    await runRollup(database, clock.now());
    await app.platform.hotReads?.refreshTick();
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    clock = createManualClock(T0);
    app = await buildApp({
      config: testConfig({ CORS_ORIGINS: 'https://app.partner.example' }),
      db: database,
      clock,
      authenticate,
      hotReads: true,
      delegateRateLimit: { limit: DELEGATE_LIMIT, windowMs: 10 * MINUTE },
    });
    for (const user of ['alice', 'bob']) {
      const rows = await queryRows<{ id: unknown }>(
        database.db,
        sql`INSERT INTO users (username, password_hash) VALUES (${user}, 'x') RETURNING id`,
      );
      users.set(user, String(rows[0]?.id));
      await database.db.execute(
        sql`INSERT INTO mining_accounts (user_id, name) VALUES (${String(rows[0]?.id)}::bigint, ${`${user}01`})`,
      );
    }
    await createIngest(database).recordShares([
      {
        account: 'alice01',
        coin: 'btc',
        worker: 'rig1',
        difficulty: 10,
        accepted: true,
        at: T0 - MINUTE,
      },
      {
        account: 'alice01',
        coin: 'btc',
        worker: 'rig2',
        difficulty: 10,
        accepted: true,
        at: T0 - MINUTE,
      },
      {
        address: ADDRESS,
        coin: 'kas',
        worker: 'k1',
        difficulty: 5,
        accepted: true,
        at: T0 - MINUTE,
      },
    ]);
    await runRollup(database, T0);
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('should answer a public read again from the cache with the same bytes and headers, a fresh request id, and 304 for its ETag', async () => {
    const first = await get(STATS);
    expect(first.status).toBe(200);
    const before = app.platform.hotReads?.stats().hits ?? 0;
    const second = await get(STATS);
    expect(app.platform.hotReads?.stats().hits).toBe(before + 1);
    expect(second.body).toBe(first.body);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(second.headers.get('etag')).toBe(etag);
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(second.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    // The security headers of the framework's answer are replayed.
    for (const name of ['content-security-policy', 'x-frame-options', 'content-type']) {
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    }
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    const revalidated = await get(STATS, { 'if-none-match': etag ?? '' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('should serve what changed once the engine rolls up the next minute', async () => {
    const before = await get(MINERS, { authorization: 'Bearer alice' });
    expect(JSON.parse(before.body).data.total).toBe(2);
    await roll(1, [
      {
        account: 'alice01',
        coin: 'btc',
        worker: 'rig3',
        difficulty: 10,
        accepted: true,
        at: clock.now() - 1000,
      },
    ]);
    const after = await get(MINERS, { authorization: 'Bearer alice' });
    expect(JSON.parse(after.body).data.total).toBe(3);
  });

  it("should never give one user another's cached answer, nor a cached answer to a bad token", async () => {
    const alice = await get(MINERS, { authorization: 'Bearer alice' });
    expect(alice.status).toBe(200);
    expect(alice.headers.get('cache-control')).toBe('private, no-cache');
    const bob = await get(MINERS, { authorization: 'Bearer bob' });
    expect(bob.status).toBe(404);
    expect(bob.body).not.toContain('rig1');
    expect((await get(MINERS)).status).toBe(401);
    const expired = await get(MINERS, { authorization: 'Bearer expired' });
    expect(expired.status).toBe(400);
    expect(JSON.parse(expired.body).code).toBe(ERROR_CODES.tokenExpired);
    expect((await get(MINERS, { authorization: 'Bearer nobody' })).status).toBe(401);
  });

  it("should show a user's own write at once (deleted workers leave the cached list)", async () => {
    await roll(30, [
      {
        account: 'alice01',
        coin: 'btc',
        worker: 'rig3',
        difficulty: 10,
        accepted: true,
        at: clock.now() + 29 * MINUTE,
      },
    ]);
    const listed = JSON.parse((await get(MINERS, { authorization: 'Bearer alice' })).body).data;
    expect(listed.list.map((row: { worker_name: string }) => row.worker_name)).toEqual([
      'rig1',
      'rig2',
      'rig3',
    ]);
    const deleted = await fetch(`${base}/api/pools/btc/accounts/alice01/miners`, {
      method: 'DELETE',
      headers: { authorization: 'Bearer alice', 'content-type': 'application/json' },
      body: JSON.stringify({ workers: ['rig1'] }),
    });
    expect(deleted.status).toBe(200);
    const after = JSON.parse((await get(MINERS, { authorization: 'Bearer alice' })).body).data;
    expect(after.list.map((row: { worker_name: string }) => row.worker_name)).toEqual([
      'rig2',
      'rig3',
    ]);
  });

  it("should keep Fastify's connection timeouts on the node's own server", () => {
    expect(app.server.keepAliveTimeout).toBe(72_000);
  });

  it('should serve a public read to another origin from the cache with CORS headers for that origin only', async () => {
    // A cross-origin answer fills the cache: its CORS headers are not replayed to others.
    const filled = await get('/api/address-mining/kas/hashrates?interval=10m&range=24h', {
      origin: 'https://partner.example',
    });
    expect(filled.status).toBe(200);
    expect(filled.headers.get('access-control-allow-origin')).toBe('*');
    const plain = await get('/api/address-mining/kas/hashrates?interval=10m&range=24h');
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    expect(plain.body).toBe(filled.body);

    await get(STATS);
    const hits = app.platform.hotReads?.stats().hits ?? 0;
    const foreign = await get(STATS, { origin: 'https://partner.example' });
    expect(foreign.status).toBe(200);
    expect(app.platform.hotReads?.stats().hits).toBe(hits + 1);
    expect(foreign.headers.get('access-control-allow-origin')).toBe('*');
    expect(foreign.headers.get('access-control-allow-credentials')).toBeNull();
    expect(foreign.headers.get('vary')).toMatch(/origin/i);
    const configured = await get(STATS, { origin: 'https://app.partner.example' });
    expect(configured.headers.get('access-control-allow-origin')).toBe(
      'https://app.partner.example',
    );
    expect(configured.headers.get('access-control-allow-credentials')).toBe('true');
    const own = await get(STATS, { origin: base });
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
    expect(app.platform.hotReads?.stats().hits).toBe(hits + 3);
  });

  it('should leave a signed-in read from another origin to the framework, which refuses it, even when it is cached', async () => {
    expect((await get(MINERS, { authorization: 'Bearer alice' })).status).toBe(200);
    const hits = app.platform.hotReads?.stats().hits ?? 0;
    const foreign = await get(MINERS, {
      authorization: 'Bearer alice',
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).code).toBe(ERROR_CODES.forbidden);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(app.platform.hotReads?.stats().hits).toBe(hits);
    const configured = await get(MINERS, {
      authorization: 'Bearer alice',
      origin: 'https://app.partner.example',
    });
    expect(configured.status).toBe(200);
    expect(configured.headers.get('access-control-allow-origin')).toBe(
      'https://app.partner.example',
    );
  });

  it("should count an API key's calls answered from the cache against its limit, then answer 429 with Retry-After", async () => {
    const key = { authorization: 'Bearer pk_alice_main' };
    const first = await get(MINERS, key);
    expect(first.status, first.body).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe(String(DELEGATE_LIMIT));
    expect(first.headers.get('ratelimit-remaining')).toBe('2');
    const hits = app.platform.hotReads?.stats().hits ?? 0;
    for (const remaining of ['1', '0']) {
      const cached = await get(MINERS, key);
      expect(cached.status).toBe(200);
      expect(cached.body).toBe(first.body);
      expect(cached.headers.get('ratelimit-remaining')).toBe(remaining);
    }
    expect(app.platform.hotReads?.stats().hits).toBe(hits + 2);
    // Over the limit: the same envelope and Retry-After as on any other call, though cached.
    const over = await get(MINERS, key);
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(JSON.parse(over.body)).toEqual({
      code: ERROR_CODES.rateLimited,
      msg: `Too many requests, try again in ${retryAfter} s`,
    });
    expect(app.platform.hotReads?.stats().hits).toBe(hits + 2);
    // Another key of the same scope shares the cached answer, but not the budget.
    const spare = await get(MINERS, { authorization: 'Bearer pk_alice_spare' });
    expect(spare.status).toBe(200);
    expect(spare.body).toBe(first.body);
    expect(spare.headers.get('ratelimit-remaining')).toBe('2');
    expect(app.platform.hotReads?.stats().hits).toBe(hits + 3);
    // The user's own session has no such limit.
    const user = await get(MINERS, { authorization: 'Bearer alice' });
    expect(user.status).toBe(200);
    expect(user.headers.get('ratelimit-remaining')).toBeNull();
  });

  it("should count an app token's calls to a cached public read that takes tokens, on any origin, and send a revoked key to the framework", async () => {
    const anonymous = await get(POOL_STATS);
    expect(anonymous.status).toBe(200);
    const hits = app.platform.hotReads?.stats().hits ?? 0;
    const token = { authorization: 'Bearer pat_alice_app' };
    const statuses = [];
    for (const headers of [token, token, { ...token, origin: 'https://partner.example' }, token]) {
      const answer = await get(POOL_STATS, headers);
      statuses.push([answer.status, answer.headers.get('ratelimit-remaining')]);
      if (answer.status === 200) expect(answer.body).toBe(anonymous.body);
      else expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([
      [200, '2'],
      [200, '1'],
      [200, '0'],
      [429, '0'],
    ]);
    expect(app.platform.hotReads?.stats().hits).toBe(hits + 3);
    // Visitors and sessions read the public answer as before, with nobody's budget in it.
    const others: Record<string, string>[] = [{}, { authorization: 'Bearer alice' }];
    for (const headers of others) {
      const answer = await get(POOL_STATS, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-remaining')).toBeNull();
    }
    expect(app.platform.hotReads?.stats().hits).toBe(hits + 5);
    // A revoked key is refused as on a miss, not answered from the cache.
    const revoked = await get(POOL_STATS, { authorization: 'Bearer pk_alice_revoked' });
    expect(revoked.status).toBe(401);
    expect(app.platform.hotReads?.stats().hits).toBe(hits + 5);
  });

  it('should never replay the budget of the key whose call filled the cache to other callers', async () => {
    const url = '/api/pools/btc/hashrates?interval=10m&range=24h';
    const filled = await get(url, { authorization: 'Bearer pk_alice_public' });
    expect(filled.status, filled.body).toBe(200);
    expect(filled.headers.get('ratelimit-remaining')).toBe('2');
    const hits = app.platform.hotReads?.stats().hits ?? 0;
    const visitor = await get(url);
    expect(visitor.body).toBe(filled.body);
    expect(app.platform.hotReads?.stats().hits).toBe(hits + 1);
    expect(visitor.headers.get('ratelimit-limit')).toBeNull();
    expect(visitor.headers.get('ratelimit-remaining')).toBeNull();
    const again = await get(url, { authorization: 'Bearer pk_alice_public' });
    expect(again.headers.get('ratelimit-remaining')).toBe('1');
  });

  it('should compute a miss once for callers asking the same thing at once', async () => {
    const hot = app.platform.hotReads;
    if (hot === null) throw new Error('hot reads are off');
    const pending = hot.begin('/api/example', 'public', null);
    let computed = 0;
    let release: (body: string) => void = () => {};
    const compute = () => {
      computed += 1;
      return new Promise<string>((resolve) => {
        release = resolve;
      });
    };
    const first = hot.shared(pending, compute);
    const second = hot.shared(hot.begin('/api/example', 'public', null), compute);
    release('{"code":0}');
    expect(await first).toBe('{"code":0}');
    expect(await second).toBe('{"code":0}');
    expect(computed).toBe(1);
    // Once done, the next miss computes again.
    const third = hot.shared(pending, async () => {
      computed += 1;
      return 'again';
    });
    expect(await third).toBe('again');
    expect(computed).toBe(2);
  });
});

const redisUrl = process.env.REDIS_URL ?? '';

describe.skipIf(redisUrl === '')('hot reads on two nodes sharing Redis', () => {
  it("should make a user's cached answers stale on the other node when they write on one", async () => {
    const database = await openTestDatabase('pglite');
    const clock = createManualClock(T0);
    const rows = await queryRows<{ id: unknown }>(
      database.db,
      sql`INSERT INTO users (username, password_hash) VALUES ('carol', 'x') RETURNING id`,
    );
    const userId = String(rows[0]?.id);
    const authenticate: Authenticate = async (request) =>
      bearerToken(request) === undefined
        ? null
        : { kind: 'user', userId, permissions: PERMISSIONS };
    const config = { ...testConfig(), redisUrl };
    const nodes = [
      await buildApp({ config, db: database, clock, authenticate, hotReads: true }),
      await buildApp({ config, db: database, clock, authenticate, hotReads: true }),
    ];
    try {
      const [one, two] = nodes as [FastifyInstance, FastifyInstance];
      await one.ready();
      await two.ready();
      let seen = 0;
      const before = two.platform.hotReads?.stats().entries ?? 0;
      // Node two caches an answer of carol's; carol writes through node one.
      const pending = two.platform.hotReads?.begin('/api/x', 'principal', {
        kind: 'user',
        userId,
        permissions: PERMISSIONS,
      });
      if (pending === undefined) throw new Error('hot reads are off');
      two.platform.hotReads?.store(pending, '{"code":0}', { 'content-type': 'application/json' });
      expect(two.platform.hotReads?.stats().entries).toBe(before + 1);
      const stale = two.platform.hotReads?.begin('/api/x', 'principal', {
        kind: 'user',
        userId,
        permissions: PERMISSIONS,
      });
      expect(stale?.generation).toBe(pending.generation);
      one.platform.hotReads?.invalidateUser(userId);
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const now = two.platform.hotReads?.begin('/api/x', 'principal', {
          kind: 'user',
          userId,
          permissions: PERMISSIONS,
        });
        if (now !== undefined && now.generation !== pending.generation) {
          seen = now.generation;
          break;
        }
        await new Promise((wait) => setTimeout(wait, 50));
      }
      expect(seen).toBeGreaterThan(pending.generation);
    } finally {
      for (const node of nodes) await node.close();
      await database.close();
    }
  });
});
