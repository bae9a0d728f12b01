/**
 * What the wallet calls read from the ledger: balances per account and coin, the user's
 * transaction lines, one record with its entries.
 */
import Big from 'big.js';
import { type SQL, sql } from 'drizzle-orm';
import type {
  AccountBalance,
  LedgerEntry,
  TransactionStatus,
  TransactionType,
  WalletBalance,
  WalletTransaction,
} from '../../contract';
import { isoSeconds } from '../../db/sql';
import { queryRows, type SqlExecutor, toDecimalString } from '../../engine/sql';
import { DEPOSIT_CONFIRMATIONS } from './deposits';

/** A user's balances: per account and coin, and per coin summed over the accounts. */
export interface BalanceSummary {
  readonly list: WalletBalance[];
  readonly total_value_cny: string;
  readonly accounts: AccountBalance[];
}

/**
 * The user's balances. Coins are valued at the price feed's prices in CNY (`pricesCny`),
 * rounded half up to 0.01; a coin without a price has `value_cny: null` and adds nothing to
 * the total.
 */
export async function readBalances(
  executor: SqlExecutor,
  userId: string,
  pricesCny: ReadonlyMap<string, string>,
): Promise<BalanceSummary> {
  const rows = await queryRows<{
    account: string;
    coin: string;
    available: string;
    frozen: string;
  }>(
    executor,
    sql`SELECT ma.name AS account, la.coin,
          COALESCE(sum(la.balance) FILTER (WHERE la.bucket = 'available'), 0)::text AS available,
          COALESCE(sum(la.balance) FILTER (WHERE la.bucket = 'frozen'), 0)::text AS frozen
        FROM ledger_accounts la
        JOIN mining_accounts ma ON ma.id = la.mining_account_id
        WHERE la.holder = 'mining_account' AND ma.user_id = ${userId}::bigint
        GROUP BY ma.name, la.coin
        ORDER BY ma.name, la.coin`,
  );
  const byCoin = new Map<string, { available: Big; frozen: Big }>();
  const accounts: AccountBalance[] = rows.map((row) => {
    const sums = byCoin.get(row.coin) ?? { available: new Big(0), frozen: new Big(0) };
    sums.available = sums.available.plus(row.available);
    sums.frozen = sums.frozen.plus(row.frozen);
    byCoin.set(row.coin, sums);
    return {
      account: row.account,
      coin: row.coin as AccountBalance['coin'],
      available: toDecimalString(row.available),
      frozen: toDecimalString(row.frozen),
      total: toDecimalString(new Big(row.available).plus(row.frozen).toFixed()),
    };
  });
  let totalValue = new Big(0);
  const list: WalletBalance[] = [...byCoin]
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([coin, sums]) => {
      const total = sums.available.plus(sums.frozen);
      const price = pricesCny.get(coin);
      const value = price === undefined ? null : total.times(price).round(2, Big.roundHalfUp);
      if (value !== null) totalValue = totalValue.plus(value);
      return {
        coin: coin as WalletBalance['coin'],
        available: toDecimalString(sums.available.toFixed()),
        frozen: toDecimalString(sums.frozen.toFixed()),
        total: toDecimalString(total.toFixed()),
        value_cny: value === null ? null : value.toFixed(2),
      };
    });
  return { list, total_value_cny: totalValue.toFixed(2), accounts };
}

/** The filters of the transaction list and its export. */
export interface LineFilters {
  readonly coin?: string;
  readonly type?: TransactionType;
  readonly status?: TransactionStatus;
  readonly account?: string;
  /** First UTC day, `YYYY-MM-DD`, included. */
  readonly start_date?: string;
  /** Last UTC day, `YYYY-MM-DD`, included. */
  readonly end_date?: string;
  /** One record only (the detail page). */
  readonly transactionId?: string;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The user's transaction lines (one per record, own mining account and coin, its amount the
 * sum of the account's entries in that coin on its available balance; an exchange has an
 * `exchange_out` line in the coin sold and an `exchange_in` line in the coin bought), filtered,
 * newest first. A CTE the list, the count and the export select from.
 */
