/**
 * The withdrawal job ({@link processWithdrawals}, once a minute of the app's clock): sends every
 * queued part through the chain adapter, idempotent by part id, then records the transaction
 * id; a crash in between sends the same part again, which the chain answers with the first
 * transaction. It then asks the chain about every sent part and settles each one that is final:
 * confirmed → a `withdraw_payout` record (frozen → the pool's `withdrawals_paid`, fee →
 * `withdraw_fees`) and the network fee the chain paid, when it knows it; failed → a `withdraw_refund` record (frozen → available). Settlement records
 * carry a unique reference per part, so settling twice posts nothing. When the last part is
 * settled, the withdrawal and its record get their outcome.
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { CoinId } from '../../contract';
import type { Database } from '../../db/connect';
import { iso } from '../../db/sql';
import { execute, queryRows, type SqlExecutor } from '../../engine/sql';
import type { ChainAdapter } from '../chain/chainAdapter';
import { inLedgerTransaction } from './ledger';
import { type Movement, post } from './postings';
import { type IdRow, type WithdrawalRow, withdrawalColumns } from './rows';
import type { WithdrawalState } from './withdrawalQueries';

/** The chain's idempotency key of a withdrawal part. */
export function partIdempotencyKey(partId: string): string {
  return `withdrawal-part:${partId}`;
}

/** What one run of {@link processWithdrawals} did. */
export interface WithdrawalRun {
  readonly broadcast: number;
  readonly confirmed: number;
  readonly failed: number;
}

/** Parts handled per run and step; the rest wait for the next run. */
const BATCH_PARTS = 500;

/**
 * Sends the queued parts (of one withdrawal, or all) through the chain and records each
 * transaction id. Safe to run concurrently and again after a crash: the chain answers a
 * part's repeat with its first transaction, and only a part still `queued` is recorded.
 */
export async function broadcastQueuedParts(
  database: Database,
  chain: ChainAdapter,
  nowMs: number,
  withdrawalId?: string,
): Promise<number> {
  const parts = await queryRows<{ id: string; coin: CoinId; address: string; amount: string }>(
    database.db,
    sql`SELECT p.id::text AS id, w.coin, w.address, p.amount::text AS amount
        FROM withdrawal_parts p JOIN withdrawals w ON w.id = p.withdrawal_id
        WHERE p.state = 'queued'
          ${withdrawalId === undefined ? sql`` : sql`AND w.hold_transaction_id = ${withdrawalId}::bigint`}
        ORDER BY p.id LIMIT ${BATCH_PARTS}`,
  );
  let sent = 0;
  for (const part of parts) {
    const { txId } = await chain.broadcast(
      {
        idempotencyKey: partIdempotencyKey(part.id),
        coin: part.coin,
        address: part.address,
        amount: part.amount,
      },
      nowMs,
    );
    const recorded = await queryRows<IdRow>(
      database.db,
      sql`UPDATE withdrawal_parts SET state = 'broadcast', tx_id = ${txId},
            broadcast_at = ${iso(nowMs)}::timestamptz
          WHERE id = ${part.id}::bigint AND state = 'queued' RETURNING id::text AS id`,
    );
    sent += recorded.length;
  }
  return sent;
}

/**
 * Gives a finished withdrawal its outcome, once no part is open: `successful` (every part
 * paid), `failed` (none paid) or `partly_failed`; its record becomes `successful` (with the
 * note `partly_refunded` when a part failed) or `failed`. Call with the withdrawal row locked.
 */
async function finishWhenSettled(tx: SqlExecutor, withdrawalId: string): Promise<void> {
  const [counts] = await queryRows<{ open: number; paid: number; failed: number }>(
    tx,
    sql`SELECT count(*) FILTER (WHERE state IN ('held', 'queued', 'broadcast'))::int AS open,
          count(*) FILTER (WHERE state = 'confirmed')::int AS paid,
          count(*) FILTER (WHERE state = 'failed')::int AS failed
        FROM withdrawal_parts WHERE withdrawal_id = ${withdrawalId}::bigint`,
  );
  if (counts === undefined || counts.open > 0) return;
  const state: WithdrawalState =
    counts.failed === 0 ? 'successful' : counts.paid === 0 ? 'failed' : 'partly_failed';
  const [row] = await queryRows<{ hold: string }>(
    tx,
    sql`UPDATE withdrawals SET state = ${state} WHERE id = ${withdrawalId}::bigint
        RETURNING hold_transaction_id::text AS hold`,
  );
  await execute(
    tx,
    sql`UPDATE ledger_transactions SET
          status = ${state === 'failed' ? 'failed' : 'successful'},
          note = ${state === 'partly_failed' ? 'partly_refunded' : null}
        WHERE id = ${row?.hold ?? '0'}::bigint`,
  );
}

