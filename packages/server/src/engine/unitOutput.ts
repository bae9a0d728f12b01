import { sql } from 'drizzle-orm';
import { hourSubsidies } from './hourSubsidies';
import { baseNetworkDifficulty, type PoolDefinition, PPS_PLUS_FEE_PERCENT } from './poolCatalog';
import { dayStartMs } from './settlement';
import { queryRows, type SqlExecutor, toDecimalString } from './sql';

const HOUR_MS = 3_600_000;

/**
 * The PPS+ output of one unit of hashrate (`pool.params.unitHashrate`, e.g. 1 TH/s) over one UTC
 * day, net of the pool fee: what a steady unit mining the whole day under PPS+ would have been
 * paid. Contract output and red-packet income are this figure scaled by their hashrate, so they
 * follow the pool's real day (its network difficulty and the fees of the blocks it found) the
 * way miners' own income does (`settlement.ts` uses the same formula per miner):
 *
 * - `pps = Σ_hours (unit × 3600 / hashesPerDifficulty) / network difficulty of the hour × subsidy
 *   at the hour's height` (an hour with no recorded difficulty counts the demo's base difficulty;
 *   the subsidy comes from {@link hourSubsidies});
 * - `pplns = fees of the pool's (non-solo, non-orphaned) blocks of the day × unit difficulty of
 *   the day / settled PPS+ difficulty of the day` (0 when nobody mined PPS+ that day);
 * - `output = trunc(pps + pplns − trunc((pps + pplns) × 2.5 %))`, each step truncated to the
 *   coin's chain decimals, as settlement truncates.
 *
 * @param day - `YYYY-MM-DD` (UTC); meaningful once the day has closed and been settled
 * @returns a decimal string in the coin, without trailing zeros
 */
export async function ppsUnitOutput(
  executor: SqlExecutor,
  pool: PoolDefinition,
  day: string,
): Promise<string> {
  const fromMs = dayStartMs(day);
  const toMs = fromMs + 24 * HOUR_MS;
  const decimals = pool.info.chainDecimals;
  const unitDiffPerHour = (pool.params.unitHashrate * 3600) / pool.params.hashesPerDifficulty;
  const subsidies = await hourSubsidies(executor, pool, fromMs, toMs);
  const rows = await queryRows<{ output: string }>(
    executor,
    sql`WITH hours AS (
        SELECT hs.hour_ms::bigint AS hour_ms, hs.subsidy::numeric AS subsidy
        FROM (VALUES ${subsidies}) AS hs (hour_ms, subsidy)
      ), per_subsidy AS (
        -- Summed per subsidy first, so a day of one subsidy pays exactly Σ share × subsidy.
        SELECT hours.subsidy, sum(${unitDiffPerHour}::numeric
          / COALESCE(n.difficulty, ${baseNetworkDifficulty(pool)}::float8)::numeric) AS block_share
        FROM hours LEFT JOIN network_hourly n ON n.pool = ${pool.name} AND n.hour_ms = hours.hour_ms
        GROUP BY hours.subsidy
      ), share AS (
        SELECT COALESCE(sum(block_share * subsidy), 0) AS pps_due FROM per_subsidy
      ), fees AS (
        SELECT COALESCE(sum(reward - subsidy), 0) AS fees FROM blocks
        WHERE pool = ${pool.name} AND NOT solo AND NOT orphaned
          AND found_ms >= ${fromMs}::bigint AND found_ms < ${toMs}::bigint
      ), pps_total AS (
        SELECT COALESCE(sum(diff), 0) AS diff FROM profit_days
        WHERE pool = ${pool.name} AND day = ${day}::date AND pay_method = 'PPS+'
      ), gross AS (
        SELECT trunc(s.pps_due, ${decimals}::int) AS pps,
          CASE WHEN t.diff > 0
            THEN trunc(f.fees * ${unitDiffPerHour * 24}::numeric / t.diff::numeric, ${decimals}::int)
            ELSE 0 END AS pplns
        FROM share s CROSS JOIN fees f CROSS JOIN pps_total t
      )
      SELECT (pps + pplns - trunc((pps + pplns) * ${PPS_PLUS_FEE_PERCENT}::numeric / 100,
        ${decimals}::int))::text AS output
      FROM gross`,
  );
  return toDecimalString(rows[0]?.output ?? '0');
}
