import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/connect';
import { readPoolStats, readWorkerPage } from '../modules/pools/queries';
import { openTestDatabase, testDrivers } from '../testing/testDatabase';
import { createIngest, type Ingest } from './ingest';
import { findPool, type PoolDefinition } from './poolCatalog';
import { runRollup } from './rollup';
import { settleDay } from './settlement';
import { queryRows, toDecimalString } from './sql';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2026, 0, 10, 12, 0);
const TWO_32 = 2 ** 32;

function btc(): PoolDefinition {
  const pool = findPool('btc');
  if (pool === undefined) throw new Error('no btc pool');
  return pool;
}

async function addAccount(database: Database, user: string, account: string): Promise<void> {
  await database.db.execute(
    sql`INSERT INTO users (username, password_hash) VALUES (${user}, 'x') ON CONFLICT (username) DO NOTHING`,
  );
  await database.db.execute(
    sql`INSERT INTO mining_accounts (user_id, name) SELECT id, ${account} FROM users WHERE username = ${user}`,
  );
}

describe.each(testDrivers)('pool engine on %s', (driver) => {
  let database: Database;
  let ingest: Ingest;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    ingest = createIngest(database);
    await addAccount(database, 'alice', 'alice01');
    await addAccount(database, 'bob', 'bob00001');
    await addAccount(database, 'carol', 'carol001');
  });

  afterAll(async () => {
    await database?.close();
  });

  it('should refuse malformed shares and name the field', async () => {
    const result = await ingest.recordShares([
      { account: 'nobody1', coin: 'btc', worker: 'rig1', difficulty: 1, accepted: true, at: T0 },
      { account: 'alice01', coin: 'doge2', worker: 'rig1', difficulty: 1, accepted: true, at: T0 },
      { account: 'alice01', coin: 'btc', worker: 'Rig 1', difficulty: 1, accepted: true, at: T0 },
      { account: 'alice01', coin: 'btc', worker: 'rig1', difficulty: -1, accepted: true, at: T0 },
      { address: 'kaspa:nope', coin: 'kas', worker: 'rig1', difficulty: 1, accepted: true, at: T0 },
      { account: 'alice01', coin: 'kas', worker: 'rig1', difficulty: 1, accepted: true, at: T0 },
    ]);
    expect(result.recorded).toBe(0);
    expect(result.refused.map((entry) => entry.reason.split(':')[0])).toEqual([
      'account',
      'coin',
      'worker',
      'difficulty',
      'address',
      'account',
    ]);
  });

  it('should show a new worker after the next rollup with its 15 m / 1 h / 24 h hashrates and status', async () => {
    const pool = btc();
    const shares = [];
    for (let minute = 1; minute <= 60; minute += 1) {
      shares.push({
        account: 'alice01',
        coin: 'btc',
        worker: 'rig1',
        difficulty: 100,
        accepted: true,
        at: T0 - minute * MINUTE + 5_000,
      });
    }
    shares.push(
      {
        account: 'alice01',
        coin: 'btc',
        worker: 'rig1',
        difficulty: 100,
        accepted: false,
        at: T0 - 2 * MINUTE,
      },
      {
        account: 'alice01',
        coin: 'btc',
        worker: 'rig1',
        difficulty: 10_000,
        accepted: true,
        at: T0 - 20 * HOUR,
      },
      {
        account: 'alice01',
        coin: 'btc',
        worker: 'rig2',
        difficulty: 50,
        accepted: true,
        at: T0 - 30 * MINUTE,
      },
      {
        account: 'alice01',
        coin: 'btc',
        worker: 'rig3',
        difficulty: 50,
        accepted: true,
        at: T0 - 25 * HOUR,
      },
    );
    const result = await ingest.recordShares(shares);
    expect(result).toEqual({ recorded: 64, refused: [], duplicates: 0 });

    const query = { page: 1, page_size: 10, sort: 'worker_name', order: 'asc' } as const;
    const before = await readWorkerPage(database.db, pool, 'alice01', query, T0);
    expect(before.total).toBe(0);

    await runRollup(database, T0);
    const after = await readWorkerPage(database.db, pool, 'alice01', query, T0);
    expect(after.total).toBe(3);
    const [rig1, rig2, rig3] = after.list;
    expect(rig1?.worker_name).toBe('rig1');
    expect(rig1?.accept_15m.value).toBeCloseTo((1_500 * TWO_32) / 900, 3);
    expect(rig1?.accept_1h.value).toBeCloseTo((6_000 * TWO_32) / 3_600, 3);
    expect(rig1?.accept_24h.value).toBeCloseTo((16_000 * TWO_32) / 86_400, 3);
    expect(rig1?.reject_rate).toBeCloseTo(100 / 16_100, 10);
    expect(rig1?.status).toBe('active');
    expect(rig1?.last_share_time).toBe(
      new Date(T0 - MINUTE + 5_000).toISOString().replace('.000', ''),
    );
    expect(rig2?.status).toBe('inactive');
    expect(rig3?.status).toBe('dead');
    expect(rig3?.accept_24h.value).toBe(0);

    // Twenty quiet minutes later the 15-minute window is empty and rig1 is inactive.
    await runRollup(database, T0 + 20 * MINUTE);
    const later = await readWorkerPage(database.db, pool, 'alice01', query, T0 + 20 * MINUTE);
    expect(later.list[0]?.accept_15m.value).toBe(0);
    expect(later.list[0]?.status).toBe('inactive');

    const series = await queryRows<{ bucket_ms: unknown; acc_diff: unknown }>(
      database.db,
      sql`SELECT bucket_ms::float8 AS bucket_ms, acc_diff FROM hashrate_1h
        WHERE pool = 'btc' AND miner = 'alice01' AND worker_id = 0 AND bucket_ms = ${T0 - HOUR}::bigint`,
    );
    expect(Number(series[0]?.acc_diff)).toBe(6_000 + 50);
  });

  it('should record blocks once and compute luck from their effort', async () => {
    const kas = findPool('kas');
    if (kas === undefined) throw new Error('no kas pool');
    const block = {
      coin: 'kas',
      height: 1_000,
      hash: 'a'.repeat(64),
      reward: '2.8',
      finder: '~farm',
      at: T0 - HOUR,
      effort: 0.5,
    };
    expect(await ingest.recordBlock(block)).toBe(1);
    expect(await ingest.recordBlock(block)).toBe(0);
    await ingest.recordBlock([
      { ...block, height: 1_001, hash: 'b'.repeat(64), effort: 1.5, at: T0 - 2 * HOUR },
      { ...block, height: 990, hash: 'c'.repeat(64), effort: 2, at: T0 - 3 * 24 * HOUR },
    ]);
    await ingest.recordNetwork({ coin: 'kas', height: 1_200, difficulty: 1e9, at: T0 });
    const stats = await readPoolStats(database.db, kas, T0);
    expect(stats.blocks_24h).toBe(2);
    // Luck = blocks / Σ effort (core's averageLuck): 2 / 2 = 1 over 24 h, 3 / 4 over 7 days.
    expect(stats.luck_24h).toBeCloseTo(1, 10);
    expect(stats.luck_7d).toBeCloseTo(0.75, 10);
    expect(stats.block_height).toBe(1_200);
    expect(stats.network_difficulty).toBe(1e9);
    expect(stats.last_block_time).toBe(new Date(T0 - HOUR).toISOString().replace('.000', ''));
  });

  it('should settle PPS+ and SOLO by hand-computed NUMERIC amounts, once under concurrency', async () => {
    const day = Date.UTC(2026, 0, 11);
    await ingest.recordNetwork([
      { coin: 'btc', height: 900_000, difficulty: 1e6, at: day },
      { coin: 'btc', height: 900_006, difficulty: 2e6, at: day + HOUR },
    ]);
    const share = (account: string, difficulty: number, at: number, accepted = true) => ({
      account,
      coin: 'btc',
      worker: 'w1',
      difficulty,
      accepted,
      at,
    });
    await ingest.recordShares([
      share('alice01', 1_000, day + 10 * MINUTE),
      share('alice01', 2_000, day + HOUR + 10 * MINUTE),
      share('bob00001', 3_000, day + 20 * MINUTE),
      share('bob00001', 500, day + 21 * MINUTE, false),
      share('carol001', 1_000, day + 2 * HOUR),
    ]);
    await database.db.execute(
      sql`INSERT INTO account_pay_methods (account_id, pool, pay_method, changed_ms)
        SELECT id, 'btc', 'SOLO', ${day - 2 * 24 * HOUR}::bigint FROM mining_accounts WHERE name = 'carol001'`,
    );
    await ingest.recordBlock([
      {
        coin: 'btc',
        height: 900_003,
        hash: 'd'.repeat(64),
        reward: '3.225',
        finder: 'bob00001',
        at: day + 30 * MINUTE,
        effort: 1,
      },
      {
        coin: 'btc',
        height: 900_004,
        hash: 'e'.repeat(64),
        reward: '3.5',
        finder: 'alice01',
        at: day + 40 * MINUTE,
        effort: 1,
        orphaned: true,
      },
      {
        coin: 'btc',
        height: 900_010,
        hash: 'f'.repeat(64),
        reward: '3.2',
        finder: 'carol001',
        at: day + 2 * HOUR,
        effort: 1,
        solo: true,
      },
    ]);
    // kas address miner: earns above the minimum payout (1 KAS) and is paid at settlement.
    const address = `kaspa:q${'p'.repeat(60)}`;
    await ingest.recordNetwork({ coin: 'kas', height: 2_000, difficulty: 1_000, at: day });
    await ingest.recordShares([
      { address, coin: 'kas', worker: 'k1', difficulty: 1_000, accepted: true, at: day + MINUTE },
    ]);
    await runRollup(database, day + 24 * HOUR + MINUTE);

    const runs = await Promise.all([
      settleDay(database, 'btc', '2026-01-11', day + 25 * HOUR),
      settleDay(database, 'btc', '2026-01-11', day + 25 * HOUR),
      settleDay(database, 'kas', '2026-01-11', day + 25 * HOUR),
      settleDay(database, 'kas', '2026-01-11', day + 25 * HOUR),
    ]);
    expect(runs.filter(Boolean)).toHaveLength(2);
    expect(await settleDay(database, 'btc', '2026-01-11', day + 26 * HOUR)).toBe(false);

    const rows = await queryRows<Record<string, unknown>>(
      database.db,
      sql`SELECT miner, pps_amount, pplns_amount, fee, amount, pay_method, status FROM profit_days
        WHERE day = '2026-01-11' ORDER BY pool, miner`,
    );
    const money = rows.map((row) => ({
      miner: row.miner,
      pps: toDecimalString(row.pps_amount),
      pplns: toDecimalString(row.pplns_amount),
      fee: toDecimalString(row.fee),
      amount: toDecimalString(row.amount),
      method: row.pay_method,
      status: row.status,
    }));
    // alice: (1000/1e6 + 2000/2e6) × 3.125 = 0.00625 PPS; fees 0.1 × 3000/6000 = 0.05 PPLNS;
    // fee trunc8(0.05625 × 2.5 %) = 0.00140625; amount 0.05484375.
    // bob: 3000/1e6 × 3.125 = 0.009375; 0.05; fee trunc8(0.059375 × 2.5 %) = 0.00148437.
    // carol (SOLO): subsidy 3.125 + fees 0.075 of her block; fee 3.2 × 0.5 % = 0.016.
    // kas address: 1000/1000 × 2.75 = 2.75; fee 0.06875.
    expect(money).toEqual([
      {
        miner: 'alice01',
        pps: '0.00625',
        pplns: '0.05',
        fee: '0.00140625',
        amount: '0.05484375',
        method: 'PPS+',
        status: 'settled',
      },
      {
        miner: 'bob00001',
        pps: '0.009375',
        pplns: '0.05',
        fee: '0.00148437',
        amount: '0.05789063',
        method: 'PPS+',
        status: 'settled',
      },
      {
        miner: 'carol001',
        pps: '3.125',
        pplns: '0.075',
        fee: '0.016',
        amount: '3.184',
        method: 'SOLO',
        status: 'settled',
      },
      {
        miner: address,
        pps: '2.75',
        pplns: '0',
        fee: '0.06875',
        amount: '2.68125',
        method: 'PPS+',
        status: 'settled',
      },
    ]);
    const payments = await queryRows<{ amount: unknown }>(
      database.db,
      sql`SELECT amount FROM payments WHERE miner = ${address}`,
    );
    expect(payments.map((row) => toDecimalString(row.amount))).toEqual(['2.68125']);
  });

  it('should date each day’s address payment at its day’s close when days are settled together', async () => {
    // Issue 27: a week settled in one catch-up showed seven payments at the same time.
    const day = Date.UTC(2026, 1, 1);
    const address = `kaspa:q${'r'.repeat(60)}`;
    await ingest.recordNetwork({ coin: 'kas', height: 3_000, difficulty: 1_000, at: day });
    await ingest.recordNetwork({
      coin: 'kas',
      height: 3_100,
      difficulty: 1_000,
      at: day + 24 * HOUR,
    });
    await ingest.recordShares([
      { address, coin: 'kas', worker: 'k1', difficulty: 1_000, accepted: true, at: day + MINUTE },
      {
        address,
        coin: 'kas',
        worker: 'k1',
        difficulty: 1_000,
        accepted: true,
        at: day + 24 * HOUR + MINUTE,
      },
    ]);
    await runRollup(database, day + 48 * HOUR + MINUTE);
    const catchUp = day + 5 * 24 * HOUR;
    expect(await settleDay(database, 'kas', '2026-02-01', catchUp)).toBe(true);
    expect(await settleDay(database, 'kas', '2026-02-02', catchUp)).toBe(true);
    const payments = await queryRows<{ day: string; created_ms: unknown }>(
      database.db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, created_ms::float8 AS created_ms
        FROM payments WHERE miner = ${address} ORDER BY day`,
    );
    expect(payments.map((row) => [row.day, Number(row.created_ms)])).toEqual([
      ['2026-02-01', day + 24 * HOUR],
      ['2026-02-02', day + 48 * HOUR],
    ]);
  });
});
