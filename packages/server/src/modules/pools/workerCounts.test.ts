import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connect';
import { createIngest } from '../../engine/ingest';
import { findPool } from '../../engine/poolCatalog';
import { runRollup } from '../../engine/rollup';
import { queryRows } from '../../engine/sql';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { readWorkerPage } from './queries';
import { forgetWorkerCounts, readWorkerCounts } from './workerCounts';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 15, 12, 0);
const PAGE = { page: 1, page_size: 50, sort: 'worker_name', order: 'asc' } as const;

describe.each(testDrivers)('worker counts of the roll-up on %s', (driver) => {
  let database: Database;
  const pool = findPool('btc');
  if (pool === undefined) throw new Error('no btc pool');

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const users = await queryRows<{ id: unknown }>(
      database.db,
      sql`INSERT INTO users (username, password_hash) VALUES ('dana', 'x') RETURNING id`,
    );
    await database.db.execute(
      sql`INSERT INTO mining_accounts (user_id, name) VALUES (${String(users[0]?.id)}::bigint, 'dana01')`,
    );
    // Three active workers, two that stopped 30 minutes ago.
    await createIngest(database).recordShares(
      ['a1', 'a2', 'a3', 'q1', 'q2'].map((worker) => ({
        account: 'dana01',
        coin: 'btc',
        worker,
        difficulty: 10,
        accepted: true,
        at: T0 - (worker.startsWith('q') ? 30 : 1) * MINUTE,
      })),
    );
    await runRollup(database, T0);
  });

  afterAll(async () => {
    await database.close();
  });

  it('should count the workers by state as of the roll-up minute', async () => {
    const rows = await queryRows<Record<string, unknown>>(
      database.db,
      sql`SELECT at_ms::float8 AS at_ms, active, inactive, dead FROM worker_counts
        WHERE pool = 'btc' AND miner = 'dana01'`,
    );
    expect(rows).toEqual([{ at_ms: T0, active: 3, inactive: 2, dead: 0 }]);
  });

  it('should answer totals from the counts while they are fresh, and count the workers once they are not', async () => {
    // A marker in the counts shows which source answered.
    await database.db.execute(
      sql`UPDATE worker_counts SET active = 30 WHERE pool = 'btc' AND miner = 'dana01'`,
    );
    const fresh = await readWorkerPage(database.db, pool, 'dana01', PAGE, T0 + MINUTE);
    expect(fresh.total).toBe(32);
    expect(fresh.list).toHaveLength(5);
    const active = await readWorkerPage(
      database.db,
      pool,
      'dana01',
      { ...PAGE, status: 'active' },
      T0 + MINUTE,
    );
    expect(active.total).toBe(30);
    expect((await readWorkerCounts(database.db, pool, 'dana01', T0 + MINUTE)).active).toBe(30);
    // A search counts the workers it matches.
    const searched = await readWorkerPage(
      database.db,
      pool,
      'dana01',
      { ...PAGE, search: 'a' },
      T0 + MINUTE,
    );
    expect(searched.total).toBe(3);
    // Three minutes later without a roll-up, the counts are too old to stand for now.
    const stale = await readWorkerPage(database.db, pool, 'dana01', PAGE, T0 + 3 * MINUTE);
    expect(stale.total).toBe(5);
  });

  it('should count the workers again once the counts are forgotten (workers removed)', async () => {
    await forgetWorkerCounts(database.db, pool, 'dana01');
    const page = await readWorkerPage(database.db, pool, 'dana01', PAGE, T0 + MINUTE);
    expect(page.total).toBe(5);
  });
});
