import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { SHARE_MINUTES_RETENTION_MS, TEN_MINUTE_RETENTION_MS } from './rollup';
import { execute, queryRows } from './sql';

const DAY_MS = 86_400_000;

/** A series table partitioned by day on a bigint epoch-ms column (migration 0022). */
export interface PartitionedTable {
  readonly table: string;
  readonly column: string;
  /** Rows older than this are dropped with their partition. */
  readonly retentionMs: number;
}

/** The engine's partitioned series. */
export const PARTITIONED_TABLES: readonly PartitionedTable[] = [
  { table: 'share_minutes', column: 'minute_ms', retentionMs: SHARE_MINUTES_RETENTION_MS },
  { table: 'hashrate_10m', column: 'bucket_ms', retentionMs: TEN_MINUTE_RETENTION_MS },
];

/** Days ahead of today that get their partition in advance. */
const DAYS_AHEAD = 2;

function dayName(dayStartMs: number): string {
  return new Date(dayStartMs).toISOString().slice(0, 10).replaceAll('-', '');
}

/** The partition of `table` holding the UTC day that starts at `dayStartMs`. */
export function partitionName(table: string, dayStartMs: number): string {
  return `${table}_p${dayName(dayStartMs)}`;
}

/** The daily partitions of a table now, by the start of their day. */
async function dailyPartitions(database: Database, table: string): Promise<Map<number, string>> {
  const rows = await queryRows<{ name: string }>(
    database.db,
    sql`SELECT c.relname AS name FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = to_regclass(${table})`,
  );
  const days = new Map<number, string>();
  for (const { name } of rows) {
    const match = /_p(\d{4})(\d{2})(\d{2})$/.exec(name);
    if (match === null) continue;
    days.set(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])), name);
  }
  return days;
}

/** What {@link maintainPartitions} changed. */
export interface PartitionChanges {
  readonly created: string[];
  readonly dropped: string[];
}

/**
 * Keeps the daily partitions of the engine's series (`share_minutes`, `hashrate_10m`): creates
 * the partitions of yesterday, today and the next {@link DAYS_AHEAD} days that are missing
 * (moving any rows of that day out of the DEFAULT partition first, in the same transaction,
 * so back-filled history lands where it belongs), and drops each partition whose whole day is
 * older than the table's retention. The roll-up still deletes the rows past retention inside
 * the oldest kept day. The engine runs it at its first pass and hourly, under its once-per-
 * minute claim, so one node at a time does it.
 *
 * @returns the partitions created and dropped
 */
export async function maintainPartitions(
  database: Database,
  nowMs: number,
  tables: readonly PartitionedTable[] = PARTITIONED_TABLES,
): Promise<PartitionChanges> {
  const created: string[] = [];
  const dropped: string[] = [];
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  for (const spec of tables) {
    const existing = await dailyPartitions(database, spec.table);
    const table = sql.raw(spec.table);
    const column = sql.raw(spec.column);
    for (let day = today - DAY_MS; day <= today + DAYS_AHEAD * DAY_MS; day += DAY_MS) {
      if (existing.has(day)) continue;
      const name = partitionName(spec.table, day);
      const partition = sql.raw(name);
      const defaultPartition = sql.raw(`${spec.table}_default`);
      const from = sql.raw(String(day));
      const to = sql.raw(String(day + DAY_MS));
      await database.db.transaction(async (tx) => {
        await execute(tx, sql`CREATE TABLE ${partition} (LIKE ${table} INCLUDING DEFAULTS)`);
        await execute(
          tx,
          sql`WITH moved AS (
              DELETE FROM ${defaultPartition} WHERE ${column} >= ${from} AND ${column} < ${to}
              RETURNING *)
            INSERT INTO ${partition} SELECT * FROM moved`,
        );
        await execute(
          tx,
          sql`ALTER TABLE ${table} ATTACH PARTITION ${partition} FOR VALUES FROM (${from}) TO (${to})`,
        );
      });
      created.push(name);
    }
    for (const [day, name] of existing) {
      if (day + DAY_MS <= nowMs - spec.retentionMs) {
        await execute(database.db, sql`DROP TABLE IF EXISTS ${sql.raw(name)}`);
        dropped.push(name);
      }
    }
  }
  return { created, dropped };
}
