import Big from 'big.js';
import { compareDecimal, isDecimalString } from '../format/decimal';
import { CHAIN_DECIMALS } from './chainDecimals';
import type { CoinId } from './coinIds';

/** The most decimal places the API carries for any amount. */
export const API_AMOUNT_DECIMALS = 18;

/**
 * Decimal places a withdrawal of `coin` may have: the coin's chain's, at most the API's 18. A coin
 * PoolKit does not list gets the API's 18.
 *
 * @example
 * withdrawalDecimals('btc') // 8
 * withdrawalDecimals('etc') // 18
 */
export function withdrawalDecimals(coin: string): number {
  // The table has a key for every coin id and no other (its type and test hold it), so it tells a
  // listed coin as isCoinId would, without bundling the list of ids into the money dialogs.
  return Object.hasOwn(CHAIN_DECIMALS, coin)
    ? Math.min(CHAIN_DECIMALS[coin as CoinId], API_AMOUNT_DECIMALS)
    : API_AMOUNT_DECIMALS;
}

/** Why a withdrawal amount is refused; the widget and the server each word it in their own way. */
export type WithdrawalAmountProblem =
  | { readonly kind: 'required' }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'notPositive' }
  | { readonly kind: 'tooPrecise'; readonly decimals: number }
  | { readonly kind: 'belowMinimum'; readonly minimum: string }
  | { readonly kind: 'insufficient' };

/** What {@link checkWithdrawalAmount} checks an amount against. */
export interface WithdrawalAmountRules {
  readonly coin: string;
  /** The smallest amount the address may receive. */
  readonly minAmount: string;
  /** The network fee, taken once per withdrawal on top of the amount; with `available`. */
  readonly fee?: string;
  /** The balance the amount and the fee leave; left out, the balance is not checked. */
  readonly available?: string;
}

/**
 * The first rule a withdrawal amount breaks, or `null` when it may be sent: a plain positive
 * decimal string, with at most the coin's decimal places ({@link withdrawalDecimals}), at least
 * the minimum, and with the fee at most the available balance. The same rules on both sides of
 * the API: the widget checks before it sends, the server checks what arrives.
 *
 * @example
 * checkWithdrawalAmount('0.000000001', { coin: 'btc', minAmount: '0.001' })
 * // { kind: 'tooPrecise', decimals: 8 }
 */
export function checkWithdrawalAmount(
  amount: string,
  rules: WithdrawalAmountRules,
): WithdrawalAmountProblem | null {
  if (amount === '') return { kind: 'required' };
  if (!isDecimalString(amount) || amount.startsWith('-')) return { kind: 'invalid' };
  if (compareDecimal(amount, '0') <= 0) return { kind: 'notPositive' };
  const decimals = withdrawalDecimals(rules.coin);
  if ((amount.split('.')[1]?.length ?? 0) > decimals) {
    // Trailing zeros do not make an amount more precise.
    const significant = amount.replace(/\.?0+$/, '');
    if ((significant.split('.')[1]?.length ?? 0) > decimals)
      return { kind: 'tooPrecise', decimals };
  }
  if (compareDecimal(amount, rules.minAmount) < 0) {
    return { kind: 'belowMinimum', minimum: rules.minAmount };
  }
  if (rules.available !== undefined) {
    const leaving = new Big(amount).plus(rules.fee ?? '0');
    if (leaving.gt(rules.available)) return { kind: 'insufficient' };
  }
  return null;
}

/**
 * Splits a withdrawal into chain transactions of at most `maxSingle` each: full ones, then the
 * rest. A `maxSingle` of zero or less sends it whole.
 *
 * @example
 * splitWithdrawal('0.12', '0.05') // ['0.05', '0.05', '0.02']
 */
export function splitWithdrawal(amount: string, maxSingle: string): string[] {
  const max = new Big(maxSingle);
  const total = new Big(amount);
  if (max.lte(0)) return [total.toFixed()];
  const whole = total.div(max).round(0, Big.roundDown).toNumber();
  const rest = total.minus(max.times(whole));
  const parts = Array.from({ length: whole }, () => max.toFixed());
  if (rest.gt(0) || parts.length === 0) parts.push(rest.toFixed());
  return parts;
}

/**
 * How many chain transactions {@link splitWithdrawal} makes of `amount`, without building them:
 * safe for any amount a user may type.
 *
 * @example
 * withdrawalPartCount('0.12', '0.05') // 3
 * withdrawalPartCount('1000000', '0.1') // 10000000
 */
export function withdrawalPartCount(amount: string, maxSingle: string): number {
  const max = new Big(maxSingle);
  const total = new Big(amount);
  if (max.lte(0) || total.lte(max)) return 1;
  return total.div(max).round(0, Big.roundUp).toNumber();
}