function linesQuery(userId: string, filters: LineFilters): SQL {
  const conditions: SQL[] = [];
  // The entry's coin: an exchange's record has entries in two coins, a line for each.
  if (filters.coin !== undefined) conditions.push(sql`e.coin = ${filters.coin}`);
  if (filters.status !== undefined) conditions.push(sql`t.status = ${filters.status}`);
  if (filters.start_date !== undefined) {
    conditions.push(sql`t.created_at >= ${`${filters.start_date}T00:00:00Z`}::timestamptz`);
  }
  if (filters.end_date !== undefined) {
    conditions.push(sql`t.created_at < ${`${nextDay(filters.end_date)}T00:00:00Z`}::timestamptz`);
  }
  if (filters.transactionId !== undefined) {
    conditions.push(sql`t.id = ${filters.transactionId}::bigint`);
  }
  // A withdrawal's payouts move only frozen coins: its own line (and detail) shows them.
  conditions.push(sql`t.type <> 'withdraw_payout'`);
  const where = sql`WHERE ${sql.join(conditions, sql` AND `)}`;
  return sql`own AS (
      SELECT la.id AS ledger_account_id, la.bucket, ma.id AS account_id, ma.name AS account
      FROM ledger_accounts la
      JOIN mining_accounts ma ON ma.id = la.mining_account_id
      WHERE la.holder = 'mining_account' AND ma.user_id = ${userId}::bigint
        ${filters.account === undefined ? sql`` : sql`AND ma.name = ${filters.account}`}
    ), grouped AS (
      SELECT t.id, t.created_at, t.type AS record_type, t.status, e.coin, t.note, t.mining_day,
        o.account_id, o.account,
        COALESCE(sum(e.amount) FILTER (WHERE o.bucket = 'available'), 0) AS amount
      FROM own o
      JOIN ledger_entries e ON e.ledger_account_id = o.ledger_account_id
      JOIN ledger_transactions t ON t.id = e.transaction_id
      ${where}
      GROUP BY t.id, o.account_id, o.account, e.coin
    ), unconfirmed AS (
      ${pendingDepositLines(userId, filters)}
    ), lines AS (
      SELECT g.*, CASE
          WHEN g.record_type = 'deposit_pending' THEN 'deposit'
          WHEN g.record_type = 'transfer' AND g.amount < 0 THEN 'transfer_out'
          WHEN g.record_type = 'transfer' THEN 'transfer_in'
          WHEN g.record_type = 'exchange' AND g.amount < 0 THEN 'exchange_out'
          WHEN g.record_type = 'exchange' THEN 'exchange_in'
          ELSE g.record_type END AS type
      FROM (SELECT * FROM grouped UNION ALL SELECT * FROM unconfirmed) g
    )`;
}

/**
 * Deposits seen on the chain but not yet confirmed enough to be credited (a deposit
 * must not be invisible until then). They have no ledger record yet, so each is a line of its
 * own: record type `deposit_pending` (listed as a `pending` `deposit`), its id the deposit's row
 * id (shown as `deposit-<id>`, see {@link pendingDepositId}), its time when it was first seen,
 * with its confirmations. Once credited, the `deposit` ledger record replaces it. Deposits below
 * the minimum are never credited and are not listed here (the deposit dialog shows them).
 */
