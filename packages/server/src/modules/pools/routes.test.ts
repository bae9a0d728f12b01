import { COIN_IDS, COINS, ERROR_CODES, splitDuration, userMiningSchema } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock, type ManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { createIngest, type ShareRecord } from '../../engine/ingest';
import { runRollup } from '../../engine/rollup';
import { estimateToday, settleDay } from '../../engine/settlement';
import { DEFAULT_SIMULATOR_SEED, demoAddresses } from '../../engine/simulator';
import { queryRows, toNumber } from '../../engine/sql';
import { type Authenticate, bearerToken } from '../../http/authenticate';
import { HttpError } from '../../http/httpError';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { PUBLIC_CACHE_TTL_MS } from './publicCache';
import { readUserMining } from './userMining';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 0, 15, 12, 0);
const ADDRESS = `kaspa:q${'z'.repeat(60)}`;
const ALL_PERMISSIONS = ['pool.view', 'miner.view', 'account.view'];

describe.each(testDrivers)('pool routes on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let clock: ManualClock;
  const userIds = new Map<string, string>();

  const authenticate: Authenticate = async (request) => {
    const token = bearerToken(request);
    if (token === undefined) return null;
    if (token === 'observer') {
      return {
        kind: 'observer',
        userId: userIds.get('alice') ?? '',
        permissions: ALL_PERMISSIONS,
        observerAccount: 'alice01',
      };
    }
    const userId = userIds.get(token);
    if (userId === undefined) throw new HttpError(401, ERROR_CODES.unauthorized, 'Invalid token');
    return { kind: 'user', userId, permissions: ALL_PERMISSIONS };
  };

  function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method,
      url,
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  }

  async function data<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    body?: unknown,
  ): Promise<T> {
    const response = await call(method, url, token, body);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return (response.json() as { data: T }).data;
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    clock = createManualClock(T0);
    app = await buildApp({ config: testConfig(), db: database, clock, authenticate });
    for (const [user, accounts] of [
      ['alice', ['alice01', 'alice02']],
      ['bob', ['bob00001']],
    ] as const) {
      const rows = await queryRows<{ id: unknown }>(
        database.db,
        sql`INSERT INTO users (username, password_hash) VALUES (${user}, 'x') RETURNING id`,
      );
      const id = String(rows[0]?.id);
      userIds.set(user, id);
      for (const account of accounts) {
        await database.db.execute(
          sql`INSERT INTO mining_accounts (user_id, name) VALUES (${id}::bigint, ${account})`,
        );
      }
    }
    const ingest = createIngest(database);
    const shares: ShareRecord[] = [];
    // 25 workers of alice01 on btc: w01..w25, difficulty growing with the number; w21-w25 went
    // quiet 30 minutes ago (inactive), w25 also has a day-old share only (dead).
    for (let index = 1; index <= 25; index += 1) {
      const worker = `w${String(index).padStart(2, '0')}`;
      const quietSince = index > 20 ? 30 * MINUTE : 0;
      for (let minute = 1; minute <= 60; minute += 1) {
        const at = T0 - minute * MINUTE;
        if (index === 25) continue;
        if (minute * MINUTE < quietSince) continue;
        shares.push({
          account: 'alice01',
          coin: 'btc',
          worker,
          difficulty: index * 10,
          accepted: true,
          at,
          ip: `10.0.0.${index}`,
        });
      }
      if (index % 5 === 0) {
        shares.push({
          account: 'alice01',
          coin: 'btc',
          worker,
          difficulty: 20,
          accepted: false,
          at: T0 - 40 * MINUTE,
        });
      }
    }
    shares.push({
      account: 'alice01',
      coin: 'btc',
      worker: 'w25',
      difficulty: 10,
      accepted: true,
      at: T0 - 2 * DAY,
    });
    // Yesterday's shares, for the settled profit rows.
    for (let hour = 0; hour < 24; hour += 1) {
      const at = T0 - DAY - 12 * HOUR + hour * HOUR + MINUTE;
      shares.push({
        account: 'alice01',
        coin: 'btc',
        worker: 'w01',
        difficulty: 1e6,
        accepted: true,
        at,
      });
      shares.push({
        address: ADDRESS,
        coin: 'kas',
        worker: 'k1',
        difficulty: 1e3,
        accepted: true,
        at,
        ip: '192.168.1.5',
      });
    }
    shares.push({
      address: ADDRESS,
      coin: 'kas',
      worker: 'k1',
      difficulty: 1e3,
      accepted: true,
      at: T0 - 5 * MINUTE,
      ip: '192.168.1.5',
    });
    shares.push({
      address: ADDRESS,
      coin: 'kas',
      worker: 'k2',
      difficulty: 1e3,
      accepted: true,
      at: T0 - 5 * MINUTE,
      ip: '192.168.1.6',
    });
    shares.push({
      account: 'bob00001',
      coin: 'btc',
      worker: 'bobrig',
      difficulty: 5,
      accepted: true,
      at: T0 - MINUTE,
    });
    const result = await ingest.recordShares(shares);
    expect(result.refused).toEqual([]);
    await ingest.recordNetwork([
      { coin: 'btc', height: 930_000, difficulty: 1e11, at: T0 - DAY - 12 * HOUR },
      { coin: 'kas', height: 120_000_000, difficulty: 1e6, at: T0 - DAY - 12 * HOUR },
      { coin: 'btc', height: 930_200, difficulty: 1e11, at: T0 },
    ]);
    await ingest.recordBlock([
      {
        coin: 'btc',
        height: 930_100,
        hash: 'a'.repeat(64),
        reward: '3.2',
        finder: 'alice01',
        at: T0 - DAY,
        effort: 0.8,
      },
      {
        coin: 'btc',
        height: 930_199,
        hash: 'b'.repeat(64),
        reward: '3.15',
        finder: 'alice01',
        at: T0 - HOUR,
        effort: 1.2,
        solo: true,
      },
      {
        coin: 'kas',
        height: 119_999_000,
        hash: 'c'.repeat(64),
        reward: '2.9',
        finder: ADDRESS,
        at: T0 - 2 * HOUR,
        effort: 1,
      },
    ]);
    await runRollup(database, T0);
    const yesterday = new Date(T0 - DAY).toISOString().slice(0, 10);
    await settleDay(database, 'btc', yesterday, T0);
    await settleDay(database, 'kas', yesterday, T0);
    await estimateToday(database, 'btc', T0);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should answer every read route within the contract', async () => {
    const account = '/api/pools/btc/accounts/alice01';
    const addr = `/api/address-mining/kas/miner/${ADDRESS}`;
    const urls: [string, string | undefined][] = [
      ['/api/address-mining/pools', undefined],
      ['/api/address-mining/kas/pool/stats', undefined],
      ['/api/address-mining/kas/blocks?page=1&page_size=5', undefined],
      ['/api/address-mining/kas/hashrates?interval=10m&range=24h', undefined],
      [`/api/address-mining/kas/payments/${ADDRESS}`, undefined],
      [`${addr}/info`, undefined],
      [`${addr}/hashrates?interval=1h&range=7d`, undefined],
      [`${addr}/profits?start_date=2026-01-01&end_date=2026-01-31`, undefined],
      [`${addr}/workers?sort=accept_24h&order=desc`, undefined],
      [`${addr}/workers/k1/hashrates`, undefined],
      ['/api/address-mining/kas/workers/stats', undefined],
      ['/api/address-mining/kas/demo-addresses', undefined],
      [`${addr}/ips`, undefined],
      ['/api/pools', undefined],
      ['/api/pools/coin-pages?sort=daily_profit&order=asc&search=bit', undefined],
      ['/api/coins', undefined],
      ['/api/pools/lab', undefined],
      ['/api/pools/btc/stats', 'alice'],
      ['/api/pools/btc/blocks?status=confirmed', undefined],
      ['/api/pools/btc/hashrates?interval=1d&range=30d', undefined],
      [`${account}/stats`, 'alice'],
      [`${account}/hashrates?interval=10m&range=7d`, 'alice'],
      [`${account}/miners`, 'alice'],
      [`${account}/miners/stats`, 'alice'],
      [`${account}/miners/w01`, 'alice'],
      [`${account}/miners/w01/hashrates`, 'alice'],
      [`${account}/groups`, 'alice'],
      [`${account}/profits/stats`, 'alice'],
      [`${account}/profits`, 'alice'],
      [`${account}/profits/solo`, 'alice'],
      [`${account}/profits/hashrates?range=7d`, 'alice'],
      [`${account}/profits/unit/hashrates`, 'alice'],
      [`${account}/rates?range=7d`, 'alice'],
      ['/api/accounts/alice01/pay-method', 'alice'],
      ['/api/accounts/alice01/pay-method?pool=ltc', 'alice'],
    ];
    for (const [url, token] of urls) await data('GET', url, token);

    const stats = await data<Record<string, unknown>>('GET', '/api/pools/btc/stats');
    expect(stats.workers).toBe(21);
    expect(stats.blocks_24h).toBe(2);
    const info = await data<Record<string, unknown>>('GET', `${addr}/info`);
    expect(info.workers).toEqual({ active: 2, inactive: 0, dead: 0, total: 2 });
    // Below the 1 KAS minimum payout: nothing paid yet, the balance is the settled income.
    expect(info.total_paid).toBe('0');
    expect(info.balance).toBe(info.total_profit);
    expect(Number(info.total_profit)).toBeGreaterThan(0);
    const profits = await data<{ list: { pps_amount: string; status: string }[] }>(
      'GET',
      `${account}/profits`,
      'alice',
    );
    expect(profits.list.map((row) => row.status)).toEqual(['pending', 'settled']);
    const solo = await data<{ list: { fee: string; amount: string }[] }>(
      'GET',
      `${account}/profits/solo`,
      'alice',
    );
    expect(solo.list).toEqual([
      expect.objectContaining({
        reward: '3.15',
        fee: '0.01575',
        amount: '3.13425',
        status: 'pending',
      }),
    ]);
    const ips = await data<{ list: { ip: string }[] }>('GET', `${addr}/ips`);
    expect(ips.list.map((row) => row.ip).sort()).toEqual(['192.168.1.5', '192.168.1.6']);
  });

  it('should list the demo addresses of an address-mining coin in demo mode', async () => {
    const kas = await data<{ list: string[] }>('GET', '/api/address-mining/kas/demo-addresses');
    expect(kas.list).toEqual(
      demoAddresses(DEFAULT_SIMULATOR_SEED)
        .filter((entry) => entry.coin === 'kas')
        .map((entry) => entry.address),
    );
    expect(kas.list).toHaveLength(3);
    const aleo = await data<{ list: string[] }>('GET', '/api/address-mining/aleo/demo-addresses');
    expect(aleo.list.every((address) => address.startsWith('aleo1'))).toBe(true);
    // Only address-mining coins have them.
    expect((await call('GET', '/api/address-mining/btc/demo-addresses')).statusCode).toBe(404);
  });

  it('should list no demo address when the server runs without the demo', async () => {
    const plain = await buildApp({
      config: testConfig({ DEMO: 'off' }),
      db: database,
      clock,
      authenticate,
    });
    try {
      const response = await plain.inject({
        method: 'GET',
        url: '/api/address-mining/kas/demo-addresses',
      });
      expect(response.json()).toMatchObject({ code: 0, data: { list: [] } });
    } finally {
      await plain.close();
    }
  });

  it('should give short algorithm names with their notes, and mark unverified coin facts', async () => {
    const pages = await data<{
      list: { coin: string; algorithm: string; algorithm_note: string | null }[];
    }>('GET', '/api/pools/coin-pages?page_size=50');
    const dcr = pages.list.find((row) => row.coin === 'dcr');
    expect(dcr).toMatchObject({
      algorithm: 'BLAKE3',
      algorithm_note: expect.stringContaining('DCP-0011'),
    });
    expect(pages.list.find((row) => row.coin === 'btc')?.algorithm_note).toBeNull();
    const pools = await data<{ list: { coin: string; algorithm_note: string | null }[] }>(
      'GET',
      '/api/pools',
    );
    expect(pools.list.find((pool) => pool.coin === 'doge')?.algorithm_note).toContain('LTC');
    const coins = await data<{ list: { coin: string; unverified: string[] }[] }>(
      'GET',
      '/api/coins',
    );
    const byCoin = new Map(coins.list.map((coin) => [coin.coin, coin.unverified]));
    // DOGE's reward rule is unverified; BTC's only unverified fact, a date, shows in no column.
    expect(byCoin.get('doge')).toEqual(['block_reward', 'halving']);
    expect(byCoin.get('btc')).toEqual([]);
    expect(byCoin.get('stc')).toEqual(['block_time_s']);
    expect(byCoin.get('scp')).toEqual(['algorithm', 'block_reward']);
  });

  it('should make every halving countdown, height and date agree, ZEC ~700 days from 3,600,000', async () => {
    type Coin = {
      coin: keyof typeof COINS;
      block_time_s: number;
      block_reward: string;
      halving: {
        interval_blocks: number;
        next_height: number;
        estimated_at: string;
        next_reward: string;
      } | null;
    };
    await database.db.execute(
      sql`INSERT INTO pool_network (pool, height, difficulty, updated_ms)
          VALUES ('zec', 3600000, 1, ${T0})
          ON CONFLICT (pool) DO UPDATE SET height = excluded.height`,
    );
    // Past the public cache, so the list is read with the new height (to a whole second: the
    // wire gives whole seconds); back to T0 afterwards.
    clock.advance(PUBLIC_CACHE_TTL_MS + 1000);
    try {
      const now = clock.now();
      const coins = await data<{ list: Coin[] }>('GET', '/api/coins');
      const halving = coins.list.filter((coin) => coin.halving !== null);
      expect(halving.map((coin) => coin.coin).sort()).toEqual(
        COIN_IDS.filter((id) => COINS[id].halvingIntervalBlocks !== null).sort(),
      );
      for (const {
        coin,
        block_time_s: blockTime,
        block_reward: reward,
        halving: next,
      } of halving) {
        if (next === null) continue;
        const facts = COINS[coin];
        // The reward after the halving is one step on from the reward shown now.
        expect(Number(next.next_reward), coin).toBeCloseTo(
          Number(reward) * Number(facts.halvingRewardFactor),
          12,
        );
        // The height is a halving of the coin's own schedule …
        expect(next.interval_blocks, coin).toBe(facts.halvingIntervalBlocks);
        expect(
          (next.next_height - (facts.halvingAnchorHeight ?? 0)) % next.interval_blocks,
          coin,
        ).toBe(0);
        // … the date is a whole number of blocks before it, at most one interval away …
        const leftMs = Date.parse(next.estimated_at) - now;
        const blocksLeft = leftMs / 1000 / blockTime;
        // (the wire's time has whole seconds)
        expect(Math.abs(leftMs - Math.round(blocksLeft) * blockTime * 1000), coin).toBeLessThan(
          1000,
        );
        expect(blocksLeft, coin).toBeGreaterThan(0);
        expect(blocksLeft, coin).toBeLessThanOrEqual(next.interval_blocks);
        // … and the days a countdown shows (the site counts to the date) are those blocks' days.
        expect(splitDuration(leftMs).days, coin).toBe(
          Math.floor((Math.round(blocksLeft) * blockTime) / 86_400),
        );
      }
      const zec = halving.find((coin) => coin.coin === 'zec')?.halving;
      expect(zec?.next_height).toBe(4_406_400);
      expect(splitDuration(Date.parse(zec?.estimated_at ?? '') - now).days).toBe(700);
    } finally {
      clock.set(T0);
    }
  });

  it('should list only mineable coins, so ETH (proof of stake) shows no 0 block reward', async () => {
    const coins = await data<{ list: { coin: keyof typeof COINS; block_reward: string }[] }>(
      'GET',
      '/api/coins',
    );
    const listed = coins.list.map((coin) => coin.coin);
    expect(listed).not.toContain('eth');
    expect(listed).toContain('etc');
    expect(listed).toEqual(COIN_IDS.filter((id) => COINS[id].mineable));
    for (const coin of coins.list) expect(Number(coin.block_reward), coin.coin).toBeGreaterThan(0);
  });

  it('should page, sort, filter and search the miners list', async () => {
    const base = '/api/pools/btc/accounts/alice01/miners';
    type Page = {
      list: { worker_name: string; status: string; accept_1h: { value: number } }[];
      total: number;
    };
    const first = await data<Page>('GET', `${base}?page=1&page_size=10`, 'alice');
    expect(first.total).toBe(25);
    expect(first.list.map((row) => row.worker_name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `w${String(index + 1).padStart(2, '0')}`),
    );
    const third = await data<Page>('GET', `${base}?page=3&page_size=10`, 'alice');
    expect(third.list.map((row) => row.worker_name)).toEqual(['w21', 'w22', 'w23', 'w24', 'w25']);
    const beyond = await data<Page>('GET', `${base}?page=9`, 'alice');
    expect(beyond).toMatchObject({ list: [], total: 25 });
    for (const sort of [
      'worker_name',
      'accept_15m',
      'accept_1h',
      'accept_24h',
      'reject_rate',
      'last_share_time',
    ]) {
      for (const order of ['asc', 'desc']) {
        const page = await data<Page>(
          'GET',
          `${base}?sort=${sort}&order=${order}&page_size=100`,
          'alice',
        );
        expect(page.list).toHaveLength(25);
      }
    }
    const byHashrate = await data<Page>(
      'GET',
      `${base}?sort=accept_1h&order=desc&page_size=3`,
      'alice',
    );
    expect(byHashrate.list.map((row) => row.worker_name)).toEqual(['w20', 'w19', 'w18']);
    const inactive = await data<Page>('GET', `${base}?status=inactive&page_size=100`, 'alice');
    expect(inactive.list.map((row) => row.worker_name)).toEqual(['w21', 'w22', 'w23', 'w24']);
    const dead = await data<Page>('GET', `${base}?status=dead`, 'alice');
    expect(dead.list.map((row) => row.worker_name)).toEqual(['w25']);
    const search = await data<Page>('GET', `${base}?search=W1`, 'alice');
    expect(search.total).toBe(10);
    const wildcard = await data<Page>('GET', `${base}?search=%25`, 'alice');
    expect(wildcard.total).toBe(0);
    const stats = await data('GET', `${base}/stats`, 'alice');
    expect(stats).toEqual({ active: 20, inactive: 4, dead: 1, total: 25 });
  });

  it('should create, list, fill, rename and delete worker groups', async () => {
    const created = await data<{ id: string; name: string; worker_count: number }>(
      'POST',
      '/api/pools/btc/miners/groups',
      'alice',
      { account: 'alice01', name: 'Rack A' },
    );
    expect(created).toMatchObject({ name: 'Rack A', worker_count: 0 });
    const duplicate = await call('POST', '/api/pools/btc/miners/groups', 'alice', {
      account: 'alice01',
      name: 'Rack A',
    });
    expect(duplicate.statusCode).toBe(409);
    const other = await data<{ id: string }>('POST', '/api/pools/btc/miners/groups', 'alice', {
      account: 'alice01',
      name: 'Rack B',
    });
    const moved = await data('PUT', '/api/pools/btc/miners', 'alice', {
      account: 'alice01',
      workers: ['w01', 'w02', 'w03', 'nosuch'],
      group_id: created.id,
    });
    expect(moved).toEqual({ count: 3 });
    const grouped = await data<{ total: number; list: { group: unknown }[] }>(
      'GET',
      `/api/pools/btc/accounts/alice01/miners?group_id=${created.id}`,
      'alice',
    );
    expect(grouped.total).toBe(3);
    expect(grouped.list[0]?.group).toEqual({ id: created.id, name: 'Rack A' });
    const ungrouped = await data<{ total: number }>(
      'GET',
      '/api/pools/btc/accounts/alice01/miners?group_id=ungrouped',
      'alice',
    );
    expect(ungrouped.total).toBe(22);
    const renamed = await data('PUT', `/api/miners/groups/${created.id}`, 'alice', {
      name: 'Rack A1',
    });
    expect(renamed).toMatchObject({
      id: created.id,
      name: 'Rack A1',
      worker_count: 3,
      active_count: 3,
    });
    // bob cannot touch alice's group; moving into it from bob's account fails too.
    expect(
      (await call('PUT', `/api/miners/groups/${created.id}`, 'bob', { name: 'mine' })).statusCode,
    ).toBe(404);
    expect(
      (
        await call('PUT', '/api/pools/btc/miners', 'bob', {
          account: 'bob00001',
          workers: ['bobrig'],
          group_id: created.id,
        })
      ).statusCode,
    ).toBe(404);
    await data('DELETE', `/api/miners/groups/${created.id}`, 'alice', {
      move_to_group_id: other.id,
    });
    const groups = await data<{ list: { id: string; worker_count: number }[] }>(
      'GET',
      '/api/pools/btc/accounts/alice01/groups',
      'alice',
    );
    expect(groups.list).toEqual([expect.objectContaining({ id: other.id, worker_count: 3 })]);
  });

  it('should remove only inactive or dead workers', async () => {
    const removed = await data('DELETE', '/api/pools/btc/accounts/alice01/miners', 'alice', {
      workers: ['w05', 'w22', 'w25'],
    });
    expect(removed).toEqual({ count: 2 });
    const stats = await data('GET', '/api/pools/btc/accounts/alice01/miners/stats', 'alice');
    expect(stats).toEqual({ active: 20, inactive: 3, dead: 0, total: 23 });
    expect(
      (await call('GET', '/api/pools/btc/accounts/alice01/miners/w25', 'alice')).statusCode,
    ).toBe(404);
    // A removed worker comes back with its next share, at the next rollup.
    await createIngest(database).recordShares([
      {
        account: 'alice01',
        coin: 'btc',
        worker: 'w25',
        difficulty: 10,
        accepted: true,
        at: T0 + 10_000,
      },
    ]);
    await runRollup(database, T0 + MINUTE);
    const back = await data<{ status: string }>(
      'GET',
      '/api/pools/btc/accounts/alice01/miners/w25',
      'alice',
    );
    expect(back.status).toBe('active');
  });

  it("should sum a user's mining over accounts and pools for GET /users/mine", async () => {
    const list = await readUserMining(database.db, userIds.get('alice') ?? '', T0);
    expect(userMiningSchema.parse({ list }).list).toEqual(list);
    expect(list.map((row) => `${row.account}/${row.pool}`)).toEqual(['alice01/btc']);
    expect(list[0]?.workers.total).toBeGreaterThan(0);
    expect(await readUserMining(database.db, userIds.get('bob') ?? '', T0)).toHaveLength(1);
  });

  it('should keep alert settings per account and pool', async () => {
    const url = '/api/pools/btc/accounts/alice01/alerts';
    expect(await data('GET', url, 'alice')).toEqual({
      enabled: false,
      hashrate_threshold: null,
      offline_workers_threshold: null,
      channels: [],
      types: ['hashrate_alert', 'miner_offline'],
      webhook_url: null,
      webhook_secret_set: false,
      quiet_minutes: 60,
    });
    const saved = {
      enabled: true,
      hashrate_threshold: 1e12,
      offline_workers_threshold: 3,
      channels: ['sms', 'email'],
    };
    expect(await data('PUT', url, 'alice', saved)).toEqual({
      ...saved,
      channels: ['email', 'sms'],
      types: ['hashrate_alert', 'miner_offline'],
      webhook_url: null,
      webhook_secret_set: false,
      quiet_minutes: 60,
    });
    expect(await data('GET', url, 'observer')).toMatchObject({ enabled: true });
    expect((await call('PUT', url, 'observer', saved)).statusCode).toBe(403);
    expect((await call('GET', url, 'bob')).statusCode).toBe(404);
    const bad = await call('PUT', url, 'alice', { ...saved, channels: ['pager'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/channels/);
  });

  it('should export profits as CSV only with a date range', async () => {
    const url = '/api/pools/btc/accounts/alice01/profits/export';
    const response = await call('GET', `${url}?start_date=2026-01-01&end_date=2026-01-31`, 'alice');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('date,hashrate_hs,pps_amount,pplns_amount,fee,amount,status');
    expect(lines).toHaveLength(3);
    const solo = await call(
      'GET',
      `${url}?start_date=2026-01-01&end_date=2026-01-31&kind=solo`,
      'alice',
    );
    expect(solo.body.split('\n')[0]).toBe('height,block_hash,time,reward,fee,amount,status');
    const missing = await call('GET', url, 'alice');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toMatch(/start_date/);
    const reversed = await call('GET', `${url}?start_date=2026-02-01&end_date=2026-01-01`, 'alice');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().msg).toMatch(/end_date/);
  });

  it('should lock the pay method for 24 hours after a change', async () => {
    const url = '/api/accounts/alice02/pools/ltc/pay-method';
    const before = await data<{ list: { pay_method: string; locked_until: unknown }[] }>(
      'GET',
      '/api/accounts/alice02/pay-method?pool=ltc',
      'alice',
    );
    expect(before.list[0]).toMatchObject({ pay_method: 'PPS+', locked_until: null });
    const changed = await data<Record<string, unknown>>('PUT', url, 'alice', {
      pay_method: 'SOLO',
    });
    expect(changed).toMatchObject({
      pay_method: 'SOLO',
      changed_at: '2026-01-15T12:00:00Z',
      locked_until: '2026-01-16T12:00:00Z',
    });
    const again = await call('PUT', url, 'alice', { pay_method: 'PPS+' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: ERROR_CODES.payMethodLocked });
    expect(again.json().msg).toMatch(/^pay_method:/);
    // Concurrent changes after the lock: exactly one wins.
    clock.advance(DAY);
    const racing = await Promise.all([
      call('PUT', url, 'alice', { pay_method: 'PPS+' }),
      call('PUT', url, 'alice', { pay_method: 'PPS+' }),
    ]);
    expect(racing.map((response) => response.statusCode)).toEqual([200, 200]);
    const after = await data<Record<string, unknown>>(
      'GET',
      '/api/accounts/alice02/pay-method?pool=ltc',
      'alice',
    );
    expect(after).toMatchObject({ list: [expect.objectContaining({ pay_method: 'PPS+' })] });
    expect((await call('PUT', url, 'alice', { pay_method: 'SOLO' })).statusCode).toBe(400);
    clock.set(T0);
  });

  it('should let an observer read its account only, and never write', async () => {
    await data('GET', '/api/pools/btc/accounts/alice01/stats', 'observer');
    await data('GET', '/api/pools/btc/accounts/alice01/miners', 'observer');
    const otherAccount = await call('GET', '/api/pools/btc/accounts/alice02/stats', 'observer');
    expect(otherAccount.statusCode).toBe(403);
    expect(otherAccount.json().code).toBe(ERROR_CODES.forbidden);
    const write = await call('PUT', '/api/accounts/alice01/pools/btc/pay-method', 'observer', {
      pay_method: 'SOLO',
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe(ERROR_CODES.observerReadOnly);
    const group = await call('POST', '/api/pools/btc/miners/groups', 'observer', {
      account: 'alice01',
      name: 'nope',
    });
    expect(group.statusCode).toBe(403);
  });

  it("should not let a user read another user's account", async () => {
    for (const path of ['stats', 'miners', 'profits', 'groups', 'hashrates']) {
      const response = await call('GET', `/api/pools/btc/accounts/alice01/${path}`, 'bob');
      expect(response.statusCode).toBe(404);
      expect(response.json().msg).toMatch(/^account:/);
    }
    expect((await call('GET', '/api/accounts/alice01/pay-method', 'bob')).statusCode).toBe(404);
    expect((await call('GET', '/api/pools/btc/accounts/alice01/stats')).statusCode).toBe(401);
    await data('GET', '/api/pools/btc/accounts/bob00001/stats', 'bob');
  });

  it('should answer malformed input with a 4xx naming the field, never a 5xx', async () => {
    const account = '/api/pools/btc/accounts/alice01';
    const addr = `/api/address-mining/kas/miner/${ADDRESS}`;
    const sqlBit = encodeURIComponent("x' OR 1=1;--");
    const script = encodeURIComponent('<script>alert(1)</script>');
    const huge = 'a'.repeat(200);
    const cases: {
      method: 'GET' | 'POST' | 'PUT' | 'DELETE';
      url: string;
      body?: unknown;
      field: string;
    }[] = [
      { method: 'GET', url: '/api/address-mining/doge2/pool/stats', field: 'coin' },
      { method: 'GET', url: `/api/address-mining/${script}/pool/stats`, field: 'coin' },
      { method: 'GET', url: '/api/address-mining/btc/pool/stats', field: 'coin' },
      { method: 'GET', url: '/api/address-mining/kas/blocks?page=-1', field: 'page' },
      { method: 'GET', url: '/api/address-mining/kas/blocks?page=abc', field: 'page' },
      { method: 'GET', url: '/api/address-mining/kas/blocks?page_size=1000', field: 'page_size' },
      { method: 'GET', url: '/api/address-mining/kas/blocks?status=lost', field: 'status' },
      { method: 'GET', url: '/api/address-mining/kas/hashrates?interval=5m', field: 'interval' },
      {
        method: 'GET',
        url: '/api/address-mining/kas/hashrates?interval=10m&range=90d',
        field: 'interval',
      },
      { method: 'GET', url: '/api/address-mining/kas/hashrates?range=1y', field: 'range' },
      { method: 'GET', url: `/api/address-mining/kas/payments/${sqlBit}`, field: 'addr' },
      { method: 'GET', url: '/api/address-mining/kas/payments/kaspa:nope', field: 'addr' },
      { method: 'GET', url: `/api/address-mining/kas/miner/${huge}/info`, field: 'addr' },
      { method: 'GET', url: '/api/address-mining/kas/miner/1abc/hashrates', field: 'addr' },
      { method: 'GET', url: `${addr}/profits?start_date=2026-13-45`, field: 'start_date' },
      { method: 'GET', url: `${addr}/workers?sort=${sqlBit}`, field: 'sort' },
      { method: 'GET', url: `${addr}/workers?search=${'x'.repeat(65)}`, field: 'search' },
      { method: 'GET', url: `${addr}/workers/BAD%20NAME/hashrates`, field: 'worker' },
      { method: 'GET', url: `${addr}/workers/nosuch/hashrates`, field: 'worker' },
      { method: 'GET', url: '/api/address-mining/zz/workers/stats', field: 'coin' },
      { method: 'GET', url: `${addr}/ips?page=0`, field: 'page' },
      { method: 'GET', url: '/api/pools/coin-pages?sort=evil', field: 'sort' },
      { method: 'GET', url: '/api/pools/coin-pages?order=sideways', field: 'order' },
      { method: 'GET', url: '/api/pools/coin-pages?unknown=1', field: 'unknown' },
      { method: 'GET', url: '/api/pools/NOPE/stats', field: 'pool' },
      { method: 'GET', url: '/api/pools/nopool/stats', field: 'pool' },
      { method: 'GET', url: '/api/pools/btc/blocks?page=1.5', field: 'page' },
      { method: 'GET', url: `/api/pools/${sqlBit}/hashrates`, field: 'pool' },
      { method: 'GET', url: '/api/pools/kas/accounts/alice01/stats', field: 'pool' },
      { method: 'GET', url: `/api/pools/btc/accounts/${script}/stats`, field: 'account' },
      { method: 'GET', url: '/api/pools/btc/accounts/nobody99/stats', field: 'account' },
      { method: 'GET', url: `${account}/hashrates?interval=2h`, field: 'interval' },
      { method: 'GET', url: `${account}/miners?status=zombie`, field: 'status' },
      { method: 'GET', url: `${account}/miners?group_id=${sqlBit}`, field: 'group_id' },
      { method: 'GET', url: `${account}/miners?page=-5`, field: 'page' },
      { method: 'GET', url: `${account}/miners/stats?group_id=${script}`, field: 'group_id' },
      { method: 'GET', url: `${account}/miners/UPPER`, field: 'miner' },
      { method: 'GET', url: `${account}/miners/w01/hashrates?range=forever`, field: 'range' },
      { method: 'GET', url: `${account}/groups?x=1`, field: 'x' },
      { method: 'GET', url: `${account}/alerts?x=1`, field: 'x' },
      {
        method: 'PUT',
        url: `${account}/alerts`,
        body: {
          enabled: 'yes',
          hashrate_threshold: null,
          offline_workers_threshold: null,
          channels: [],
        },
        field: 'enabled',
      },
      {
        method: 'PUT',
        url: `${account}/alerts`,
        body: {
          enabled: true,
          hashrate_threshold: -1,
          offline_workers_threshold: null,
          channels: [],
        },
        field: 'hashrate_threshold',
      },
      { method: 'GET', url: `${account}/profits/stats?x=1`, field: 'x' },
      { method: 'GET', url: `${account}/profits?end_date=yesterday`, field: 'end_date' },
      { method: 'GET', url: `${account}/profits/solo?page_size=0`, field: 'page_size' },
      { method: 'GET', url: `${account}/profits/hashrates?range=24h`, field: 'range' },
      { method: 'GET', url: `${account}/profits/unit/hashrates?range=1`, field: 'range' },
      {
        method: 'GET',
        url: `${account}/profits/export?start_date=2024-01-01&end_date=2026-01-01`,
        field: 'start_date',
      },
      {
        method: 'GET',
        url: `${account}/profits/export?start_date=2026-01-01&end_date=2026-01-02&kind=all`,
        field: 'kind',
      },
      { method: 'GET', url: `${account}/rates?range=${huge}`, field: 'range' },
      { method: 'GET', url: '/api/accounts/alice01/pay-method?pool=kas', field: 'pool' },
      { method: 'GET', url: '/api/accounts/alice01/pay-method?pool=BTC', field: 'pool' },
      { method: 'DELETE', url: `${account}/miners`, body: { workers: 'w01' }, field: 'workers' },
      { method: 'DELETE', url: `${account}/miners`, body: { workers: [] }, field: 'workers' },
      {
        method: 'DELETE',
        url: `${account}/miners`,
        body: { workers: ['w01', 'w01'] },
        field: 'workers',
      },
      {
        method: 'PUT',
        url: '/api/pools/btc/miners',
        body: { account: 'alice01', workers: ['w01'], group_id: 5 },
        field: 'group_id',
      },
      {
        method: 'PUT',
        url: '/api/pools/btc/miners',
        body: { account: 'bad name!', workers: ['w01'], group_id: null },
        field: 'account',
      },
      {
        method: 'PUT',
        url: '/api/pools/btc/miners',
        body: { account: 'alice01', workers: ['w01'], group_id: '999999' },
        field: 'group_id',
      },
      {
        method: 'POST',
        url: '/api/pools/btc/miners/groups',
        body: { account: 'alice01', name: '' },
        field: 'name',
      },
      {
        method: 'POST',
        url: '/api/pools/btc/miners/groups',
        body: { account: 'alice01', name: huge },
        field: 'name',
      },
      {
        method: 'POST',
        url: '/api/pools/btc/miners/groups',
        body: { account: 'alice01', name: 'ok', admin: true },
        field: 'admin',
      },
      {
        method: 'POST',
        url: '/api/pools/btc/miners/groups',
        body: { account: 12345, name: 'ok' },
        field: 'account',
      },
      { method: 'PUT', url: '/api/miners/groups/abc', body: { name: 'x' }, field: 'id' },
      { method: 'PUT', url: `/api/miners/groups/${sqlBit}`, body: { name: 'x' }, field: 'id' },
      { method: 'PUT', url: '/api/miners/groups/1', body: { name: 42 }, field: 'name' },
      {
        method: 'DELETE',
        url: '/api/miners/groups/1',
        body: { move_to_group_id: [] },
        field: 'move_to_group_id',
      },
      {
        method: 'PUT',
        url: '/api/accounts/alice01/pools/btc/pay-method',
        body: { pay_method: 'PPLNS' },
        field: 'pay_method',
      },
      {
        method: 'PUT',
        url: '/api/accounts/alice01/pools/kas/pay-method',
        body: { pay_method: 'SOLO' },
        field: 'pool',
      },
      {
        method: 'PUT',
        url: '/api/accounts/alice01/pools/btc/pay-method',
        body: {},
        field: 'pay_method',
      },
    ];
    for (const entry of cases) {
      const response = await call(entry.method, entry.url, 'alice', entry.body);
      const label = `${entry.method} ${entry.url} ${JSON.stringify(entry.body ?? null)} → ${response.statusCode} ${response.body}`;
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      expect(String(response.json().msg), label).toContain(entry.field);
    }
    const tables = await queryRows<{ count: unknown }>(
      database.db,
      sql`SELECT count(*)::int AS count FROM users`,
    );
    expect(toNumber(tables[0]?.count)).toBe(2);
  });
});
