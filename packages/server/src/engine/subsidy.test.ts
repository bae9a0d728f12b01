import { COINS, calculateProfit, halvingRewardAt } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createManualClock } from '../clock';
import type { Database } from '../db/connect';
import { testConfig } from '../testing/testApp';
import { openTestDatabase, testDrivers } from '../testing/testDatabase';
import { createIngest } from './ingest';
import { findPool, type PoolDefinition, PPS_PLUS_FEE_PERCENT, subsidyAt } from './poolCatalog';
import { execute, queryRows, toDecimalString } from './sql';
import { ppsUnitOutput } from './unitOutput';

const HOUR_MS = 3_600_000;
const T0 = Date.UTC(2026, 5, 15, 12, 0);
/** Past RVN's second halving (4,200,000): the subsidy is 1,250, not the stated 2,500. */
const RVN_HEIGHT = 4_300_000;

function rvn(): PoolDefinition {
  const pool = findPool('rvn');
  if (pool === undefined) throw new Error('no rvn pool');
  return pool;
}

describe('subsidyAt', () => {
  it('should follow the coin halving schedule and fall back to the static subsidy', () => {
    expect(subsidyAt(rvn(), 4_199_999)).toBe('2500');
    expect(subsidyAt(rvn(), RVN_HEIGHT)).toBe('1250');
    const doge = findPool('doge');
    if (doge === undefined) throw new Error('no doge pool');
    expect(subsidyAt(doge, 5_000_000)).toBe(doge.subsidy);
  });
});

describe.each(testDrivers)('block subsidy by height on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({ config: testConfig(), db: database, clock: createManualClock(T0) });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should store a block past a halving with the halved subsidy and the rest as fees', async () => {
    await createIngest(database).recordBlock({
      coin: 'rvn',
      height: RVN_HEIGHT,
      hash: 'a'.repeat(64),
      reward: '1250.5',
      finder: 'someone',
      at: T0,
      effort: 1,
    });
    const rows = await queryRows<{ subsidy: string; fees: string }>(
      database.db,
      sql`SELECT subsidy::text AS subsidy, (reward - subsidy)::text AS fees FROM blocks
          WHERE pool = 'rvn' AND height = ${RVN_HEIGHT}`,
    );
    expect(toDecimalString(rows[0]?.subsidy)).toBe('1250');
    expect(toDecimalString(rows[0]?.fees)).toBe('0.5');
  });

  it('should pay PPS for each hour at the subsidy of that hour height, across a halving', async () => {
    const day = '2026-03-10';
    const dayStart = Date.parse(`${day}T00:00:00Z`);
    for (let hour = 0; hour < 24; hour += 1) {
      // Half the day before 4,200,000 (2,500), half after (1,250).
      const height = hour < 12 ? 4_199_000 + hour : 4_200_000 + hour;
      await execute(
        database.db,
        sql`INSERT INTO network_hourly (pool, hour_ms, difficulty, height)
            VALUES ('rvn', ${dayStart + hour * HOUR_MS}, 1.2e7, ${height})`,
      );
    }
    // A unit (1 MH/s) an hour: 1e6 × 3600 / 2^32 difficulty / 1.2e7 blocks, 12 hours at 2,500
    // and 12 at 1,250: 3,600e6 / 2^32 / 1.2e7 × 12 × 3,750 = 0.31432… RVN; less 2.5 %.
    const blocks = (1e6 * 3600) / 2 ** 32 / 1.2e7;
    const gross = blocks * 12 * 3750;
    expect(Number(await ppsUnitOutput(database.db, rvn(), day))).toBeCloseTo(gross * 0.975, 7);
  });

  it('should give the coin list and the coin pages the block reward of the current height', async () => {
    await execute(
      database.db,
      sql`INSERT INTO pool_network (pool, height, difficulty, updated_ms)
          VALUES ('rvn', ${RVN_HEIGHT}, 1.2e7, ${T0})
          ON CONFLICT (pool) DO UPDATE SET height = excluded.height,
            difficulty = excluded.difficulty`,
    );
    const reward = halvingRewardAt(COINS.rvn, RVN_HEIGHT);
    expect(reward).toBe('1250');
    const coins = await app.inject({ method: 'GET', url: '/api/coins' });
    const coin = (
      coins.json() as { data: { list: { coin: string; block_reward: string }[] } }
    ).data.list.find((item) => item.coin === 'rvn');
    expect(coin?.block_reward).toBe(reward);

    const pages = await app.inject({ method: 'GET', url: '/api/pools/coin-pages?search=rvn' });
    expect(pages.statusCode, pages.body).toBe(200);
    const page = (
      pages.json() as { data: { list: { coin: string; daily_profit: string }[] } }
    ).data.list.find((item) => item.coin === 'rvn');
    const pool = rvn();
    const expected = calculateProfit({
      hashrate: pool.params.unitHashrate,
      networkDifficulty: 1.2e7,
      hashesPerDifficulty: pool.params.hashesPerDifficulty,
      blockReward: reward ?? '',
      blockTimeSec: 60,
      coinPrice: 0,
      powerW: 0,
      electricityPricePerKwh: 0,
      poolFeeRate: String(Number(PPS_PLUS_FEE_PERCENT) / 100),
      coinDecimals: pool.info.chainDecimals,
    });
    expect(page?.daily_profit).toBe(expected.daily.coins);
  });
});