function pendingDepositLines(userId: string, filters: LineFilters): SQL {
  const conditions: SQL[] = [sql`d.status = 'pending'`];
  if (filters.coin !== undefined) conditions.push(sql`d.coin = ${filters.coin}`);
  if (filters.status !== undefined && filters.status !== 'pending') conditions.push(sql`false`);
  if (filters.transactionId !== undefined) conditions.push(sql`false`);
  if (filters.start_date !== undefined) {
    conditions.push(sql`d.seen_at >= ${`${filters.start_date}T00:00:00Z`}::timestamptz`);
  }
  if (filters.end_date !== undefined) {
    conditions.push(sql`d.seen_at < ${`${nextDay(filters.end_date)}T00:00:00Z`}::timestamptz`);
  }
  return sql`SELECT d.id, d.seen_at AS created_at, 'deposit_pending'::text AS record_type,
        'pending'::text AS status, d.coin, NULL::text AS note, NULL::date AS mining_day,
        ma.id AS account_id, ma.name AS account, d.amount
      FROM deposits d
      JOIN mining_accounts ma ON ma.id = d.mining_account_id
      WHERE ma.user_id = ${userId}::bigint
        ${filters.account === undefined ? sql`` : sql`AND ma.name = ${filters.account}`}
        AND ${sql.join(conditions, sql` AND `)}`;
}

/** The line id of a deposit waiting for confirmations: not a ledger record's id. */
export function pendingDepositId(depositId: string): string {
  return `deposit-${depositId}`;
}

function typeCondition(filters: LineFilters): SQL {
  return filters.type === undefined ? sql`` : sql`WHERE l.type = ${filters.type}`;
}

type LineRow = {
  readonly id: string;
  readonly time_ms: number;
  readonly account: string;
  readonly coin: string;
  readonly type: string;
  readonly amount: string;
  readonly counterparty: string | null;
  readonly fee: string | null;
  readonly tx_id: string | null;
  readonly status: string;
  readonly note: string | null;
  readonly mining_day: string | null;
  readonly confirmations: number | null;
};

function lineOf(row: LineRow): WalletTransaction {
  return {
    id: row.id,
    time: isoSeconds(row.time_ms),
    account: row.account,
    coin: row.coin as WalletTransaction['coin'],
    type: row.type as TransactionType,
    amount: toDecimalString(row.amount),
    fee: row.fee === null ? '0' : toDecimalString(row.fee),
    counterparty: row.counterparty,
    tx_id: row.tx_id,
    status: row.status as TransactionStatus,
    note: row.note,
    ...(row.confirmations === null
      ? {}
      : { confirmations: { count: row.confirmations, needed: DEPOSIT_CONFIRMATIONS } }),
  };
}

async function selectLines(
  executor: SqlExecutor,
  userId: string,
  filters: LineFilters,
  limit: number,
  offset: number,
): Promise<LineRow[]> {
  return queryRows<LineRow>(
    executor,
    sql`WITH ${linesQuery(userId, filters)}
        SELECT CASE WHEN l.record_type = 'deposit_pending' THEN 'deposit-' || l.id::text
            ELSE l.id::text END AS id,
          (extract(epoch from l.created_at) * 1000)::float8 AS time_ms,
          l.account, l.coin, l.type, l.amount::text AS amount, l.status, l.note,
          l.mining_day::text AS mining_day,
          CASE WHEN l.record_type = 'transfer' THEN (
            SELECT ma2.name FROM ledger_entries e2
            JOIN ledger_accounts la2 ON la2.id = e2.ledger_account_id
            JOIN mining_accounts ma2 ON ma2.id = la2.mining_account_id
            WHERE e2.transaction_id = l.id AND ma2.id <> l.account_id
            ORDER BY e2.id LIMIT 1)
          WHEN l.record_type = 'deposit' THEN (
            SELECT d.address FROM deposits d WHERE d.ledger_transaction_id = l.id LIMIT 1)
          WHEN l.record_type = 'deposit_pending' THEN pd.address
          ELSE wd.address END AS counterparty,
          pd.confirmations,
          CASE WHEN l.record_type = 'withdraw' THEN wd.fee::text END AS fee,
          CASE WHEN l.record_type = 'deposit' THEN (
            SELECT d.tx_id FROM deposits d WHERE d.ledger_transaction_id = l.id LIMIT 1)
          WHEN l.record_type = 'deposit_pending' THEN pd.tx_id
          ELSE wd.tx_id END AS tx_id
        FROM lines l
        LEFT JOIN deposits pd ON l.record_type = 'deposit_pending' AND pd.id = l.id
        LEFT JOIN LATERAL (
          SELECT w.address, w.fee, (
              SELECT p.tx_id FROM withdrawal_parts p
              WHERE p.withdrawal_id = w.id AND p.tx_id IS NOT NULL ORDER BY p.part_no LIMIT 1
            ) AS tx_id
          FROM withdrawals w
          WHERE (l.record_type = 'withdraw' AND w.hold_transaction_id = l.id)
            OR (l.record_type = 'withdraw_refund' AND w.id IN (
              SELECT p.withdrawal_id FROM withdrawal_parts p WHERE p.settle_transaction_id = l.id))
          LIMIT 1
        ) wd ON true
        ${typeCondition(filters)}
        ORDER BY l.created_at DESC, l.id DESC, l.account, l.amount
        LIMIT ${limit}::int OFFSET ${offset}::int`,
  );
}

