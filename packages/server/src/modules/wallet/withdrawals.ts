/**
 * Withdrawals: coins from one of the user's mining accounts to a saved address on the chain.
 *
 * Life of a withdrawal (tables in `0012_withdrawals.sql`):
 *
 * 1. Asked for (`withdraw`): `amount + fee` moves from the account's available balance to its
 *    frozen one in one ledger record (type `withdraw`, status `pending`, the id everyone sees),
 *    with the withdrawal and its parts: chain transactions of at most the coin's `maxSingle`,
 *    the fee charged on part 1. Above the coin's `manualAuditAbove` it waits for an operator
 *    (state `manual`, parts `held`, due within 24 hours); otherwise its parts are `queued`.
 * 2. An operator approves (parts `queued`) or rejects it (one `withdraw_refund` record gives the
 *    whole hold back; the reason becomes the record's note). Both are written to the audit log
 *    in the same transaction.
 * 3. The withdrawal job ({@link processWithdrawals}, once a minute of the app's clock) sends
 *    every queued part through the chain adapter, idempotent by part id, then records the
 *    transaction id; a crash in between sends the same part again, which the chain answers with
 *    the first transaction. It then asks the chain about every sent part, and settles each one
 *    that is final: confirmed → a `withdraw_payout` record (frozen → the pool's
 *    `withdrawals_paid`, fee → `withdraw_fees`); failed → a `withdraw_refund` record (frozen →
 *    available). Settlement records carry a unique reference per part, so settling twice posts
 *    nothing. When the last part is settled, the withdrawal and its record get their outcome.
 *
 * Locks: the withdrawal row first, then its parts, then (in the ledger) the balances, in every
 * path, so approvals, rejections and settlements of one withdrawal queue instead of racing.
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { COINS, type CoinId, ERROR_CODES } from '../../contract';
import type { Database } from '../../db/connect';
import { iso, isoSeconds } from '../../db/sql';
import { refuseField } from '../../domain/errors';
import { execute, queryRows, type SqlExecutor, toNumber } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { recordAudit } from '../admin/audit';
import type { ChainAdapter } from '../chain/chainAdapter';
import {
  addUserLog,
  checkTicketCode,
  requireLiveValidation,
  requireUser,
  spendValidationIn,
} from '../identity/users';
import { notifyWithdrawalRejected } from '../notifications/withdrawalNotice';
import { answerOnce, requestHash, runIdempotent } from './idempotency';
import { inLedgerTransaction } from './ledger';
import { verifyPayPassword } from './payPassword';
import { type Movement, move, post, reverse } from './postings';
import { MANUAL_AUDIT_DUE_MS, WITHDRAW_RULES } from './withdrawRules';

/** What a withdrawal asks for, as the contract's body carries it. */
export interface WithdrawRequest {
  readonly coin: CoinId;
  readonly from_account?: string | undefined;
  readonly address_id: string;
  readonly amount: string;
  readonly pay_password: string;
  readonly key_id: string;
  readonly validation_token: string;
  readonly idempotency_key: string;
}

/** The answer of a withdrawal (core's `withdrawalSchema`). */
export interface WithdrawalAnswer {
  readonly id: string;
  readonly coin: CoinId;
  readonly amount: string;
  readonly fee: string;
  readonly status: 'pending';
  readonly manual_audit: boolean;
  readonly parts: number;
  readonly account: string;
  readonly address: string;
  readonly created_at: string;
}

/** A coin's rules as `GET /wallets/withdraw-rules` answers them (core's `withdrawRulesSchema`). */
export interface WithdrawRulesAnswer {
  readonly coin: CoinId;
  readonly min_amount: string;
  readonly fee: string;
  readonly manual_audit_above: string;
  readonly max_single: string;
  readonly paused_until: string | null;
  readonly enabled: boolean;
}

/** Where a withdrawal stands (core's `withdrawalStateSchema`). */
export type WithdrawalState =
  | 'manual'
  | 'processing'
  | 'successful'
  | 'partly_failed'
  | 'failed'
  | 'rejected';

