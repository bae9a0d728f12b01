import { type SQL, sql } from 'drizzle-orm';
import { estimatedHeight, type PoolDefinition, subsidyAt } from './poolCatalog';
import { queryRows, type SqlExecutor, toNumber, valuesList } from './sql';

const HOUR_MS = 3_600_000;

/**
 * The block subsidy of every hour of `[fromMs, toMs)` (hour-aligned) for PPS, as a SQL
 * `VALUES` list of `(hour_ms, subsidy)` rows, both bound as text: cast them (`::bigint`,
 * `::numeric`) where they are used. An hour pays the subsidy of the chain height recorded for it
 * in `network_hourly` ({@link subsidyAt}); an hour without a record, that of the height the
 * coin's reference estimates for it (as the demo chain does), so PPS for a day that crosses a
 * halving pays each hour at its own side.
 */
export async function hourSubsidies(
  executor: SqlExecutor,
  pool: PoolDefinition,
  fromMs: number,
  toMs: number,
): Promise<SQL> {
  const rows = await queryRows<{ hour_ms: unknown; height: unknown }>(
    executor,
    sql`SELECT hour_ms::float8 AS hour_ms, height::float8 AS height FROM network_hourly
      WHERE pool = ${pool.name} AND hour_ms >= ${fromMs}::bigint AND hour_ms < ${toMs}::bigint`,
  );
  const heights = new Map(rows.map((row) => [toNumber(row.hour_ms), toNumber(row.height)]));
  const values: [string, string][] = [];
  for (let hourMs = fromMs; hourMs < toMs; hourMs += HOUR_MS) {
    const height = heights.get(hourMs) ?? estimatedHeight(pool, hourMs);
    values.push([String(hourMs), subsidyAt(pool, Math.round(height))]);
  }
  return valuesList(values);
}
