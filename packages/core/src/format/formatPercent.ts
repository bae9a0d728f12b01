import Big from 'big.js';
import { EMPTY_VALUE_TEXT } from '../constants';

const Decimal = Big();

/**
 * A ratio as a percentage, for reject rate and luck: `ratio × 100` with a fixed number of
 * decimals, rounded half up on the decimal value (so `0.01005` gives `'1.01%'`, free of binary
 * float error). Takes a number or a decimal string; luck above 100 % stays as it is
 * (`1.25` → `'125.00%'`). `NaN`, `±Infinity` and strings that are not numbers give `'--'`.
 *
 * @param decimals - Default `2`.
 * @example
 * formatPercent(0.0123) // '1.23%'
 * formatPercent('0.5', 0) // '50%'
 */
export function formatPercent(ratio: number | string, decimals = 2): string {
  if (typeof ratio === 'number' && !Number.isFinite(ratio)) return EMPTY_VALUE_TEXT;
  let value: Big;
  try {
    value = new Decimal(String(ratio).trim());
  } catch {
    return EMPTY_VALUE_TEXT;
  }
  const percent = value.times(100).round(decimals, Big.roundHalfUp);
  const text = percent.eq(0) ? new Decimal(0).toFixed(decimals) : percent.toFixed(decimals);
  return `${text}%`;
}