/** Decimal places a coin's amounts may have: its chain's, at most the contract's 18. */
function coinDecimals(coin: CoinId): number {
  return Math.min(COINS[coin].chainDecimals, 18);
}

/**
 * Splits an amount into chain transactions of at most `maxSingle`: full ones, then the rest.
 *
 * @example
 * splitAmount(new Big('0.12'), new Big('0.05')) // [0.05, 0.05, 0.02]
 */
export function splitAmount(amount: Big, maxSingle: Big): Big[] {
  const parts: Big[] = [];
  let rest = amount;
  while (rest.gt(maxSingle)) {
    parts.push(maxSingle);
    rest = rest.minus(maxSingle);
  }
  parts.push(rest);
  return parts;
}

/** The user's pause after a security change, when it is still running. */
function pausedUntil(pausedMs: number | null, nowMs: number): number | null {
  return pausedMs !== null && pausedMs > nowMs ? pausedMs : null;
}

/** A coin's withdrawal rules, with the user's pause after a security change. */
export async function readWithdrawRules(
  context: AppContext,
  userId: string,
  coin: CoinId,
): Promise<WithdrawRulesAnswer> {
  const user = await requireUser(context, userId);
  const rules = WITHDRAW_RULES[coin];
  const paused = pausedUntil(user.withdraw_paused_ms, context.clock.now());
  return {
    coin,
    min_amount: rules.minAmount,
    fee: rules.fee,
    manual_audit_above: rules.manualAuditAbove,
    max_single: rules.maxSingle,
    paused_until: paused === null ? null : isoSeconds(paused),
    enabled: rules.enabled,
  };
}

/**
 * Withdraws `amount` of a coin to one of the user's saved addresses.
 *
 * 1. A repeat (same user and idempotency key) answers the stored answer at once (409 naming
 *    `idempotency_key` when its fields differ); a repeat sent while the first is still running
 *    waits for it and answers its answer, whatever the checks below found (`answerOnce`).
 * 2. Refused while withdrawals are paused after a security change (403 code 40302, the message
 *    says until when), when the coin is closed (400 naming `coin`), when the amount has more
 *    decimals than the coin or is below the minimum (400 naming `amount`), without a live
 *    `withdraw` second validation (400 code 40002 naming `validation_token`), or without the
 *    right pay password (`verifyPayPassword`: 40008 when none is set, 40009 when wrong).
 * 3. In one transaction: claims the key, spends the validation, finds the address (400 naming
 *    `address_id`) and the account (400 naming `from_account`), moves `amount + fee` from
 *    available to frozen (400 code 40007 naming `amount` when the balance is short), writes the
 *    withdrawal and its parts, stores the answer.
 */
