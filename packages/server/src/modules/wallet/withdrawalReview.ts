/**
 * The operators' audit of withdrawals above a coin's audit limit: approving one queues its parts
 * for the chain; rejecting one gives the whole hold back and tells the user why. Each decision
 * is written to the audit log in the same transaction, and two operators deciding the same
 * withdrawal queue on its row lock: the second finds it decided (409).
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../contract';
import type { Database } from '../../db/connect';
import { iso } from '../../db/sql';
import { notFound, refuseField } from '../../domain/errors';
import { execute, queryRows, type SqlExecutor } from '../../engine/sql';
import { recordAudit } from '../admin/audit';
import { notifyWithdrawalRejected } from '../notifications/withdrawalNotice';
import { inLedgerTransaction } from './ledger';
import { reverse } from './postings';
import { isEntityId, type WithdrawalRow, withdrawalColumns } from './rows';
import { type AdminWithdrawalAnswer, readAdminWithdrawal } from './withdrawalQueries';

/** An operator's decision on a withdrawal waiting for audit. */
export interface AuditDecision {
  readonly operatorId: string;
  /** The withdrawal's record id (`AdminWithdrawalAnswer.id`). */
  readonly id: string;
  readonly ip: string | null;
  readonly nowMs: number;
}

/**
 * Locks a withdrawal waiting for audit: 404 naming `id` when there is none, 409 when it is not
 * waiting (any more: another operator decided first).
 */
async function lockManual(tx: SqlExecutor, id: string): Promise<WithdrawalRow> {
  if (!isEntityId(id)) notFound('id', 'No such withdrawal');
  const [row] = await queryRows<WithdrawalRow>(
    tx,
    sql`SELECT ${withdrawalColumns} FROM withdrawals w
        WHERE w.hold_transaction_id = ${id}::bigint FOR UPDATE`,
  );
  if (row === undefined) notFound('id', 'No such withdrawal');
  if (row.state !== 'manual') {
    refuseField('id', 'This withdrawal is not waiting for audit', ERROR_CODES.conflict);
  }
  return row;
}

/** What the audit log keeps of a withdrawal an operator decided on. */
function withdrawalDetails(withdrawal: WithdrawalRow) {
  return {
    user: withdrawal.user_name,
    coin: withdrawal.coin,
    amount: new Big(withdrawal.amount).toFixed(),
    address: withdrawal.address,
  };
}

/**
 * Approves a withdrawal waiting for audit: its parts are queued for the chain, and the audit
 * entry `withdrawals.approve` is written in the same transaction. Send the parts afterwards
 * with `broadcastQueuedParts` (the job would within a minute).
 */
export async function approveWithdrawal(
  database: Database,
  decision: AuditDecision,
): Promise<AdminWithdrawalAnswer> {
  return database.db.transaction(async (tx) => {
    const withdrawal = await lockManual(tx, decision.id);
    await execute(
      tx,
      sql`UPDATE withdrawals SET state = 'processing', reviewed_by = ${decision.operatorId}::bigint,
            reviewed_at = ${iso(decision.nowMs)}::timestamptz
          WHERE id = ${withdrawal.id}::bigint`,
    );
    await execute(
      tx,
      sql`UPDATE withdrawal_parts SET state = 'queued'
          WHERE withdrawal_id = ${withdrawal.id}::bigint AND state = 'held'`,
    );
    await execute(
      tx,
      sql`UPDATE ledger_transactions SET note = NULL WHERE id = ${decision.id}::bigint`,
    );
    await recordAudit(tx, {
      actorId: decision.operatorId,
      action: 'withdrawals.approve',
      targetType: 'withdrawal',
      targetId: decision.id,
      details: withdrawalDetails(withdrawal),
      ip: decision.ip,
      nowMs: decision.nowMs,
    });
    return readAdminWithdrawal(tx, withdrawal.id);
  });
}

/**
 * Rejects a withdrawal waiting for audit: one `withdraw_refund` record gives the whole hold
 * (amount and fee) back to the available balance, the withdrawal's record fails with the reason
 * as its note (what the user sees), the audit entry `withdrawals.reject` is written and the user
 * gets a message and an email with the reason ({@link notifyWithdrawalRejected}), all in one
 * transaction.
 */
export async function rejectWithdrawal(
  database: Database,
  decision: AuditDecision & { readonly reason: string; readonly siteUrl?: string },
): Promise<AdminWithdrawalAnswer> {
  const reason = decision.reason.trim().slice(0, 200);
  return inLedgerTransaction(database, async (tx) => {
    const withdrawal = await lockManual(tx, decision.id);
    // The refund undoes the hold (amount and fee back from frozen to available).
    const refund = await reverse(
      tx,
      decision.id,
      {
        type: 'withdraw_refund',
        reference: `withdrawal:${withdrawal.id}:rejected`,
        note: 'refund',
      },
      decision.nowMs,
    );
    await execute(
      tx,
      sql`UPDATE withdrawal_parts SET state = 'rejected',
            settled_at = ${iso(decision.nowMs)}::timestamptz,
            settle_transaction_id = ${refund.id}::bigint
          WHERE withdrawal_id = ${withdrawal.id}::bigint`,
    );
    await execute(
      tx,
      sql`UPDATE withdrawals SET state = 'rejected', reject_reason = ${reason},
            reviewed_by = ${decision.operatorId}::bigint,
            reviewed_at = ${iso(decision.nowMs)}::timestamptz
          WHERE id = ${withdrawal.id}::bigint`,
    );
    await execute(
      tx,
      sql`UPDATE ledger_transactions SET status = 'failed', note = ${reason}
          WHERE id = ${decision.id}::bigint`,
    );
    await recordAudit(tx, {
      actorId: decision.operatorId,
      action: 'withdrawals.reject',
      targetType: 'withdrawal',
      targetId: decision.id,
      details: { ...withdrawalDetails(withdrawal), reason },
      ip: decision.ip,
      nowMs: decision.nowMs,
    });
    // The user learns of it at once, with the operator's reason.
    await notifyWithdrawalRejected(tx, {
      userId: withdrawal.user_id,
      coin: withdrawal.coin,
      amount: new Big(withdrawal.amount).toFixed(),
      refunded: new Big(withdrawal.amount).plus(withdrawal.fee).toFixed(),
      address: withdrawal.address,
      reason,
      nowMs: decision.nowMs,
      siteUrl: decision.siteUrl ?? '',
    });
    return readAdminWithdrawal(tx, withdrawal.id);
  });
}
