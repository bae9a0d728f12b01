import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/connect';
import { openTestDatabase, testDrivers } from '../testing/testDatabase';
import { createIngest } from './ingest';
import { maintainPartitions, partitionName } from './partitions';
import { queryRows } from './sql';

const DAY = 86_400_000;
const MINUTE = 60_000;
const TODAY = Date.UTC(2026, 2, 10);

async function rowsPerPartition(database: Database): Promise<Record<string, number>> {
  const rows = await queryRows<{ name: string; count: unknown }>(
    database.db,
    sql`SELECT tableoid::regclass::text AS name, count(*)::int AS count FROM share_minutes
      GROUP BY 1 ORDER BY 1`,
  );
  return Object.fromEntries(rows.map((row) => [row.name.replace(/^.*\./, ''), Number(row.count)]));
}

describe.each(testDrivers)('series partitions on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const users = await queryRows<{ id: unknown }>(
      database.db,
      sql`INSERT INTO users (username, password_hash) VALUES ('erin', 'x') RETURNING id`,
    );
    await database.db.execute(
      sql`INSERT INTO mining_accounts (user_id, name) VALUES (${String(users[0]?.id)}::bigint, 'erin01')`,
    );
  });
  afterAll(async () => {
    await database.close();
  });

  it("should create the coming days' partitions and move a day's back-filled rows out of the default one", async () => {
    // History written before any daily partition existed lands in the default partition.
    await createIngest(database).recordShares([
      {
        account: 'erin01',
        coin: 'btc',
        worker: 'r1',
        difficulty: 1,
        accepted: true,
        at: TODAY + 5 * MINUTE,
      },
      {
        account: 'erin01',
        coin: 'btc',
        worker: 'r1',
        difficulty: 1,
        accepted: true,
        at: TODAY - 3 * DAY,
      },
    ]);
    expect(await rowsPerPartition(database)).toEqual({ share_minutes_default: 2 });
    const changes = await maintainPartitions(database, TODAY + 60 * MINUTE);
    expect(changes.created).toContain(partitionName('share_minutes', TODAY));
    expect(changes.created).toContain(partitionName('share_minutes', TODAY + 2 * DAY));
    expect(changes.created).toContain(partitionName('hashrate_10m', TODAY - DAY));
    expect(await rowsPerPartition(database)).toEqual({
      share_minutes_default: 1,
      share_minutes_p20260310: 1,
    });
    // New shares of today go to today's partition; a second run changes nothing.
    await createIngest(database).recordShares([
      {
        account: 'erin01',
        coin: 'btc',
        worker: 'r2',
        difficulty: 1,
        accepted: true,
        at: TODAY + 9 * MINUTE,
      },
    ]);
    expect((await rowsPerPartition(database)).share_minutes_p20260310).toBe(2);
    expect(await maintainPartitions(database, TODAY + 61 * MINUTE)).toEqual({
      created: [],
      dropped: [],
    });
  });

  it('should drop a partition once its whole day is past the retention', async () => {
    // Share minutes are kept 25 hours: two days later, the day before yesterday's goes.
    const later = TODAY + 2 * DAY + 2 * 3_600_000;
    const changes = await maintainPartitions(database, later);
    expect(changes.dropped).toEqual([
      partitionName('share_minutes', TODAY - DAY),
      partitionName('share_minutes', TODAY),
    ]);
    expect(changes.dropped.some((name) => name.startsWith('hashrate_10m'))).toBe(false);
    expect((await rowsPerPartition(database)).share_minutes_p20260310).toBeUndefined();
  });
});