export async function withdraw(
  context: AppContext,
  userId: string,
  body: WithdrawRequest,
  request: FastifyRequest,
): Promise<WithdrawalAnswer> {
  const amount = new Big(body.amount);
  const call = {
    userId,
    key: body.idempotency_key,
    endpoint: 'withdraw',
    requestHash: requestHash({
      coin: body.coin,
      from_account: body.from_account?.toLowerCase() ?? null,
      address_id: body.address_id,
      amount: amount.toFixed(),
    }),
  };
  const validation = { userId, scene: 'withdraw', field: 'validation_token' };
  return answerOnce(context.database, call, async () => {
    const user = await requireUser(context, userId);
    const now = context.clock.now();
    const paused = pausedUntil(user.withdraw_paused_ms, now);
    if (paused !== null) {
      throw new HttpError(
        403,
        ERROR_CODES.accountLocked,
        `Withdrawals are paused for 24 hours after a security change (pay password, phone, email or withdraw address), until ${isoSeconds(paused)}`,
      );
    }
    const rules = WITHDRAW_RULES[body.coin];
    if (!rules.enabled) refuseField('coin', `Withdrawals of ${body.coin.toUpperCase()} are closed`);
    const decimals = coinDecimals(body.coin);
    if (amount.round(decimals, Big.roundDown).cmp(amount) !== 0) {
      refuseField('amount', `A ${body.coin} amount has at most ${decimals} decimal places`);
    }
    if (amount.lt(rules.minAmount))
      refuseField('amount', `Amount must be at least ${rules.minAmount}`);
    await requireLiveValidation(context, body.validation_token, validation);
    await checkTicketCode(context, 'validation', body.validation_token, 'validation_token', () =>
      verifyPayPassword(context, userId, body.pay_password, body.key_id),
    );

    const { answer, replayed } = await runIdempotent(context.database, call, now, async (tx) => {
      await spendValidationIn(tx, body.validation_token, validation, now);
      const [address] = /^\d{1,18}$/.test(body.address_id)
        ? await queryRows<{ id: string; address: string }>(
            tx,
            sql`SELECT id::text AS id, address FROM withdraw_addresses
                WHERE id = ${body.address_id}::bigint AND user_id = ${userId}::bigint
                  AND coin = ${body.coin} AND deleted_at IS NULL`,
          )
        : [];
      if (address === undefined) refuseField('address_id', 'No such withdraw address of this coin');
      const [account] = await queryRows<{ id: string; name: string }>(
        tx,
        body.from_account === undefined
          ? sql`SELECT id::text AS id, name FROM mining_accounts
                WHERE user_id = ${userId}::bigint AND is_main`
          : sql`SELECT id::text AS id, name FROM mining_accounts
                WHERE user_id = ${userId}::bigint AND lower(name) = ${body.from_account.toLowerCase()}`,
      );
      if (account === undefined) refuseField('from_account', 'No such mining account of yours');

      return placeWithdrawal(tx, {
        userId,
        account,
        address,
        coin: body.coin,
        amount,
        nowMs: now,
      });
    });
    if (!replayed) await addUserLog(context, userId, 'operation', 'withdraw', request);
    return answer;
  });
}

/** What {@link placeWithdrawal} writes: checked already by the caller. */
export interface NewWithdrawal {
  readonly userId: string;
  /** The mining account the coins leave. */
  readonly account: { readonly id: string; readonly name: string };
  /** The saved address paid to. */
  readonly address: { readonly id: string; readonly address: string };
  readonly coin: CoinId;
  readonly amount: Big;
  readonly nowMs: number;
}

/**
 * Writes a withdrawal inside the caller's ledger transaction: freezes `amount + fee` (400 code
 * 40007 naming `amount` when the balance is short), writes the withdrawal and its parts, and
 * resolves the answer. The caller checked the rules, the address, the account and the user.
 */