/** What settling a part moves: paid, its amount and fee leave; failed, both come back. */
function settlement(
  withdrawal: WithdrawalRow,
  part: { amount: string; fee: string },
  paid: boolean,
): Movement[] {
  const coin = withdrawal.coin;
  const frozen = { account: withdrawal.mining_account_id, bucket: 'frozen' } as const;
  if (!paid) {
    const back = new Big(part.amount).plus(part.fee).toFixed();
    return [{ from: frozen, to: { account: withdrawal.mining_account_id }, coin, amount: back }];
  }
  return [
    { from: frozen, to: { system: 'withdrawals_paid' }, coin, amount: part.amount },
    ...(new Big(part.fee).eq(0)
      ? []
      : [{ from: frozen, to: { system: 'withdraw_fees' }, coin, amount: part.fee } as const]),
  ];
}

/**
 * Settles one sent part: paid (`withdraw_payout`: frozen → `withdrawals_paid`, its fee →
 * `withdraw_fees`) or failed (`withdraw_refund`: frozen → available). A paid part keeps the
 * network fee its chain reports (`networkFee`, the pool's cost: no ledger movement). Nothing
 * happens when the part is settled already.
 */
export async function settlePart(
  database: Database,
  partId: string,
  paid: boolean,
  nowMs: number,
  networkFee: string | null = null,
): Promise<boolean> {
  return inLedgerTransaction(database, async (tx) => {
    const [withdrawal] = await queryRows<WithdrawalRow>(
      tx,
      sql`SELECT ${withdrawalColumns} FROM withdrawals w
          WHERE w.id = (SELECT withdrawal_id FROM withdrawal_parts WHERE id = ${partId}::bigint)
          FOR UPDATE`,
    );
    if (withdrawal === undefined) return false;
    const [part] = await queryRows<{ amount: string; fee: string }>(
      tx,
      sql`SELECT amount::text AS amount, fee::text AS fee FROM withdrawal_parts
          WHERE id = ${partId}::bigint AND state = 'broadcast' FOR UPDATE`,
    );
    if (part === undefined) return false;
    const record = await post(
      tx,
      paid
        ? { type: 'withdraw_payout', reference: `withdrawal-part:${partId}:payout` }
        : {
            type: 'withdraw_refund',
            reference: `withdrawal-part:${partId}:refund`,
            note: 'refund',
          },
      settlement(withdrawal, part, paid),
      nowMs,
    );
    await execute(
      tx,
      sql`UPDATE withdrawal_parts SET state = ${paid ? 'confirmed' : 'failed'},
            settled_at = ${iso(nowMs)}::timestamptz, settle_transaction_id = ${record.posted ? record.id : null}::bigint,
            network_fee = ${paid ? networkFee : null}::numeric
          WHERE id = ${partId}::bigint`,
    );
    await finishWhenSettled(tx, withdrawal.id);
    return true;
  });
}

/**
 * One run of the withdrawal job: sends the queued parts, then asks the chain about every sent
 * part and settles the final ones. Every step is safe to repeat.
 */
export async function processWithdrawals(
  database: Database,
  chain: ChainAdapter,
  nowMs: number,
): Promise<WithdrawalRun> {
  const broadcast = await broadcastQueuedParts(database, chain, nowMs);
  const sent = await queryRows<{ id: string; tx_id: string }>(
    database.db,
    sql`SELECT id::text AS id, tx_id FROM withdrawal_parts
        WHERE state = 'broadcast' ORDER BY id LIMIT ${BATCH_PARTS}`,
  );
  let confirmed = 0;
  let failed = 0;
  for (const part of sent) {
    const status = await chain.status(part.tx_id, nowMs);
    if (status === 'pending') continue;
    // Read before settling: a node that cannot answer leaves the part for the next run.
    const fee = status === 'confirmed' ? ((await chain.networkFee?.(part.tx_id)) ?? null) : null;
    if (await settlePart(database, part.id, status === 'confirmed', nowMs, fee)) {
      if (status === 'confirmed') confirmed += 1;
      else failed += 1;
    }
  }
  return { broadcast, confirmed, failed };
}
