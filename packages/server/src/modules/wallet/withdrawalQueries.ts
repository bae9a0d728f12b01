/**
 * Withdrawals as operators read them: the pages of one state (the audit queue is `manual`) and
 * one withdrawal by its id, answered as core's `adminWithdrawalSchema` says.
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { AnswerOf, CoinId } from '../../contract';
import { isoSeconds } from '../../db/sql';
import { offsetOf, type PageQuery } from '../../domain/paging';
import { queryRows, type SqlExecutor, toNumber } from '../../engine/sql';

/** A page of withdrawals as operators see them (core's `adminWithdrawalListSchema`). */
export type AdminWithdrawalPage = AnswerOf<'adminWithdrawals'>;

/** A withdrawal as operators see it (core's `adminWithdrawalSchema`). */
export type AdminWithdrawalAnswer = AdminWithdrawalPage['list'][number];

/** Where a withdrawal stands (core's `withdrawalStateSchema`). */
export type WithdrawalState = AdminWithdrawalAnswer['state'];

const adminColumns = sql`w.hold_transaction_id::text AS id, u.username AS user_name,
  ma.name AS account, w.coin, w.amount::text AS amount, w.fee::text AS fee, w.address,
  (SELECT count(*)::int FROM withdrawal_parts p WHERE p.withdrawal_id = w.id) AS parts, w.state,
  (extract(epoch from w.created_at) * 1000)::float8 AS created_ms,
  (extract(epoch from w.audit_due_at) * 1000)::float8 AS due_ms,
  r.username AS reviewed_by, (extract(epoch from w.reviewed_at) * 1000)::float8 AS reviewed_ms,
  w.reject_reason,
  (SELECT sum(p.network_fee)::text FROM withdrawal_parts p WHERE p.withdrawal_id = w.id)
    AS network_fee`;

const adminJoins = sql`FROM withdrawals w
  JOIN users u ON u.id = w.user_id
  JOIN mining_accounts ma ON ma.id = w.mining_account_id
  LEFT JOIN users r ON r.id = w.reviewed_by`;

type AdminRow = {
  id: string;
  user_name: string;
  account: string;
  coin: string;
  amount: string;
  fee: string;
  address: string;
  parts: unknown;
  state: string;
  created_ms: unknown;
  due_ms: unknown;
  reviewed_by: string | null;
  reviewed_ms: unknown;
  reject_reason: string | null;
  network_fee: string | null;
};

function optionalIso(value: unknown): string | null {
  return value === null || value === undefined ? null : isoSeconds(toNumber(value));
}

function adminAnswer(row: AdminRow): AdminWithdrawalAnswer {
  return {
    id: row.id,
    user: row.user_name,
    account: row.account,
    coin: row.coin as CoinId,
    amount: new Big(row.amount).toFixed(),
    fee: new Big(row.fee).toFixed(),
    address: row.address,
    parts: toNumber(row.parts),
    state: row.state as WithdrawalState,
    created_at: isoSeconds(toNumber(row.created_ms)),
    audit_due_at: optionalIso(row.due_ms),
    reviewed_by: row.reviewed_by,
    reviewed_at: optionalIso(row.reviewed_ms),
    reject_reason: row.reject_reason,
    network_fee: row.network_fee === null ? null : new Big(row.network_fee).toFixed(),
  };
}

/** Withdrawals of one state: the audit queue (`manual`) oldest first, the others newest first. */
export async function readAdminWithdrawals(
  executor: SqlExecutor,
  query: PageQuery & { readonly state: WithdrawalState },
): Promise<AdminWithdrawalPage> {
  const [counted] = await queryRows<{ total: unknown }>(
    executor,
    sql`SELECT count(*)::int AS total FROM withdrawals WHERE state = ${query.state}`,
  );
  const order = query.state === 'manual' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<AdminRow>(
    executor,
    sql`SELECT ${adminColumns} ${adminJoins} WHERE w.state = ${query.state}
        ORDER BY w.created_at ${order}, w.id ${order}
        LIMIT ${query.page_size} OFFSET ${offsetOf(query)}`,
  );
  return {
    list: rows.map(adminAnswer),
    total: toNumber(counted?.total),
    page: query.page,
    page_size: query.page_size,
  };
}

/** One withdrawal by its row id (`withdrawals.id`, not the record id operators see). */
export async function readAdminWithdrawal(
  executor: SqlExecutor,
  withdrawalId: string,
): Promise<AdminWithdrawalAnswer> {
  const [row] = await queryRows<AdminRow>(
    executor,
    sql`SELECT ${adminColumns} ${adminJoins} WHERE w.id = ${withdrawalId}::bigint`,
  );
  if (row === undefined) throw new Error('The withdrawal vanished');
  return adminAnswer(row);
}
