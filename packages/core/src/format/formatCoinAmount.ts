import type { CoinDisplayDecimals } from '../constants';
import { COIN_DISPLAY } from '../domain/coinDisplay';
import type { CoinId } from '../domain/coinIds';
import { formatDecimal } from './decimal';

/**
 * Decimal places shown for amounts of a coin: 4 or 6 (the coin data's `displayDecimals`).
 *
 * @example
 * coinDecimals('btc') // 6
 * coinDecimals('kas') // 4
 */
export function coinDecimals(coin: CoinId): CoinDisplayDecimals {
  return COIN_DISPLAY[coin].displayDecimals;
}

/** Options of {@link formatCoinAmount}. */
export interface FormatCoinAmountOptions {
  /** Append the coin's ticker after a space (`'1.2300 KAS'`). Default `false`. */
  withSymbol?: boolean;
  /** Group integer digits by thousands with `,`. Default `true`. */
  grouping?: boolean;
}

/**
 * A coin amount (decimal string) for display, with exactly the coin's display decimals. Extra
 * digits are cut off, never rounded up (toward zero), so a balance never looks larger than it
 * is: `'0.99999'` BTC shows as `'0.999990'`, `'1.23456789'` as `'1.234567'`. No floating point
 * is involved. Throws a `TypeError` when `amount` is not a decimal string.
 *
 * @example
 * formatCoinAmount('12345.678901', 'kas') // '12,345.6789'
 * formatCoinAmount('0.5', 'btc', { withSymbol: true }) // '0.500000 BTC'
 */
export function formatCoinAmount(
  amount: string,
  coin: CoinId,
  options: FormatCoinAmountOptions = {},
): string {
  const text = formatDecimal(amount, coinDecimals(coin), {
    grouping: options.grouping ?? true,
    rounding: 'down',
  });
  return options.withSymbol ? `${text} ${COIN_DISPLAY[coin].symbol}` : text;
}
