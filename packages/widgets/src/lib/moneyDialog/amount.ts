import { checkWithdrawalAmount, type WithdrawalAmountProblem } from '@poolkit/core';
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
 * exchange between coins): core's withdrawal rule without a minimum, so at most the coin's
 * decimal places (as the server checks transfers and exchanges) and at most the balance.
 */
export function checkInPoolAmount(
  amount: string,
  coin: string,
  available: string,
): WithdrawalAmountProblem | null {
  return checkWithdrawalAmount(amount, { coin, minAmount: '0', available });
}