export async function placeWithdrawal(
  tx: SqlExecutor,
  input: NewWithdrawal,
): Promise<WithdrawalAnswer> {
  const { userId, account, address, coin, amount, nowMs: now } = input;
  const rules = WITHDRAW_RULES[coin];
  const fee = new Big(rules.fee);
  const total = amount.plus(fee).toFixed();
  const manual = amount.gt(rules.manualAuditAbove);
  const hold = await move(
    tx,
    {
      from: { account: account.id },
      to: { account: account.id, bucket: 'frozen' },
      coin,
      amount: total,
      reason: {
        type: 'withdraw',
        status: 'pending',
        initiatorUserId: userId,
        ...(manual ? { note: 'manual_audit' } : {}),
      },
    },
    now,
  );
  const [withdrawal] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO withdrawals (user_id, mining_account_id, address_id, coin, address, amount,
          fee, state, hold_transaction_id, created_at, audit_due_at)
        VALUES (${userId}::bigint, ${account.id}::bigint, ${address.id}::bigint, ${coin},
          ${address.address}, ${amount.toFixed()}::numeric, ${fee.toFixed()}::numeric,
          ${manual ? 'manual' : 'processing'}, ${hold.id}::bigint, ${iso(now)}::timestamptz,
          ${manual ? iso(now + MANUAL_AUDIT_DUE_MS) : null}::timestamptz)
        RETURNING id::text AS id`,
  );
  if (withdrawal === undefined) throw new Error('The withdrawal was not written');
  const parts = splitAmount(amount, new Big(rules.maxSingle));
  const partNumbers = parts.map((_, index) => index + 1);
  await execute(
    tx,
    sql`INSERT INTO withdrawal_parts (withdrawal_id, part_no, amount, fee, state)
        SELECT ${withdrawal.id}::bigint, n, a, CASE WHEN n = 1 THEN ${fee.toFixed()}::numeric ELSE 0 END,
          ${manual ? 'held' : 'queued'}
        FROM unnest(${sql.param(partNumbers)}::int[],
                    ${sql.param(parts.map((part) => part.toFixed()))}::numeric[]) AS p(n, a)`,
  );
  return {
    id: hold.id,
    coin,
    amount: amount.toFixed(),
    fee: fee.toFixed(),
    status: 'pending' as const,
    manual_audit: manual,
    parts: parts.length,
    account: account.name,
    address: address.address,
    created_at: isoSeconds(now),
  };
}

// ── The withdrawal job ─────────────────────────────────────────────────────────────────────

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
    const recorded = await queryRows<{ id: string }>(
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

/**
 * Settles one sent part: paid (`withdraw_payout`: frozen → `withdrawals_paid`, its fee →
 * `withdraw_fees`) or failed (`withdraw_refund`: frozen → available). Nothing happens when the
 * part is settled already.
 */
export async function settlePart(
  database: Database,
  partId: string,
  paid: boolean,
  nowMs: number,
): Promise<boolean> {
  return inLedgerTransaction(database, async (tx) => {
    const [withdrawal] = await queryRows<{
      id: string;
      coin: string;
      mining_account_id: string;
    }>(
      tx,
      sql`SELECT w.id::text AS id, w.coin, w.mining_account_id::text AS mining_account_id
          FROM withdrawals w
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
    const coin = withdrawal.coin;
    const frozen = { account: withdrawal.mining_account_id, bucket: 'frozen' } as const;
    const movements: Movement[] = paid
      ? [
          { from: frozen, to: { system: 'withdrawals_paid' }, coin, amount: part.amount },
          ...(new Big(part.fee).eq(0)
            ? []
            : [{ from: frozen, to: { system: 'withdraw_fees' }, coin, amount: part.fee } as const]),
        ]
      : [
          {
            from: frozen,
            to: { account: withdrawal.mining_account_id },
            coin,
            amount: new Big(part.amount).plus(part.fee).toFixed(),
          },
        ];
    const record = await post(
      tx,
      paid
        ? { type: 'withdraw_payout', reference: `withdrawal-part:${partId}:payout` }
        : {
            type: 'withdraw_refund',
            reference: `withdrawal-part:${partId}:refund`,
            note: 'refund',
          },
      movements,
      nowMs,
    );
    await execute(
      tx,
      sql`UPDATE withdrawal_parts SET state = ${paid ? 'confirmed' : 'failed'},
            settled_at = ${iso(nowMs)}::timestamptz, settle_transaction_id = ${record.posted ? record.id : null}::bigint
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
    if (await settlePart(database, part.id, status === 'confirmed', nowMs)) {
      if (status === 'confirmed') confirmed += 1;
      else failed += 1;
    }
  }
  return { broadcast, confirmed, failed };
}

// ── The operators' audit queue ─────────────────────────────────────────────────────────────

/** A withdrawal as operators see it (core's `adminWithdrawalSchema`). */
export interface AdminWithdrawalAnswer {
  readonly id: string;
  readonly user: string;
  readonly account: string;
  readonly coin: CoinId;
  readonly amount: string;
  readonly fee: string;
  readonly address: string;
  readonly parts: number;
  readonly state: WithdrawalState;
  readonly created_at: string;
  readonly audit_due_at: string | null;
  readonly reviewed_by: string | null;
  readonly reviewed_at: string | null;
  readonly reject_reason: string | null;
}

const adminColumns = sql`w.hold_transaction_id::text AS id, u.username AS user_name,
  ma.name AS account, w.coin, w.amount::text AS amount, w.fee::text AS fee, w.address,
  (SELECT count(*)::int FROM withdrawal_parts p WHERE p.withdrawal_id = w.id) AS parts, w.state,
  (extract(epoch from w.created_at) * 1000)::float8 AS created_ms,
  (extract(epoch from w.audit_due_at) * 1000)::float8 AS due_ms,
  r.username AS reviewed_by, (extract(epoch from w.reviewed_at) * 1000)::float8 AS reviewed_ms,
  w.reject_reason`;

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
  };
}

/** Withdrawals of one state: the audit queue (`manual`) oldest first, the others newest first. */
export async function readAdminWithdrawals(
  executor: SqlExecutor,
  query: { readonly page: number; readonly page_size: number; readonly state: WithdrawalState },
): Promise<{ list: AdminWithdrawalAnswer[]; total: number; page: number; page_size: number }> {
  const [counted] = await queryRows<{ total: unknown }>(
    executor,
    sql`SELECT count(*)::int AS total FROM withdrawals WHERE state = ${query.state}`,
  );
  const order = query.state === 'manual' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<AdminRow>(
    executor,
    sql`SELECT ${adminColumns} ${adminJoins} WHERE w.state = ${query.state}
        ORDER BY w.created_at ${order}, w.id ${order}
        LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
  );
  return {
    list: rows.map(adminAnswer),
    total: toNumber(counted?.total),
    page: query.page,
    page_size: query.page_size,
  };
}

