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
