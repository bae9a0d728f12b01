import {
  BASE_CURRENCY,
  BASE_CURRENCY_RATE,
  BASE_CURRENCY_SYMBOL,
  CURRENCY_DECIMALS,
} from '../constants';
import { CURRENCY_SYMBOLS } from './currencySymbols';
import { formatDecimal, multiplyDecimal } from './decimal';

/**
 * One entry of the exchange-rate list (spec section 3): how much of `currency` one CNY buys,
 * as a decimal string, and the symbol to show, e.g. `{ currency: 'USD', rate: '0.1380',
 * symbol: '$' }`.
 */
export interface RateEntry {
  /** ISO 4217 code, e.g. `'USD'`. */
  currency: string;
  /** Units of `currency` per 1 CNY, as a decimal string. */
  rate: string;
  /** Symbol shown before amounts, e.g. `'$'`. */
  symbol: string;
}

/** The base currency's own entry, which the client appends to the server's rates. */
export const CNY_RATE_ENTRY: Readonly<RateEntry> = Object.freeze({
  currency: BASE_CURRENCY,
  rate: BASE_CURRENCY_RATE,
  symbol: BASE_CURRENCY_SYMBOL,
});

/**
 * The rates the server sent, with the CNY entry `{currency: 'CNY', rate: '1.000000',
 * symbol: '￥'}` appended unless a CNY entry is already there (currency codes compared
 * case-insensitively). Returns a new array; the input is not changed.
 *
 * @example
 * buildRateList([{ currency: 'USD', rate: '0.1380', symbol: '$' }])
 * // [{ currency: 'USD', … }, { currency: 'CNY', rate: '1.000000', symbol: '￥' }]
 */
export function buildRateList(ratesFromServer: readonly RateEntry[]): RateEntry[] {
  const rates = ratesFromServer.map((entry) => ({ ...entry }));
  const hasBase = rates.some((entry) => entry.currency.toUpperCase() === BASE_CURRENCY);
  if (!hasBase) rates.push({ ...CNY_RATE_ENTRY });
  return rates;
}

/**
 * Converts an amount in CNY (decimal string) to the entry's currency: `amount × rate`, exactly,
 * with all digits kept (round for display with {@link formatCurrency}).
 *
 * @example
 * convertCurrency('100', { currency: 'USD', rate: '0.1380', symbol: '$' }) // '13.8'
 */
export function convertCurrency(amountCny: string, rateEntry: Pick<RateEntry, 'rate'>): string {
  return multiplyDecimal(amountCny, rateEntry.rate);
}

/** Options of {@link formatCurrency}. */
export interface FormatCurrencyOptions {
  /** Group integer digits by thousands with `,`. Default `true`. */
  grouping?: boolean;
}

/**
 * An amount already in the entry's currency (decimal string) with its symbol and 2 decimals.
 * Like coin amounts, extra digits are cut off toward zero, never rounded up; a minus sign goes
 * before the symbol.
 *
 * @example
 * formatCurrency('1234.567', { currency: 'CNY', rate: '1.000000', symbol: '￥' }) // '￥1,234.56'
 * formatCurrency('-5', usd) // '-$5.00'
 */
export function formatCurrency(
  amount: string,
  entry: Pick<RateEntry, 'symbol'>,
  options: FormatCurrencyOptions = {},
): string {
  const text = formatDecimal(amount, CURRENCY_DECIMALS, {
    grouping: options.grouping ?? true,
    rounding: 'down',
  });
  return text.startsWith('-') ? `-${entry.symbol}${text.slice(1)}` : `${entry.symbol}${text}`;
}

/**
 * An amount of money in a currency, by its ISO code: two decimals cut toward zero, digits
 * grouped by thousands and the currency's symbol (`'￥24,900.00'`), or the code after the figure
 * for a currency without a known symbol (`'1,234.56 CHF'`). The one way PoolKit writes a price
 * or a fiat value, so "24900.00 CNY" and "￥693,551.38" never sit side by side. Throws a
 * `TypeError` when `amount` is not a decimal string.
 *
 * @example
 * formatMoney('24900', 'CNY') // '￥24,900.00'
 * formatMoney('-5', 'usd') // '-$5.00'
 * formatMoney('1234.567', 'CHF') // '1,234.56 CHF'
 */
export function formatMoney(amount: string, currency: string): string {
  const code = currency.toUpperCase();
  const symbol = CURRENCY_SYMBOLS[code];
  if (symbol !== undefined) return formatCurrency(amount, { symbol });
  return `${formatDecimal(amount, CURRENCY_DECIMALS, { grouping: true, rounding: 'down' })} ${code}`;
}
