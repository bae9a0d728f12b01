import {
  API_AMOUNT_DECIMALS,
  compareDecimal,
  isDecimalString,
  type WithdrawalAmountProblem,
} from '@poolkit/core';
import type { Translate } from '../useMiningT';

/**
 * The message of a rule a typed amount breaks (core's `checkWithdrawalAmount` and
 * {@link checkInPoolAmount} find it), or `undefined` when there is none. `insufficient` words
 * a balance too small, which each dialog says its own way.
 */
export function amountMessage(
  problem: WithdrawalAmountProblem | null,
  t: Translate,
  insufficient: string,
): string | undefined {
  switch (problem?.kind) {
    case undefined:
      return undefined;
    case 'required':
      return t('validation.amountRequired');
    case 'invalid':
      return t('validation.amountInvalid');
    case 'notPositive':
      return t('validation.amountNotPositive');
    case 'tooPrecise':
      return t('validation.amountTooPrecise', { decimals: problem.decimals });
    case 'belowMinimum':
      return t('validation.amountBelowMinimum', { minimum: problem.minimum });
    default:
      return insufficient;
  }
}

/**
 * The first rule an amount that stays inside PoolKit breaks (a transfer between accounts, an
 * exchange between coins): a positive decimal at the API's precision, at most the balance. No
 * chain carries it, so no coin's decimals and no minimum.
 */
export function checkInPoolAmount(
  amount: string,
  available: string,
): WithdrawalAmountProblem | null {
  if (amount === '') return { kind: 'required' };
  if (!isDecimalString(amount) || amount.startsWith('-')) return { kind: 'invalid' };
  if (compareDecimal(amount, '0') <= 0) return { kind: 'notPositive' };
  if ((amount.split('.')[1]?.length ?? 0) > API_AMOUNT_DECIMALS) {
    return { kind: 'tooPrecise', decimals: API_AMOUNT_DECIMALS };
  }
  return compareDecimal(amount, available) > 0 ? { kind: 'insufficient' } : null;
}
