import { isMiningAddressShape } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import type { Database } from '../db/connect';
import { readPoolStats, readSeries, readWorkerPage } from '../modules/pools/queries';
import { openTestDatabase, testDrivers } from '../testing/testDatabase';
import { findPool } from './poolCatalog';
import { createPoolEngine } from './poolEngine';
import { demoAddresses, planSimulation, simulateStep } from './simulator';
import { queryRows, toNumber } from './sql';

const T0 = Date.UTC(2026, 0, 20, 8, 0);
const SEED = 7;

describe('simulator (pure)', () => {
  it('should give the same output for the same seed and step', () => {
    const plan = planSimulation(SEED, ['alice01', 'bob00001']);
    const first = simulateStep(SEED, plan, new Map(), T0, 60_000, true);
    const second = simulateStep(
      SEED,
      planSimulation(SEED, ['bob00001', 'alice01']),
      new Map(),
      T0,
      60_000,
      true,
    );
    expect(second).toEqual(first);
    expect(first.shares.length).toBeGreaterThan(100);
    const other = simulateStep(SEED + 1, plan, new Map(), T0, 60_000, true);
    expect(other.shares).not.toEqual(first.shares);
  });

  it('should derive stable workers from the account name', () => {
    const plan = planSimulation(SEED, ['alice01']);
    const again = planSimulation(SEED, ['alice01', 'zed00001']);
    const alice = (workers: typeof plan.workers) =>
      workers
        .filter((worker) => worker.miner === 'alice01')
        .map((worker) => `${worker.pool.name}/${worker.name}/${worker.hashrate}`);
    expect(alice(again.workers)).toEqual(alice(plan.workers));
    const pools = new Set(
      plan.workers.filter((w) => w.miner === 'alice01').map((w) => w.pool.name),
    );
    expect(pools.has('btc')).toBe(true);
    expect(pools.size).toBe(3);
  });

  it('should make demo addresses of the right shape for each address-mining coin', () => {
    const addresses = demoAddresses(SEED);
    expect(addresses).toHaveLength(15);
    for (const { coin, address } of addresses)
      expect(isMiningAddressShape(coin, address)).toBe(true);
    expect(demoAddresses(SEED)).toEqual(addresses);
  });
});

describe.each(testDrivers)('simulator on %s', (driver) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('should back-fill history, find blocks and settle, through the ingest seam', async () => {
    const clock = createManualClock(T0);
    const engine = createPoolEngine({ database, clock, demo: true, seed: SEED, backfillDays: 2 });
    await engine.runOnce();
    const kas = findPool('kas');
    if (kas === undefined) throw new Error('no kas pool');
    const stats = await readPoolStats(database.db, kas, T0);
    expect(stats.pool_hashrate).toBeGreaterThan(0);
    expect(stats.workers).toBeGreaterThan(0);
    expect(stats.blocks_24h).toBeGreaterThan(0);
    const series = await readSeries(
      database.db,
      { pool: kas, miner: '', workerId: 0 },
      '1h',
      '24h',
      T0,
    );
    expect(series.points).toHaveLength(24);
    expect(series.points.filter((point) => point.hashrate > 0).length).toBeGreaterThan(20);
    const address = demoAddresses(SEED).find((entry) => entry.coin === 'kas')?.address ?? '';
    const workers = await readWorkerPage(
      database.db,
      kas,
      address,
      { page: 1, page_size: 10, sort: 'worker_name', order: 'asc' },
      T0,
    );
    expect(workers.total).toBeGreaterThanOrEqual(2);
    const settled = await queryRows<{ count: unknown }>(
      database.db,
      sql`SELECT count(*)::int AS count FROM profit_days WHERE status = 'settled'`,
    );
    expect(toNumber(settled[0]?.count)).toBeGreaterThan(0);

    // One more minute: the shares written equal the pure step's output for that minute.
    clock.advance(60_000);
    await engine.runOnce();
    const plan = planSimulation(SEED, []);
    const step = simulateStep(SEED, plan, new Map(), T0, 60_000, true);
    const expected = step.shares
      .filter((share) => share.address === address && share.accepted)
      .reduce((sum, share) => sum + share.difficulty, 0);
    const written = await queryRows<{ acc: unknown }>(
      database.db,
      sql`SELECT COALESCE(sum(s.acc_diff), 0) AS acc FROM share_minutes s JOIN workers w ON w.id = s.worker_id
        WHERE w.pool = 'kas' AND w.miner = ${address} AND s.minute_ms = ${T0}::bigint`,
    );
    expect(toNumber(written[0]?.acc)).toBeCloseTo(expected, 6);
    await engine.stop();
  });
});
