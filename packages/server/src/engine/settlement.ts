import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { inLedgerTransaction } from '../modules/wallet/ledger';
import { creditMiningIncome } from '../modules/wallet/miningIncome';
import { hourSubsidies } from './hourSubsidies';
import {
  baseNetworkDifficulty,
  POOLS,
  type PoolDefinition,
  PPS_PLUS_FEE_PERCENT,
  SOLO_FEE_PERCENT,
} from './poolCatalog';
import { execute, queryRows, type SqlExecutor } from './sql';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** `YYYY-MM-DD` of the UTC day holding `ms`. */
export function utcDay(ms: number): string {
  return new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/** Epoch ms of the start of a `YYYY-MM-DD` UTC day. */
export function dayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/**
 * Writes the profit rows of one pool for `[fromMs, toMs)` of `day` with `status`. All money is
 * NUMERIC arithmetic in SQL, truncated to the coin's chain decimals:
 *
 * - PPS+ miner: `pps = Σ_hours(accepted difficulty / network difficulty of the hour × subsidy
 *   at the hour's height)` ({@link hourSubsidies});
 *   `pplns = Σ(fees of the pool's blocks of the day) × miner difficulty / PPS+ difficulty of the
 *   day`; `fee = (pps + pplns) × 2.5 %`; `amount = pps + pplns − fee`.
 * - SOLO miner: `pps` = the subsidies of the blocks it found itself (each stored at its own
 *   height) and `pplns` = their fees;
 *   `fee = (pps + pplns) × 0.5 %`.
 * - A mining account with a fee coupon whose period covers the day, for the pool's coin (the
 *   latest started, when two ever overlap): the fee is `(pps + pplns) × fee % × (100 −
 *   reduction) / 100`, the row keeps the coupon and `fee_saved` (the fee without it, truncated
 *   alike, minus the fee charged), and `fee_percent` is the rate charged.
 *
 * Settled rows are never rewritten: the upsert only replaces `pending` rows.
 */
async function writeProfitRows(
  executor: SqlExecutor,
  pool: PoolDefinition,
  day: string,
  fromMs: number,
  toMs: number,
  status: 'pending' | 'settled',
): Promise<void> {
  const decimals = pool.info.chainDecimals;
  const fallbackDifficulty = baseNetworkDifficulty(pool);
  // A coupon counts for the day when its period overlaps it: periods run whole UTC days.
  const dayStart = new Date(dayStartMs(day)).toISOString();
  const dayEnd = new Date(dayStartMs(day) + DAY_MS).toISOString();
  const subsidies = await hourSubsidies(executor, pool, fromMs, toMs);
  await execute(
    executor,
    sql`WITH hours AS (
        SELECT h.miner, h.acc_diff, COALESCE(n.difficulty, ${fallbackDifficulty}::float8) AS net_diff,
          hs.subsidy::numeric AS subsidy
        FROM hashrate_1h h
        JOIN (VALUES ${subsidies}) AS hs (hour_ms, subsidy)
          ON hs.hour_ms::bigint = h.bucket_ms - h.bucket_ms % ${HOUR_MS}::bigint
        LEFT JOIN network_hourly n ON n.pool = h.pool AND n.hour_ms = h.bucket_ms
        WHERE h.pool = ${pool.name} AND h.worker_id = 0 AND h.miner <> ''
          AND h.bucket_ms >= ${fromMs}::bigint AND h.bucket_ms < ${toMs}::bigint
      ), per_subsidy AS (
        -- Shares summed per subsidy first (a day has one, two across a halving), so a day of one
        -- subsidy pays exactly Σ share × subsidy.
        SELECT miner, subsidy, sum(acc_diff) AS diff,
          sum(acc_diff::numeric / net_diff::numeric) AS block_share
        FROM hours GROUP BY miner, subsidy
      ), per_miner AS (
        SELECT miner, sum(diff) AS diff, sum(block_share * subsidy) AS pps_due
        FROM per_subsidy GROUP BY miner
      ), modes AS (
        SELECT pm.miner, pm.diff, pm.pps_due, COALESCE(pay.pay_method, 'PPS+') AS pay_method,
          cp.id AS coupon_id, COALESCE(cp.fee_reduction_percent, 0) AS reduction
        FROM per_miner pm
        LEFT JOIN pool_miners m ON m.pool = ${pool.name} AND m.miner = pm.miner
        LEFT JOIN account_pay_methods pay ON pay.account_id = m.account_id AND pay.pool = ${pool.name}
        LEFT JOIN LATERAL (
          SELECT c.id, b.fee_reduction_percent FROM coupons c
          JOIN coupon_batches b ON b.id = c.batch_id
          WHERE m.kind = 'account' AND c.account_id = m.account_id AND c.coin = ${pool.coin}
            AND c.started_at < ${dayEnd}::timestamptz AND c.ends_at > ${dayStart}::timestamptz
          ORDER BY c.started_at DESC, c.id DESC LIMIT 1
        ) cp ON true
      ), pool_fees AS (
        SELECT COALESCE(sum(reward - subsidy), 0) AS fees FROM blocks
        WHERE pool = ${pool.name} AND NOT solo AND NOT orphaned
          AND found_ms >= ${fromMs}::bigint AND found_ms < ${toMs}::bigint
      ), pps_total AS (
        SELECT COALESCE(sum(diff), 0) AS diff FROM modes WHERE pay_method = 'PPS+'
      ), solo AS (
        SELECT finder AS miner, sum(subsidy) AS subsidy, sum(reward - subsidy) AS fees FROM blocks
        WHERE pool = ${pool.name} AND solo AND NOT orphaned
          AND found_ms >= ${fromMs}::bigint AND found_ms < ${toMs}::bigint
        GROUP BY finder
      ), gross AS (
        SELECT m.miner, m.diff, m.pay_method, m.coupon_id, m.reduction,
          CASE WHEN m.pay_method = 'PPS+'
            THEN trunc(m.pps_due, ${decimals}::int)
            ELSE trunc(COALESCE(s.subsidy, 0), ${decimals}::int) END AS pps,
          CASE WHEN m.pay_method = 'PPS+'
            THEN CASE WHEN t.diff > 0
              THEN trunc(f.fees * m.diff::numeric / t.diff::numeric, ${decimals}::int) ELSE 0 END
            ELSE trunc(COALESCE(s.fees, 0), ${decimals}::int) END AS pplns,
          CASE WHEN m.pay_method = 'PPS+' THEN ${PPS_PLUS_FEE_PERCENT}::numeric
            ELSE ${SOLO_FEE_PERCENT}::numeric END AS fee_percent
        FROM modes m CROSS JOIN pool_fees f CROSS JOIN pps_total t
        LEFT JOIN solo s ON s.miner = m.miner
      ), net AS (
        SELECT miner, diff, pay_method, pps, pplns, coupon_id,
          fee_percent * (100 - reduction) / 100 AS charged_percent,
          trunc((pps + pplns) * fee_percent / 100, ${decimals}::int) AS full_fee,
          trunc((pps + pplns) * fee_percent * (100 - reduction) / 10000, ${decimals}::int) AS fee
        FROM gross
      )
      INSERT INTO profit_days (pool, miner, day, diff, pps_amount, pplns_amount, fee, amount,
        pay_method, fee_percent, status, coupon_id, fee_saved)
      SELECT ${pool.name}, miner, ${day}::date, diff, pps, pplns, fee, pps + pplns - fee,
        pay_method, charged_percent, ${status}, coupon_id, full_fee - fee
      FROM net
      ON CONFLICT (pool, miner, day) DO UPDATE SET diff = excluded.diff,
        pps_amount = excluded.pps_amount, pplns_amount = excluded.pplns_amount,
        fee = excluded.fee, amount = excluded.amount, pay_method = excluded.pay_method,
        fee_percent = excluded.fee_percent, status = excluded.status,
        coupon_id = excluded.coupon_id, fee_saved = excluded.fee_saved
      WHERE profit_days.status = 'pending'`,
  );
}

/**
 * Settles one UTC day of one pool, once: in one transaction it claims the day in
 * `settlements` (primary key pool + day), writes the settled profit rows, credits each mining
 * account's income to its ledger balance (`creditMiningIncome`), and pays every address whose
 * balance reached the pool's minimum payout. A second run, concurrent or later, finds the day
 * claimed and changes nothing.
 *
 * @returns true when this call settled the day, false when it was already settled
 */
export async function settleDay(
  database: Database,
  poolName: string,
  day: string,
  nowMs: number,
): Promise<boolean> {
  const pool = POOLS.get(poolName);
  if (pool === undefined) throw new RangeError(`settleDay: unknown pool ${poolName}`);
  const fromMs = dayStartMs(day);
  if (!Number.isFinite(fromMs)) throw new RangeError(`settleDay: bad day ${day}`);
  return inLedgerTransaction(database, async (tx) => {
    const claimed = await queryRows<{ pool: string }>(
      tx,
      sql`INSERT INTO settlements (pool, day, settled_ms) VALUES (${pool.name}, ${day}::date, ${nowMs}::bigint)
        ON CONFLICT (pool, day) DO NOTHING RETURNING pool`,
    );
    if (claimed.length === 0) return false;
    await writeProfitRows(tx, pool, day, fromMs, fromMs + DAY_MS, 'settled');
    await creditMiningIncome(tx, { pool: pool.name, day }, nowMs);
    if (pool.addressMining) {
      // A payment is dated when its day closed (00:00 UTC after it), never later than now: the
      // engine settles a day at its first tick after midnight, so this is when the day's payout
      // is due; days settled together (after downtime, or the demo's backfilled week) keep one
      // time each instead of all showing the catch-up moment. The settlement's real
      // run time stays in `settlements.settled_ms`.
      const paidMs = Math.min(nowMs, fromMs + DAY_MS);
      await execute(
        tx,
        sql`INSERT INTO payments (pool, miner, day, amount, fee, tx_id, status, created_ms)
          SELECT b.pool, b.miner, ${day}::date, b.balance, 0,
            md5(b.pool || ':' || b.miner || ':' || ${day}), 'confirmed', ${paidMs}::bigint
          FROM (
            SELECT p.pool, p.miner,
              sum(p.amount) - COALESCE((SELECT sum(amount + fee) FROM payments pa
                WHERE pa.pool = p.pool AND pa.miner = p.miner), 0) AS balance
            FROM profit_days p
            WHERE p.pool = ${pool.name} AND p.status = 'settled'
            GROUP BY p.pool, p.miner
          ) b
          JOIN pool_miners m ON m.pool = b.pool AND m.miner = b.miner AND m.kind = 'address'
          WHERE b.balance >= ${pool.minPayout}::numeric
          ON CONFLICT (pool, miner, day) DO NOTHING`,
      );
    }
    return true;
  });
}

/** Rewrites the running day's `pending` profit rows of one pool (today's estimate so far). */
export async function estimateToday(
  database: Database,
  poolName: string,
  nowMs: number,
): Promise<void> {
  const pool = POOLS.get(poolName);
  if (pool === undefined) throw new RangeError(`estimateToday: unknown pool ${poolName}`);
  const day = utcDay(nowMs);
  const fromMs = dayStartMs(day);
  await database.db.transaction(async (tx) => {
    await writeProfitRows(tx, pool, day, fromMs, fromMs + DAY_MS, 'pending');
  });
}

/**
 * Settles every closed day that has hourly points but no settlement yet, oldest first, for
 * every pool. Returns how many (pool, day) pairs it settled.
 */
export async function settleClosedDays(database: Database, nowMs: number): Promise<number> {
  const today = dayStartMs(utcDay(nowMs));
  const rows = await queryRows<{ pool: string; day: string }>(
    database.db,
    sql`SELECT DISTINCT h.pool, to_char(to_timestamp(h.bucket_ms / 86400000 * 86400) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
      FROM hashrate_1h h
      WHERE h.worker_id = 0 AND h.miner = '' AND h.bucket_ms < ${today}::bigint
        AND NOT EXISTS (
          SELECT 1 FROM settlements s WHERE s.pool = h.pool
            AND s.day = (to_timestamp(h.bucket_ms / 86400000 * 86400) AT TIME ZONE 'UTC')::date
        )
      ORDER BY day, h.pool`,
  );
  let settled = 0;
  for (const row of rows) {
    if (await settleDay(database, row.pool, row.day, nowMs)) settled += 1;
  }
  return settled;
}
