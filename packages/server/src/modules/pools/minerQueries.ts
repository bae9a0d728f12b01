import type { ProfitList, ProfitRow } from '@poolkit/core';
import { type SQL, sql } from 'drizzle-orm';
import { hashrateFromDifficulty, type PoolDefinition } from '../../engine/poolCatalog';
import { dayStartMs, utcDay } from '../../engine/settlement';
import {
  queryRows,
  type SqlExecutor,
  toDecimalString,
  toNullableNumber,
  toNumber,
} from '../../engine/sql';

const DAY_MS = 24 * 60 * 60_000;

/** A miner's accepted hashrate windows and 24 h reject rate. */
export async function readMinerWindows(
  db: SqlExecutor,
  pool: PoolDefinition,
  miner: string,
): Promise<{
  accept_15m: { value: number };
  accept_1h: { value: number };
  accept_24h: { value: number };
  reject_rate: number;
  first_share_ms: number | null;
  last_share_ms: number | null;
}> {
  const rows = await queryRows<{
    diff_15m: unknown;
    diff_1h: unknown;
    diff_24h: unknown;
    rej_24h: unknown;
    first_share_ms: unknown;
    last_share_ms: unknown;
  }>(
    db,
    sql`SELECT diff_15m, diff_1h, diff_24h, rej_24h, first_share_ms::float8 AS first_share_ms,
        last_share_ms::float8 AS last_share_ms
      FROM pool_miners WHERE pool = ${pool.name} AND miner = ${miner}`,
  );
  const row = rows[0];
  const acc = toNumber(row?.diff_24h);
  const rej = toNumber(row?.rej_24h);
  return {
    accept_15m: { value: hashrateFromDifficulty(pool, toNumber(row?.diff_15m), 900) },
    accept_1h: { value: hashrateFromDifficulty(pool, toNumber(row?.diff_1h), 3_600) },
    accept_24h: { value: hashrateFromDifficulty(pool, acc, 86_400) },
    reject_rate: acc + rej > 0 ? Math.min(1, rej / (acc + rej)) : 0,
    first_share_ms: toNullableNumber(row?.first_share_ms),
    last_share_ms: toNullableNumber(row?.last_share_ms),
  };
}

/**
 * Income totals of a miner on a pool, NUMERIC sums as decimal strings. A mining account's
 * balance is its ledger balance of the pool's coin (income credited, less what it moved out);
 * an address's is its settled income less its payments.
 */
export async function readProfitTotals(
  db: SqlExecutor,
  pool: PoolDefinition,
  miner: string,
  nowMs: number,
): Promise<{
  balance: string;
  today_estimated: string;
  yesterday_profit: string;
  last_30d_profit: string;
  total_profit: string;
  total_paid: string;
}> {
  const today = utcDay(nowMs);
  const yesterday = utcDay(nowMs - DAY_MS);
  const monthAgo = utcDay(nowMs - 30 * DAY_MS);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT t.total, t.today, t.yesterday, t.last30, t.paid,
        COALESCE(t.ledger, t.total - t.paid) AS balance
      FROM (
        SELECT
          COALESCE(sum(amount) FILTER (WHERE status = 'settled'), 0) AS total,
          COALESCE(sum(amount) FILTER (WHERE status = 'pending' AND day = ${today}::date), 0) AS today,
          COALESCE(sum(amount) FILTER (WHERE status = 'settled' AND day = ${yesterday}::date), 0) AS yesterday,
          COALESCE(sum(amount) FILTER (WHERE status = 'settled' AND day > ${monthAgo}::date), 0) AS last30,
          (SELECT COALESCE(sum(amount + fee), 0) FROM payments
            WHERE pool = ${pool.name} AND miner = ${miner}) AS paid,
          (SELECT sum(COALESCE(la.balance, 0)) FROM pool_miners m
            LEFT JOIN ledger_accounts la ON la.holder = 'mining_account'
              AND la.mining_account_id = m.account_id AND la.coin = m.pool
            WHERE m.pool = ${pool.name} AND m.miner = ${miner} AND m.kind = 'account') AS ledger
        FROM profit_days WHERE pool = ${pool.name} AND miner = ${miner}
      ) t`,
  );
  const row = rows[0] ?? {};
  return {
    balance: toDecimalString(row.balance),
    today_estimated: toDecimalString(row.today),
    yesterday_profit: toDecimalString(row.yesterday),
    last_30d_profit: toDecimalString(row.last30),
    total_profit: toDecimalString(row.total),
    total_paid: toDecimalString(row.paid),
  };
}

/** Date-range filter of profit lists. */
export interface DateRangeQuery {
  readonly start_date?: string | undefined;
  readonly end_date?: string | undefined;
}

/** Profit rows of a miner, newest day first, optionally within a date range; all when no page. */
export async function readProfitRows(
  db: SqlExecutor,
  pool: PoolDefinition,
  miner: string,
  range: DateRangeQuery,
  page?: { page: number; page_size: number },
): Promise<{ rows: ProfitRow[]; total: number }> {
  const conditions: SQL[] = [sql`pool = ${pool.name}`, sql`miner = ${miner}`];
  if (range.start_date !== undefined) conditions.push(sql`day >= ${range.start_date}::date`);
  if (range.end_date !== undefined) conditions.push(sql`day <= ${range.end_date}::date`);
  const where = sql.join(conditions, sql` AND `);
  const limit =
    page === undefined
      ? sql``
      : sql`LIMIT ${page.page_size} OFFSET ${(page.page - 1) * page.page_size}`;
  const countRows = await queryRows<{ total: unknown }>(
    db,
    sql`SELECT count(*)::int AS total FROM profit_days WHERE ${where}`,
  );
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, diff, pps_amount, pplns_amount, fee, amount,
        pay_method, status
      FROM profit_days WHERE ${where} ORDER BY day DESC ${limit}`,
  );
  return {
    total: toNumber(countRows[0]?.total),
    rows: rows.map((row) => ({
      date: String(row.day),
      hashrate: hashrateFromDifficulty(pool, toNumber(row.diff), 86_400),
      amount: toDecimalString(row.amount),
      pps_amount: toDecimalString(row.pps_amount),
      pplns_amount: toDecimalString(row.pplns_amount),
      fee: toDecimalString(row.fee),
      pay_method: row.pay_method === 'SOLO' ? 'SOLO' : 'PPS+',
      status: row.status === 'settled' ? 'settled' : 'pending',
    })),
  };
}

/** A page of profit rows. */
export async function readProfitPage(
  db: SqlExecutor,
  pool: PoolDefinition,
  miner: string,
  query: DateRangeQuery & { page: number; page_size: number },
): Promise<ProfitList> {
  const { rows, total } = await readProfitRows(db, pool, miner, query, query);
  return { list: rows, total, page: query.page, page_size: query.page_size };
}

/** The UTC days of a daily range ending today, oldest first. */
export function dailyRange(range: '7d' | '30d' | '90d', nowMs: number): string[] {
  const count = Number(range.slice(0, -1));
  const today = dayStartMs(utcDay(nowMs));
  return Array.from({ length: count }, (_, index) => utcDay(today - (count - 1 - index) * DAY_MS));
}
