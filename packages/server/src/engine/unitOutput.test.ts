import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/connect';
import { openTestDatabase, testDrivers } from '../testing/testDatabase';
import { findPool } from './poolCatalog';
import { execute } from './sql';
import { ppsUnitOutput } from './unitOutput';

const HOUR_MS = 3_600_000;
const DAY = '2026-03-10';
const DAY_START = Date.parse(`${DAY}T00:00:00Z`);

describe.each(testDrivers)('ppsUnitOutput on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await database.close();
  });

  // Sumo: 1 hash per difficulty, unit 1 kH/s, subsidy 4, 9 decimals.
  const pool = findPool('sumo');
  if (pool === undefined) throw new Error('no sumo pool');

  it('should pay a unit its share of the day at the network difficulty, less the 2.5 % fee, with no fees to share', async () => {
    for (let hour = 0; hour < 24; hour += 1) {
      await execute(
        database.db,
        sql`INSERT INTO network_hourly (pool, hour_ms, difficulty, height)
            VALUES ('sumo', ${DAY_START + hour * HOUR_MS}, 1.2e9, ${1000 + hour})`,
      );
    }
    // A unit: 1000 H/s × 3600 s = 3.6e6 difficulty an hour; / 1.2e9 = 0.003 blocks an hour;
    // × 24 = 0.072 blocks × 4 = 0.288; fee 0.0072; net 0.2808.
    expect(await ppsUnitOutput(database.db, pool, DAY)).toBe('0.2808');
  });

  it('should add the unit its share of the day block fees among PPS+ miners (the worked example)', async () => {
    await execute(
      database.db,
      sql`INSERT INTO blocks (pool, height, hash, reward, subsidy, finder, effort, found_ms)
          VALUES ('sumo', 1010, 'h1', 4.5, 4, 'someone', 1, ${DAY_START + 5 * HOUR_MS})`,
    );
    await execute(
      database.db,
      sql`INSERT INTO profit_days (pool, miner, day, diff, pps_amount, pplns_amount, fee, amount,
            pay_method, fee_percent, status)
          VALUES ('sumo', 'someone', ${DAY}::date, 864e6, 0, 0, 0, 0, 'PPS+', 2.5, 'settled')`,
    );
    // pps 0.288 (above); fees 0.5 × (86.4e6 unit difficulty / 864e6 PPS+ difficulty) = 0.05;
    // gross 0.338; fee 0.338 × 2.5 % = 0.00845; net 0.32955.
    expect(await ppsUnitOutput(database.db, pool, DAY)).toBe('0.32955');
  });

  it('should count an hour without a recorded difficulty at the base difficulty', async () => {
    // 1e7 H/s × 240 s block time / 1 = 2.4e9 → 3.6e6 / 2.4e9 = 0.0015 × 24 × 4 = 0.144;
    // fee 0.0036; net 0.1404.
    expect(await ppsUnitOutput(database.db, pool, '2026-03-11')).toBe('0.1404');
  });
});
