/**
 * Exchange between coins within one of the caller's mining accounts: a firm quote at the price
 * feed's prices, stored server-side for a short while (`exchange_quotes`), then its execution
 * as one ledger record (type `exchange`) with entries in both coins against the pool's
 * exchange desk, under the ledger's row locks, once per quote.
 *
 * ```text
 * rate       = price_from (USD) / price_to (USD), cut to 18 decimals
 * gross      = amount_in × rate, cut to the `to` coin's decimals
 * fee        = gross × fee percent, rounded up to the `to` coin's decimals
 * amount_out = gross − fee
 * entries    : account −amount_in from, desk +amount_in from;
 *              desk −gross to, account +amount_out to, fees +fee to
 * ```
 */
import { randomBytes } from 'node:crypto';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { type AnswerOf, type CoinId, ERROR_CODES } from '../../contract';
import { iso, isoSeconds } from '../../db/sql';
import { refuseField } from '../../domain/errors';
import { queryRows } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { addUserLog } from '../identity/users';
import { PRICE_MAX_AGE_MS, type PriceService } from '../prices/service';
import { answerOnce, requestHash, runIdempotent } from './idempotency';
import { verifyPayPassword } from './payPassword';
import { type LedgerPlace, post } from './postings';
import { type BalanceRow, ownAccount } from './rows';
import { transferDecimals } from './transfer';

/** The exchange desk's fee, percent of the amount bought. */
export const EXCHANGE_FEE_PERCENT = '0.5';
/** Decimal places of a quoted rate (the contract's amounts carry at most 18). */
const RATE_DECIMALS = 18;

const DESK: LedgerPlace = { system: 'exchange_desk' };
const FEES: LedgerPlace = { system: 'exchange_fees' };

/** What a quote asks for, as the contract's query carries it. */
export interface QuoteRequest {
  readonly account: string;
  readonly from: CoinId;
  readonly to: CoinId;
  readonly amount: string;
}

/** The answer of a quote (`exchangeQuoteSchema`). */
export type QuoteAnswer = AnswerOf<'exchangeQuote'>;

/** What an exchange asks for (`exchangeBodySchema`). */
export interface ExchangeRequest {
  readonly quote_id: string;
  readonly pay_password: string;
  readonly key_id: string;
  readonly idempotency_key: string;
}

/** The answer of an exchange (`exchangeSchema`). */
export type ExchangeAnswer = AnswerOf<'exchange'>;

/** The amounts of an exchange at two prices in USD; `undefined` when nothing would arrive. */
export function exchangeAmounts(
  amountIn: string,
  fromUsd: string,
  toUsd: string,
  toDecimals: number,
  feePercent: string = EXCHANGE_FEE_PERCENT,
): { rate: string; gross: string; fee: string; amountOut: string } | undefined {
  const rate = new Big(fromUsd).div(toUsd).round(RATE_DECIMALS, Big.roundDown);
  const gross = new Big(amountIn).times(rate).round(toDecimals, Big.roundDown);
  const fee = gross.times(feePercent).div(100).round(toDecimals, Big.roundUp);
  const amountOut = gross.minus(fee);
  if (rate.lte(0) || amountOut.lte(0)) return undefined;
  return {
    rate: rate.toFixed(),
    gross: gross.toFixed(),
    fee: fee.toFixed(),
    amountOut: amountOut.toFixed(),
  };
}

/**
 * A firm quote: the feed's latest prices (503 when a coin has none, or they are older than
 * {@link PRICE_MAX_AGE_MS}), the fee, the amount received; stored with a random id and an
 * expiry of `ttlMs`. Refused (400 naming the field) for an account that is not the caller's,
 * an amount with more decimals than the coin, an amount too small to buy anything, or more
 * than the account's available balance (code 40007).
 */
export async function quoteExchange(
  context: AppContext,
  prices: PriceService,
  userId: string,
  query: QuoteRequest,
  ttlMs: number,
): Promise<QuoteAnswer> {
  const db = context.database.db;
  const now = context.clock.now();
  const amount = new Big(query.amount);
  const decimals = transferDecimals(query.from);
  if (amount.round(decimals, Big.roundDown).cmp(amount) !== 0) {
    refuseField('amount', `A ${query.from} amount has at most ${decimals} decimal places`);
  }
  const account = await ownAccount(db, userId, query.account, 'account');
  const snapshot = await prices.read(db);
  const from = snapshot.coins.get(query.from);
  const to = snapshot.coins.get(query.to);
  if (from === undefined || to === undefined) {
    throw new HttpError(503, ERROR_CODES.unavailable, 'No price is known for this pair of coins');
  }
  if (now - Math.min(from.updatedMs, to.updatedMs) > PRICE_MAX_AGE_MS) {
    throw new HttpError(503, ERROR_CODES.unavailable, 'The prices are out of date: try later');
  }
  const amounts = exchangeAmounts(amount.toFixed(), from.usd, to.usd, transferDecimals(query.to));
  if (amounts === undefined) refuseField('amount', 'The amount is too small to exchange');
  const [available] = await queryRows<BalanceRow>(
    db,
    sql`SELECT COALESCE(sum(balance), 0)::text AS balance FROM ledger_accounts
        WHERE holder = 'mining_account' AND mining_account_id = ${account.id}::bigint
          AND coin = ${query.from} AND bucket = 'available'`,
  );
  if (amount.gt(available?.balance ?? '0')) {
    refuseField('amount', 'Insufficient balance', ERROR_CODES.insufficientBalance);
  }
  const id = randomBytes(16).toString('hex');
  const expiresMs = now + ttlMs;
  await db.execute(
    sql`INSERT INTO exchange_quotes (id, user_id, mining_account_id, from_coin, to_coin,
          amount_in, amount_out, rate, fee, fee_percent, from_usd, to_usd, created_at, expires_at)
        VALUES (${id}, ${userId}::bigint, ${account.id}::bigint, ${query.from}, ${query.to},
          ${amount.toFixed()}::numeric, ${amounts.amountOut}::numeric, ${amounts.rate}::numeric,
          ${amounts.fee}::numeric, ${EXCHANGE_FEE_PERCENT}::numeric, ${from.usd}::numeric,
          ${to.usd}::numeric, ${iso(now)}::timestamptz, ${iso(expiresMs)}::timestamptz)`,
  );
  return {
    quote_id: id,
    account: account.name,
    from: query.from,
    to: query.to,
    amount_in: amount.toFixed(),
    amount_out: amounts.amountOut,
    rate: amounts.rate,
    fee: amounts.fee,
    fee_percent: EXCHANGE_FEE_PERCENT,
    expires_at: isoSeconds(expiresMs),
  };
}

