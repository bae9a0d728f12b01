import type { WorkerCounts } from '@poolkit/core';
import { type SQL, sql } from 'drizzle-orm';
import type { PoolDefinition } from '../../engine/poolCatalog';
import { execute, queryRows, type SqlExecutor, toNumber } from '../../engine/sql';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The SQL condition of a worker state at `nowMs` (as core's `minerStatus` decides it). */
export function statusCondition(status: 'active' | 'inactive' | 'dead', nowMs: number): SQL {
  const inactiveBefore = nowMs - 15 * MINUTE_MS;
  const deadBefore = nowMs - DAY_MS;
  switch (status) {
    case 'active':
      return sql`w.last_share_ms >= ${inactiveBefore}::bigint`;
    case 'inactive':
      return sql`w.last_share_ms < ${inactiveBefore}::bigint AND w.last_share_ms >= ${deadBefore}::bigint`;
    case 'dead':
      return sql`(w.last_share_ms IS NULL OR w.last_share_ms < ${deadBefore}::bigint)`;
    default:
      return status satisfies never;
  }
}

/** How old a roll-up's worker counts may be and still stand for now (a missed roll-up or two). */
const COUNTS_FRESH_MS = 2 * MINUTE_MS;

/** A miner's worker counts by state as of the last roll-up (`worker_counts`). */
interface CountSnapshot {
  readonly atMs: number;
  readonly active: number;
  readonly inactive: number;
  readonly dead: number;
}

/**
 * The miner's worker counts of the last roll-up, when it ran within the last 2 minutes of
 * `nowMs` (else `undefined`: count the workers). A list answered from it shows states as of
 * that minute, so its rows and its total agree; the hot-read cache keeps such answers until the
 * next roll-up anyway.
 */
export async function readCountSnapshot(
  db: SqlExecutor,
  pool: PoolDefinition,
  miner: string,
  nowMs: number,
): Promise<CountSnapshot | undefined> {
  const rows = await queryRows<{
    at_ms: unknown;
    active: unknown;
    inactive: unknown;
    dead: unknown;
  }>(
    db,
    sql`SELECT at_ms::float8 AS at_ms, active, inactive, dead FROM worker_counts
      WHERE pool = ${pool.name} AND miner = ${miner}`,
  );
  const row = rows[0];
  if (row === undefined) return undefined;
  const atMs = toNumber(row.at_ms);
  if (atMs > nowMs || atMs < nowMs - COUNTS_FRESH_MS) return undefined;
  return {
    atMs,
    active: toNumber(row.active),
    inactive: toNumber(row.inactive),
    dead: toNumber(row.dead),
  };
}

/**
 * Forgets a miner's counted workers (after workers were removed from its list), so the next
 * reads count them until the next roll-up writes them again.
 */
export async function forgetWorkerCounts(
  db: SqlExecutor,
  pool: PoolDefinition,
  miner: string,
): Promise<void> {
  await execute(db, sql`DELETE FROM worker_counts WHERE pool = ${pool.name} AND miner = ${miner}`);
}

/** Workers of a miner (or of a whole pool when `miner` is null) counted by state. */
export async function readWorkerCounts(
  db: SqlExecutor,
  pool: PoolDefinition,
  miner: string | null,
  nowMs: number,
  groupId?: string,
): Promise<WorkerCounts & { miners: number }> {
  if (miner !== null && groupId === undefined) {
    const snapshot = await readCountSnapshot(db, pool, miner, nowMs);
    if (snapshot !== undefined) {
      const { active, inactive, dead } = snapshot;
      return {
        active,
        inactive,
        dead,
        total: active + inactive + dead,
        miners: active > 0 ? 1 : 0,
      };
    }
  }
  const conditions: SQL[] = [
    sql`w.pool = ${pool.name}`,
    sql`NOT w.hidden`,
    sql`w.rolled_ms IS NOT NULL`,
  ];
  if (miner !== null) conditions.push(sql`w.miner = ${miner}`);
  if (groupId !== undefined) {
    if (groupId === 'ungrouped') conditions.push(sql`w.group_id IS NULL`);
    else if (/^\d{1,18}$/.test(groupId)) conditions.push(sql`w.group_id = ${groupId}::bigint`);
    else conditions.push(sql`false`);
  }
  const rows = await queryRows<{
    active: unknown;
    inactive: unknown;
    dead: unknown;
    miners: unknown;
  }>(
    db,
    sql`SELECT count(*) FILTER (WHERE ${statusCondition('active', nowMs)})::int AS active,
        count(*) FILTER (WHERE ${statusCondition('inactive', nowMs)})::int AS inactive,
        count(*) FILTER (WHERE ${statusCondition('dead', nowMs)})::int AS dead,
        count(DISTINCT w.miner) FILTER (WHERE ${statusCondition('active', nowMs)})::int AS miners
      FROM workers w WHERE ${sql.join(conditions, sql` AND `)}`,
  );
  const row = rows[0];
  const active = toNumber(row?.active);
  const inactive = toNumber(row?.inactive);
  const dead = toNumber(row?.dead);
  return { active, inactive, dead, total: active + inactive + dead, miners: toNumber(row?.miners) };
}