async function readAdminWithdrawal(
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
async function lockManual(
  tx: SqlExecutor,
  id: string,
): Promise<{
  id: string;
  coin: string;
  amount: string;
  fee: string;
  address: string;
  mining_account_id: string;
  user_id: string;
  user_name: string;
}> {
  const notFound = () =>
    new HttpError(404, ERROR_CODES.notFound, 'No such withdrawal', {
      fields: [{ field: 'id', message: 'No such withdrawal' }],
    });
  if (!/^\d{1,18}$/.test(id)) throw notFound();
  const [row] = await queryRows<{
    id: string;
    state: string;
    coin: string;
    amount: string;
    fee: string;
    address: string;
    mining_account_id: string;
    user_id: string;
    user_name: string;
  }>(
    tx,
    sql`SELECT w.id::text AS id, w.state, w.coin, w.amount::text AS amount, w.fee::text AS fee,
          w.address, w.mining_account_id::text AS mining_account_id, w.user_id::text AS user_id,
          (SELECT username FROM users WHERE id = w.user_id) AS user_name
        FROM withdrawals w WHERE w.hold_transaction_id = ${id}::bigint FOR UPDATE`,
  );
  if (row === undefined) throw notFound();
  if (row.state !== 'manual') {
    throw new HttpError(409, ERROR_CODES.conflict, 'This withdrawal is not waiting for audit', {
      fields: [{ field: 'id', message: 'This withdrawal is not waiting for audit' }],
    });
  }
  return row;
}

/**
 * Approves a withdrawal waiting for audit: its parts are queued for the chain, and the audit
 * entry `withdrawals.approve` is written in the same transaction. Send the parts afterwards
 * with {@link broadcastQueuedParts} (the job would within a minute).
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
      details: {
        user: withdrawal.user_name,
        coin: withdrawal.coin,
        amount: new Big(withdrawal.amount).toFixed(),
        address: withdrawal.address,
      },
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
      details: {
        user: withdrawal.user_name,
        coin: withdrawal.coin,
        amount: new Big(withdrawal.amount).toFixed(),
        address: withdrawal.address,
        reason,
      },
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
