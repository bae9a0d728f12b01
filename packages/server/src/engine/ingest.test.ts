import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import type { Database } from '../db/connect';
import { openTestDatabase, testDrivers } from '../testing/testDatabase';
import { createIngest, type Ingest, pruneShareIds, type ShareRecord } from './ingest';
import { queryRows, toNumber } from './sql';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 10, 12, 0);

async function addAccount(database: Database, user: string, account: string): Promise<void> {
  await database.db.execute(
    sql`INSERT INTO users (username, password_hash) VALUES (${user}, 'x') ON CONFLICT (username) DO NOTHING`,
  );
  await database.db.execute(
    sql`INSERT INTO mining_accounts (user_id, name) SELECT id, ${account} FROM users WHERE username = ${user}`,
  );
}

/** Accepted and rejected share counts and difficulty of one account, summed over its minutes. */
async function totalsOf(database: Database, account: string) {
  const rows = await queryRows<{ acc: unknown; rej: unknown; diff: unknown }>(
    database.db,
    sql`SELECT COALESCE(SUM(m.acc_count), 0)::int AS acc, COALESCE(SUM(m.rej_count), 0)::int AS rej,
        COALESCE(SUM(m.acc_diff + m.rej_diff), 0)::float8 AS diff
      FROM share_minutes m JOIN workers w ON w.id = m.worker_id
      WHERE w.pool = 'btc' AND w.miner = ${account}`,
  );
  return {
    accepted: toNumber(rows[0]?.acc),
    rejected: toNumber(rows[0]?.rej),
    difficulty: toNumber(rows[0]?.diff),
  };
}

function share(
  account: string,
  id: string | undefined,
  minute: number,
  accepted = true,
): ShareRecord {
  return {
    ...(id === undefined ? {} : { id }),
    account,
    coin: 'btc',
    worker: 'rig1',
    difficulty: 100,
    accepted,
    at: T0 + minute * MINUTE,
  };
}

describe.each(testDrivers)('ingest share ids on %s', (driver) => {
  let database: Database;
  let ingest: Ingest;
  const clock = createManualClock(T0);

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    ingest = createIngest(database, { clock });
    for (const account of [
      'idsone01',
      'idstwo01',
      'idsthree',
      'idsfour1',
      'idsfive1',
      'idssix01',
    ]) {
      await addAccount(database, account, account);
    }
  });

  afterAll(async () => {
    await database?.close();
  });

  it('should count a share id given twice in one batch once', async () => {
    const result = await ingest.recordShares([
      share('idsone01', 'a:1', 0),
      share('idsone01', 'a:1', 0),
      share('idsone01', 'a:2', 1, false),
    ]);
    expect(result).toEqual({ recorded: 2, refused: [], duplicates: 1 });
    expect(await totalsOf(database, 'idsone01')).toEqual({
      accepted: 1,
      rejected: 1,
      difficulty: 200,
    });
  });

  it('should skip a share whose id an earlier call accounted, and count shares without ids', async () => {
    await ingest.recordShares([share('idstwo01', 'b:1', 0), share('idstwo01', 'b:2', 1)]);
    const again = await ingest.recordShares([
      share('idstwo01', 'b:2', 1),
      share('idstwo01', 'b:3', 2),
      share('idstwo01', undefined, 3),
      share('idstwo01', undefined, 3),
    ]);
    expect(again).toEqual({ recorded: 3, refused: [], duplicates: 1 });
    expect((await totalsOf(database, 'idstwo01')).accepted).toBe(5);
    const seen = await queryRows<{ share_id: string; seen_ms: unknown }>(
      database.db,
      sql`SELECT share_id, seen_ms::float8 AS seen_ms FROM ingested_shares WHERE share_id LIKE 'b:%' ORDER BY share_id`,
    );
    expect(seen.map((row) => [row.share_id, toNumber(row.seen_ms)])).toEqual([
      ['b:1', T0],
      ['b:2', T0],
      ['b:3', T0],
    ]);
  });

  it('should not claim the id of a refused share, nor accept a bad id', async () => {
    const refused = await ingest.recordShares([
      { ...share('idsthree', 'c:1', 0), worker: 'Rig 1' },
      { ...share('idsthree', 'c bad id', 0) },
    ]);
    expect(refused.recorded).toBe(0);
    expect(refused.refused.map((entry) => entry.reason.split(':')[0])).toEqual(['worker', 'id']);
    const fixed = await ingest.recordShares([share('idsthree', 'c:1', 0)]);
    expect(fixed).toEqual({ recorded: 1, refused: [], duplicates: 0 });
  });

  it('should claim ids in the transaction that accounts the shares', async () => {
    // PostgreSQL refuses NUL in text: the worker insert fails after the ids were claimed.
    await expect(
      ingest.recordShares([
        share('idsfour1', 'd:1', 0),
        { ...share('idsfour1', 'd:2', 0), ip: 'x\u0000' },
      ]),
    ).rejects.toThrow();
    expect((await totalsOf(database, 'idsfour1')).accepted).toBe(0);
    const retried = await ingest.recordShares([
      share('idsfour1', 'd:1', 0),
      share('idsfour1', 'd:2', 0),
    ]);
    expect(retried).toEqual({ recorded: 2, refused: [], duplicates: 0 });
    expect((await totalsOf(database, 'idsfour1')).accepted).toBe(2);
  });

  it('should account overlapping batches sent at the same time once', async () => {
    const first = [0, 1, 2, 3, 4, 5].map((index) => share('idsfive1', `e:${index}`, index));
    const second = [3, 4, 5, 6, 7, 8].map((index) => share('idsfive1', `e:${index}`, index));
    const results = await Promise.all([ingest.recordShares(first), ingest.recordShares(second)]);
    expect(results.map((result) => result.recorded).reduce((sum, count) => sum + count, 0)).toBe(9);
    expect(results.map((result) => result.duplicates).reduce((sum, count) => sum + count, 0)).toBe(
      3,
    );
    expect((await totalsOf(database, 'idsfive1')).accepted).toBe(9);
  });

  it('should forget ids older than the cut-off, so they count again', async () => {
    clock.set(T0 - 50 * 60 * MINUTE);
    await ingest.recordShares([share('idssix01', 'f:old', 0)]);
    clock.set(T0);
    await ingest.recordShares([share('idssix01', 'f:new', 1)]);
    expect(await pruneShareIds(database, T0 - 48 * 60 * MINUTE)).toBe(1);
    const seen = await queryRows<{ share_id: string }>(
      database.db,
      sql`SELECT share_id FROM ingested_shares WHERE share_id LIKE 'f:%' ORDER BY share_id`,
    );
    expect(seen.map((row) => row.share_id)).toEqual(['f:new']);
    expect((await ingest.recordShares([share('idssix01', 'f:old', 0)])).recorded).toBe(1);
  });
});