/** One page of the user's transaction lines and the count of all of them. */
export async function readTransactionPage(
  executor: SqlExecutor,
  userId: string,
  filters: LineFilters,
  page: number,
  pageSize: number,
): Promise<{ list: WalletTransaction[]; total: number }> {
  const [count] = await queryRows<{ total: number }>(
    executor,
    sql`WITH ${linesQuery(userId, filters)}
        SELECT count(*)::int AS total FROM lines l ${typeCondition(filters)}`,
  );
  const rows = await selectLines(executor, userId, filters, pageSize, (page - 1) * pageSize);
  return { list: rows.map(lineOf), total: count?.total ?? 0 };
}

/** The most lines one export answers. */
export const EXPORT_MAX_LINES = 100_000;

/** The user's transaction lines of an export, newest first, at most {@link EXPORT_MAX_LINES}. */
export async function readExportLines(
  executor: SqlExecutor,
  userId: string,
  filters: LineFilters,
): Promise<WalletTransaction[]> {
  return (await selectLines(executor, userId, filters, EXPORT_MAX_LINES, 0)).map(lineOf);
}

/** One record as its owner sees it; `undefined` when none of its entries is the user's. */
export async function readTransactionDetail(
  executor: SqlExecutor,
  userId: string,
  transactionId: string,
): Promise<
  | {
      lines: WalletTransaction[];
      entries: LedgerEntry[];
      miningDay: string | null;
      timeMs: number;
    }
  | undefined
> {
  const rows = await selectLines(executor, userId, { transactionId }, 100, 0);
  const first = rows[0];
  if (first === undefined) return undefined;
  const entries = await queryRows<{
    id: string;
    holder: 'own' | 'account' | 'pool';
    name: string;
    coin: string;
    bucket: 'available' | 'frozen';
    amount: string;
  }>(
    executor,
    sql`SELECT e.id::text AS id,
          CASE WHEN la.holder = 'system' THEN 'pool'
               WHEN ma.user_id = ${userId}::bigint THEN 'own' ELSE 'account' END AS holder,
          COALESCE(ma.name, la.system_name) AS name, e.coin, la.bucket, e.amount::text AS amount
        FROM ledger_entries e
        JOIN ledger_accounts la ON la.id = e.ledger_account_id
        LEFT JOIN mining_accounts ma ON ma.id = la.mining_account_id
        WHERE e.transaction_id = ${transactionId}::bigint
          -- A withdrawal's record shows its settlements' entries too: where the coins went.
          OR e.transaction_id IN (
            SELECT p.settle_transaction_id FROM withdrawal_parts p
            JOIN withdrawals w ON w.id = p.withdrawal_id
            WHERE w.hold_transaction_id = ${transactionId}::bigint
              AND p.settle_transaction_id IS NOT NULL)
        ORDER BY e.id`,
  );
  return {
    lines: rows.map(lineOf),
    entries: entries.map((entry) => ({
      id: entry.id,
      holder: entry.holder,
      name: entry.name,
      coin: entry.coin as LedgerEntry['coin'],
      bucket: entry.bucket,
      amount: toDecimalString(entry.amount),
    })),
    miningDay: first.mining_day,
    timeMs: first.time_ms,
  };
}