/**
 * Carries out a quote.
 *
 * 1. A repeat (same user and idempotency key) answers the stored answer (409 when it named
 *    another quote); a repeat sent while the first is still running waits for it and answers
 *    its answer, not "used already" (`answerOnce`).
 * 2. The pay password is checked (see `verifyPayPassword`).
 * 3. In one transaction (`runIdempotent`): locks the caller's quote (400 naming `quote_id` when
 *    there is none; 409 when it was used; 400 code 40010 when it has expired), posts the
 *    `exchange` record at the quoted amounts (400 code 40007 naming `amount` when the balance
 *    is short), marks the quote used and stores the answer.
 */
export async function exchange(
  context: AppContext,
  userId: string,
  body: ExchangeRequest,
  request: FastifyRequest,
): Promise<ExchangeAnswer> {
  const call = {
    userId,
    key: body.idempotency_key,
    endpoint: 'exchange',
    requestHash: requestHash({ quote_id: body.quote_id }),
  };
  return answerOnce(context.database, call, async () => {
    await verifyPayPassword(context, userId, body.pay_password, body.key_id);

    const { answer, replayed } = await runIdempotent(
      context.database,
      call,
      context.clock.now(),
      async (tx) => {
        const now = context.clock.now();
        const [quote] = await queryRows<{
          account_id: string;
          account: string;
          from_coin: CoinId;
          to_coin: CoinId;
          amount_in: string;
          amount_out: string;
          rate: string;
          fee: string;
          expires_ms: number;
          used: boolean;
        }>(
          tx,
          sql`SELECT q.mining_account_id::text AS account_id, ma.name AS account, q.from_coin,
              q.to_coin, q.amount_in::text AS amount_in, q.amount_out::text AS amount_out,
              q.rate::text AS rate, q.fee::text AS fee,
              (extract(epoch from q.expires_at) * 1000)::float8 AS expires_ms,
              q.used_at IS NOT NULL AS used
            FROM exchange_quotes q JOIN mining_accounts ma ON ma.id = q.mining_account_id
            WHERE q.id = ${body.quote_id} AND q.user_id = ${userId}::bigint
            FOR UPDATE OF q`,
        );
        if (quote === undefined) refuseField('quote_id', 'No such quote');
        if (quote.used) {
          refuseField('quote_id', 'This quote was used already', ERROR_CODES.conflict);
        }
        if (Number(quote.expires_ms) <= now) {
          refuseField(
            'quote_id',
            'The quote has expired: ask for a new one',
            ERROR_CODES.quoteExpired,
          );
        }
        const amountIn = new Big(quote.amount_in).toFixed();
        const amountOut = new Big(quote.amount_out).toFixed();
        const fee = new Big(quote.fee);
        const own = { account: quote.account_id };
        const posted = await post(
          tx,
          {
            type: 'exchange',
            coin: quote.from_coin,
            initiatorUserId: userId,
            note: `${quote.from_coin}→${quote.to_coin} at ${new Big(quote.rate).toFixed()}`,
          },
          [
            { from: own, to: DESK, coin: quote.from_coin, amount: amountIn },
            { from: DESK, to: own, coin: quote.to_coin, amount: amountOut },
            ...(fee.gt(0)
              ? [{ from: DESK, to: FEES, coin: quote.to_coin, amount: fee.toFixed() }]
              : []),
          ],
          now,
        );
        await tx.execute(
          sql`UPDATE exchange_quotes SET used_at = ${iso(now)}::timestamptz,
              ledger_transaction_id = ${posted.id}::bigint
            WHERE id = ${body.quote_id}`,
        );
        return {
          id: posted.id,
          account: quote.account,
          from: quote.from_coin,
          to: quote.to_coin,
          amount_in: amountIn,
          amount_out: amountOut,
          rate: new Big(quote.rate).toFixed(),
          fee: fee.toFixed(),
          status: 'successful' as const,
          created_at: isoSeconds(now),
        };
      },
    );
    if (!replayed) await addUserLog(context, userId, 'operation', 'exchange', request);
    return answer;
  });
}
