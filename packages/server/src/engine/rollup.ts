import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { execute, queryRows, type SqlExecutor, toNumber } from './sql';

const MINUTE_MS = 60_000;
const TEN_MINUTES_MS = 10 * MINUTE_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** How long per-minute share sums are kept (a little over the 24 h window). */
export const SHARE_MINUTES_RETENTION_MS = 25 * HOUR_MS;
/** How long 10-minute series points are kept (hourly points are kept for good). */
export const TEN_MINUTE_RETENTION_MS = 30 * DAY_MS;

/** Reads an engine state value. */
export async function readState(executor: SqlExecutor, key: string): Promise<number | null> {
  const rows = await queryRows<{ value: unknown }>(
    executor,
    sql`SELECT value::float8 AS value FROM engine_state WHERE key = ${key}`,
  );
  const row = rows[0];
  return row === undefined ? null : toNumber(row.value);
}

/** Writes an engine state value. */
export async function writeState(executor: SqlExecutor, key: string, value: number): Promise<void> {
  await execute(
    executor,
    sql`INSERT INTO engine_state (key, value) VALUES (${key}, ${Math.round(value)})
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  );
}

/**
 * The minute rollup, for the closed minutes before `nowMs`:
 *
 * 1. sums the per-minute shares since the last rollup into 10-minute and hourly points per
 *    worker, per miner and per pool (the open bucket is rewritten on every run, so it is
 *    always the sum of its closed minutes);
 * 2. refreshes every worker's 15 min / 1 h / 24 h accepted difficulty and 24 h reject rate, and
 *    marks it rolled (the worker list shows rolled workers: "a new worker appears within about
 *    1 minute");
 * 3. sums the workers into their miners and pools;
 * 4. prunes per-minute sums older than 25 hours and 10-minute points older than 30 days.
 *
 * Idempotent: running it twice for the same minute changes nothing.
 */
export async function runRollup(database: Database, nowMs: number): Promise<void> {
  const until = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
  await database.db.transaction(async (tx) => {
    const watermark = await readState(tx, 'rollup_until');
    let since = watermark;
    if (since === null) {
      const first = await queryRows<{ first: unknown }>(
        tx,
        sql`SELECT min(minute_ms)::float8 AS first FROM share_minutes`,
      );
      since = first[0]?.first === null || first[0] === undefined ? until : toNumber(first[0].first);
    }
    // Shares may arrive a little late (batched by the stratum side): redo the last 10 minutes.
    const from = Math.min(since, until - TEN_MINUTES_MS);
    const from10 = Math.floor(from / TEN_MINUTES_MS) * TEN_MINUTES_MS;
    const from60 = Math.floor(from / HOUR_MS) * HOUR_MS;

    for (const [table, step, start] of [
      ['hashrate_10m', TEN_MINUTES_MS, from10],
      ['hashrate_1h', HOUR_MS, from60],
    ] as const) {
      const target = sql.raw(table);
      // A literal (not a parameter), so GROUP BY sees the same expression as SELECT.
      const bucket = sql.raw(`(s.minute_ms / ${step}) * ${step}`);
      const upsert = sql`ON CONFLICT (pool, miner, worker_id, bucket_ms) DO UPDATE SET
        acc_diff = excluded.acc_diff, rej_diff = excluded.rej_diff,
        acc_count = excluded.acc_count, rej_count = excluded.rej_count`;
      const sums = sql`sum(s.acc_diff), sum(s.rej_diff), sum(s.acc_count)::int, sum(s.rej_count)::int`;
      const range = sql`s.minute_ms >= ${start}::bigint AND s.minute_ms < ${until}::bigint`;
      // One scan for the three scopes: worker, miner (worker_id 0) and pool (miner '').
      await execute(
        tx,
        sql`INSERT INTO ${target} (pool, miner, worker_id, bucket_ms, acc_diff, rej_diff, acc_count, rej_count)
          SELECT w.pool,
            CASE WHEN GROUPING(w.miner) = 1 THEN '' ELSE w.miner END,
            CASE WHEN GROUPING(w.id) = 1 THEN 0 ELSE w.id END,
            ${bucket}, ${sums}
          FROM share_minutes s JOIN workers w ON w.id = s.worker_id
          WHERE ${range}
          GROUP BY GROUPING SETS ((w.pool, w.miner, w.id, ${bucket}), (w.pool, w.miner, ${bucket}),
            (w.pool, ${bucket}))
          ${upsert}`,
      );
    }

    const t15 = until - 15 * MINUTE_MS;
    const t1h = until - HOUR_MS;
    const t24h = until - DAY_MS;
    await execute(
      tx,
      sql`UPDATE workers w SET
          diff_15m = x.d15, diff_1h = x.d1h, diff_24h = x.d24, rej_24h = x.r24,
          reject_rate = CASE WHEN x.d24 + x.r24 > 0 THEN x.r24 / (x.d24 + x.r24) ELSE 0 END,
          rolled_ms = ${until}::bigint
        FROM (
          SELECT wk.id,
            COALESCE(a.d15, 0) AS d15, COALESCE(a.d1h, 0) AS d1h,
            COALESCE(a.d24, 0) AS d24, COALESCE(a.r24, 0) AS r24
          FROM workers wk
          LEFT JOIN (
            SELECT worker_id,
              sum(acc_diff) FILTER (WHERE minute_ms >= ${t15}::bigint) AS d15,
              sum(acc_diff) FILTER (WHERE minute_ms >= ${t1h}::bigint) AS d1h,
              sum(acc_diff) AS d24, sum(rej_diff) AS r24
            FROM share_minutes
            WHERE minute_ms >= ${t24h}::bigint AND minute_ms < ${until}::bigint
            GROUP BY worker_id
          ) a ON a.worker_id = wk.id
          WHERE a.worker_id IS NOT NULL OR wk.rolled_ms IS NULL OR wk.diff_24h > 0 OR wk.rej_24h > 0
        ) x
        WHERE w.id = x.id`,
    );
    await execute(
      tx,
      sql`UPDATE pool_miners m SET diff_15m = x.d15, diff_1h = x.d1h, diff_24h = x.d24, rej_24h = x.r24
        FROM (
          SELECT pool, miner, sum(diff_15m) AS d15, sum(diff_1h) AS d1h,
            sum(diff_24h) AS d24, sum(rej_24h) AS r24
          FROM workers GROUP BY pool, miner
        ) x
        WHERE m.pool = x.pool AND m.miner = x.miner
          AND (m.diff_15m, m.diff_1h, m.diff_24h, m.rej_24h) IS DISTINCT FROM (x.d15, x.d1h, x.d24, x.r24)`,
    );
    // The per-miner counts by state as of this minute (the miners list's totals).
    await execute(
      tx,
      sql`INSERT INTO worker_counts (pool, miner, at_ms, active, inactive, dead)
        SELECT pool, miner, ${until}::bigint,
          count(*) FILTER (WHERE last_share_ms >= ${t15}::bigint)::int,
          count(*) FILTER (WHERE last_share_ms < ${t15}::bigint AND last_share_ms >= ${t24h}::bigint)::int,
          count(*) FILTER (WHERE last_share_ms IS NULL OR last_share_ms < ${t24h}::bigint)::int
        FROM workers WHERE NOT hidden AND rolled_ms IS NOT NULL
        GROUP BY pool, miner
        ON CONFLICT (pool, miner) DO UPDATE SET at_ms = excluded.at_ms, active = excluded.active,
          inactive = excluded.inactive, dead = excluded.dead`,
    );
    await execute(tx, sql`DELETE FROM worker_counts WHERE at_ms < ${until}::bigint`);
    await execute(
      tx,
      sql`INSERT INTO pool_stats (pool, diff_15m, diff_24h, miners, workers, rolled_ms)
        SELECT pool, sum(diff_15m), sum(diff_24h),
          count(DISTINCT miner) FILTER (WHERE last_share_ms >= ${until - 15 * MINUTE_MS}::bigint)::int,
          count(*) FILTER (WHERE last_share_ms >= ${until - 15 * MINUTE_MS}::bigint)::int,
          ${until}::bigint
        FROM workers GROUP BY pool
        ON CONFLICT (pool) DO UPDATE SET diff_15m = excluded.diff_15m, diff_24h = excluded.diff_24h,
          miners = excluded.miners, workers = excluded.workers, rolled_ms = excluded.rolled_ms`,
    );
    await execute(
      tx,
      sql`DELETE FROM share_minutes WHERE minute_ms < ${until - SHARE_MINUTES_RETENTION_MS}::bigint`,
    );
    await execute(
      tx,
      sql`DELETE FROM hashrate_10m WHERE bucket_ms < ${until - TEN_MINUTE_RETENTION_MS}::bigint`,
    );
    await writeState(tx, 'rollup_until', until);
  });
}

/**
 * `VACUUM (ANALYZE)` of the engine's busy tables. PostgreSQL's autovacuum does this by itself;
 * PGlite has no autovacuum, so the engine runs it hourly there: without it, the per-minute
 * updates of every worker bloat the tables and index-only scans (the worker counts) must visit
 * every row.
 */
export async function vacuumEngineTables(database: Database): Promise<void> {
  await execute(
    database.db,
    sql`VACUUM (ANALYZE) workers, pool_miners, pool_stats, share_minutes, hashrate_10m, hashrate_1h`,
  );
}
