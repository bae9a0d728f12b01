/**
 * Internal transfers: coins from one of the caller's mining accounts to any other mining
 * account (another user's or the caller's own), by name, as one ledger record whose two
 * entries commit together.
 */
import { withdrawalDecimals } from '@poolkit/core';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { type AnswerOf, type CoinId, ERROR_CODES } from '../../contract';
import { isoSeconds } from '../../db/sql';
import { refuseField } from '../../domain/errors';
import { queryRows } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { addUserLog, requireUser } from '../identity/users';
import { answerOnce, requestHash, runIdempotent } from './idempotency';
import { move } from './postings';
import { checkPayAuthorisation } from './secondValidation';

/** What a transfer asks for, as the contract's body carries it. */
export interface TransferRequest {
  readonly coin: CoinId;
  readonly from_account: string;
  readonly to_account: string;
  readonly amount: string;
  readonly pay_password: string;
  readonly key_id: string;
  readonly validation_token: string;
  readonly idempotency_key: string;
}

/** The answer of a transfer (`transferSchema`). */
export type TransferAnswer = AnswerOf<'transfer'>;

/**
 * Decimal places a coin's amounts may have: its chain's, at most the contract's 18 (core's
 * `withdrawalDecimals`, the same rule for every amount that moves between accounts).
 */
export function transferDecimals(coin: CoinId): number {
  return withdrawalDecimals(coin);
}

/**
 * Transfers `amount` of a coin between two mining accounts.
 *
 * 1. A repeat of an earlier transfer (same user and idempotency key) answers the stored answer
 *    at once (409 when its fields differ); a repeat sent while the first is still running waits
 *    for it and answers its answer, whatever the checks below found (`answerOnce`).
 * 2. Refused while withdrawals are paused after a security change (403 code 40302), when the
 *    amount has more decimals than the coin (400 naming `amount`), without a live `transfer`
 *    second validation of the caller (400 code 40002 naming `validation_token`), or with a
 *    wrong pay password ({@link checkPayAuthorisation}; each try also spends one of the
 *    validation's five).
 * 3. In one transaction (`runIdempotent`): claims the key, spends the validation, finds the
 *    caller's `from_account` and the receiving `to_account` (400 naming the field when either
 *    is unknown or the receiver is abnormal), posts the record (400 code 40007 naming `amount`
 *    when the balance is short) and stores the answer.
 */
export async function transfer(
  context: AppContext,
  userId: string,
  body: TransferRequest,
  request: FastifyRequest,
): Promise<TransferAnswer> {
  const amount = new Big(body.amount);
  const call = {
    userId,
    key: body.idempotency_key,
    endpoint: 'transfer',
    requestHash: requestHash({
      coin: body.coin,
      from_account: body.from_account.toLowerCase(),
      to_account: body.to_account.toLowerCase(),
      amount: amount.toFixed(),
    }),
  };
  return answerOnce(context.database, call, async () => {
    const user = await requireUser(context, userId);
    const now = context.clock.now();
    if (user.withdraw_paused_ms !== null && user.withdraw_paused_ms > now) {
      throw new HttpError(
        403,
        ERROR_CODES.accountLocked,
        `Withdrawals and transfers are paused after a security change until ${isoSeconds(user.withdraw_paused_ms)}`,
      );
    }
    const decimals = transferDecimals(body.coin);
    if (amount.round(decimals, Big.roundDown).cmp(amount) !== 0) {
      refuseField('amount', `A ${body.coin} amount has at most ${decimals} decimal places`);
    }
    const authorised = await checkPayAuthorisation(context, userId, 'transfer', body);

    const { answer, replayed } = await runIdempotent(context.database, call, now, async (tx) => {
      await authorised.spendIn(tx, now);
      const accounts = await queryRows<{
        id: string;
        name: string;
        user_id: string;
        status: string;
      }>(
        tx,
        sql`SELECT id::text AS id, name, user_id::text AS user_id, status FROM mining_accounts
            WHERE lower(name) IN (${body.from_account.toLowerCase()}, ${body.to_account.toLowerCase()})`,
      );
      const from = accounts.find(
        (account) =>
          account.name.toLowerCase() === body.from_account.toLowerCase() &&
          account.user_id === userId,
      );
      if (from === undefined) refuseField('from_account', 'No such mining account of yours');
      const to = accounts.find(
        (account) => account.name.toLowerCase() === body.to_account.toLowerCase(),
      );
      if (to === undefined) refuseField('to_account', 'No such mining account');
      if (to.status !== 'normal')
        refuseField('to_account', 'This account cannot receive transfers');
      const value = amount.toFixed();
      const posted = await move(
        tx,
        {
          from: { account: from.id },
          to: { account: to.id },
          coin: body.coin,
          amount: value,
          reason: { type: 'transfer', initiatorUserId: userId },
        },
        now,
      );
      return {
        id: posted.id,
        coin: body.coin,
        from_account: from.name,
        to_account: to.name,
        amount: value,
        status: 'successful' as const,
        created_at: isoSeconds(now),
      };
    });
    if (!replayed) await addUserLog(context, userId, 'operation', 'transfer', request);
    return answer;
  });
}
