/**
 * Asking for a withdrawal: a coin's rules as the user reads them, the checks a request passes
 * (core's withdrawal amount rule among them), and the hold it places.
 *
 * Withdrawals pay coins from one of the user's mining accounts to a saved address on the chain
 * (tables in `0012_withdrawals.sql`). Their life, file by file:
 *
 * 1. Asked for (here, `withdraw`): `amount + fee` moves from the account's available balance to
 *    its frozen one in one ledger record (type `withdraw`, status `pending`, the id everyone
 *    sees), with the withdrawal and its parts: chain transactions of at most the coin's
 *    `maxSingle`, the fee charged on part 1. Above the coin's `manualAuditAbove` it waits for an
 *    operator (state `manual`, parts `held`, due within 24 hours); otherwise its parts are
 *    `queued`.
 * 2. An operator approves or rejects it (`withdrawalReview.ts`); operators list them
 *    (`withdrawalQueries.ts`).
 * 3. The withdrawal job sends the queued parts and settles the final ones
 *    (`withdrawalSending.ts`).
 *
 * Locks: the withdrawal row first, then its parts, then (in the ledger) the balances, in every
 * path, so approvals, rejections and settlements of one withdrawal queue instead of racing.
 */
import {
  checkWithdrawalAmount,
  splitWithdrawal,
  type WithdrawalAmountProblem,
} from '@poolkit/core';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { type AnswerOf, type CoinId, ERROR_CODES } from '../../contract';
import { iso, isoSeconds } from '../../db/sql';
import { refuseField } from '../../domain/errors';
import { execute, queryRows, type SqlExecutor } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import type { NodeAddressChecks } from '../chain/nodeChain';
import { addUserLog, requireUser } from '../identity/users';
import { answerOnce, requestHash, runIdempotent } from './idempotency';
import { move } from './postings';
import { type AccountRow, type IdRow, ownAccount, ownAddress, type PayeeRow } from './rows';
import { checkPayAuthorisation } from './secondValidation';
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
export type WithdrawalAnswer = AnswerOf<'withdraw'>;

/** A coin's rules as `GET /wallets/withdraw-rules` answers them (core's `withdrawRulesSchema`). */
export type WithdrawRulesAnswer = AnswerOf<'withdrawRules'>;

/** The user's pause after a security change, when it is still running. */
function pausedUntil(pausedMs: number | null, nowMs: number): number | null {
  return pausedMs !== null && pausedMs > nowMs ? pausedMs : null;
}

/**
 * A coin's withdrawal rules, with the user's pause after a security change and who judges a
 * new withdraw address: the coin's node when `nodeChecks` has one for it, core's shape otherwise.
 */
export async function readWithdrawRules(
  context: AppContext,
  userId: string,
  coin: CoinId,
  nodeChecks: NodeAddressChecks = new Map(),
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
    address_check: nodeChecks.has(coin) ? 'node' : 'shape',
  };
}

/**
 * Refuses an amount the way the API words core's withdrawal amount rule, naming `field`: too
 * many decimals for the coin, or below `belowMinimum`'s floor (its own text). The contract's
 * schema lets no empty, malformed or zero amount through, so those read as one plain refusal.
 */
export function refuseAmount(
  field: string,
  coin: CoinId,
  problem: WithdrawalAmountProblem,
  belowMinimum: (minimum: string) => string,
): never {
  switch (problem.kind) {
    case 'tooPrecise':
      return refuseField(field, `A ${coin} amount has at most ${problem.decimals} decimal places`);
    case 'belowMinimum':
      return refuseField(field, belowMinimum(problem.minimum));
    case 'insufficient':
      return refuseField(field, 'Insufficient balance', ERROR_CODES.insufficientBalance);
    default:
      return refuseField(field, 'Amount must be a positive decimal number');
  }
}

/**
 * Withdraws `amount` of a coin to one of the user's saved addresses.
 *
 * 1. A repeat (same user and idempotency key) answers the stored answer at once (409 naming
 *    `idempotency_key` when its fields differ); a repeat sent while the first is still running
 *    waits for it and answers its answer, whatever the checks below found (`answerOnce`).
 * 2. Refused while withdrawals are paused after a security change (403 code 40302, the message
 *    says until when), when the coin is closed (400 naming `coin`), when the amount has more
 *    decimals than the coin or is below the minimum (400 naming `amount`, core's
 *    `checkWithdrawalAmount`), without a live `withdraw` second validation (400 code 40002
 *    naming `validation_token`), or without the right pay password (40008 when none is set,
 *    40009 when wrong): {@link checkPayAuthorisation}.
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
    const problem = checkWithdrawalAmount(body.amount, {
      coin: body.coin,
      minAmount: rules.minAmount,
    });
    if (problem !== null) {
      refuseAmount('amount', body.coin, problem, (minimum) => `Amount must be at least ${minimum}`);
    }
    const authorised = await checkPayAuthorisation(context, userId, 'withdraw', body);

    const { answer, replayed } = await runIdempotent(context.database, call, now, async (tx) => {
      await authorised.spendIn(tx, now);
      const address = await ownAddress(tx, userId, body.coin, body.address_id);
      const account = await ownAccount(tx, userId, body.from_account, 'from_account');
      return placeWithdrawal(tx, { userId, account, address, coin: body.coin, amount, nowMs: now });
    });
    if (!replayed) await addUserLog(context, userId, 'operation', 'withdraw', request);
    return answer;
  });
}

/** What {@link placeWithdrawal} writes: checked already by the caller. */
export interface NewWithdrawal {
  readonly userId: string;
  /** The mining account the coins leave. */
  readonly account: AccountRow;
  /** The saved address paid to. */
  readonly address: PayeeRow;
  readonly coin: CoinId;
  readonly amount: Big;
  readonly nowMs: number;
}

/**
 * Writes a withdrawal inside the caller's ledger transaction: freezes `amount + fee` (400 code
 * 40007 naming `amount` when the balance is short), writes the withdrawal and its parts (core's
 * `splitWithdrawal` at the coin's `maxSingle`), and resolves the answer. The caller checked the
 * rules, the address, the account and the user.
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
  const [withdrawal] = await queryRows<IdRow>(
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
  const parts = splitWithdrawal(amount.toFixed(), rules.maxSingle);
  const partNumbers = parts.map((_, index) => index + 1);
  await execute(
    tx,
    sql`INSERT INTO withdrawal_parts (withdrawal_id, part_no, amount, fee, state)
        SELECT ${withdrawal.id}::bigint, n, a, CASE WHEN n = 1 THEN ${fee.toFixed()}::numeric ELSE 0 END,
          ${manual ? 'held' : 'queued'}
        FROM unnest(${sql.param(partNumbers)}::int[], ${sql.param(parts)}::numeric[]) AS p(n, a)`,
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
