import type { CoinDisplayDecimals } from '../constants';
import { COIN_DISPLAY } from '../domain/coinDisplay';
import type { CoinId } from '../domain/coinIds';
import { formatDecimal, isDecimalString } from './decimal';

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

/**
 * Decimal places that show `digits` significant digits of `amount`, at least `minimum` and at
 * most the places the amount itself has: `'0.00000062'` needs 9 for three digits but has 8.
 */
function decimalsForSignificantDigits(amount: string, minimum: number, digits: number): number {
  // A bad amount gets the minimum here; formatDecimal reports it.
  if (!isDecimalString(amount)) return minimum;
  const [integer = '', fraction = ''] = amount.replace('-', '').split('.');
  const integerDigits = integer.replace(/^0+/, '').length;
  // Leading zeros of the fraction, when the integer part is zero; none otherwise.
  const leadingZeros = integerDigits > 0 ? 0 : fraction.length - fraction.replace(/^0+/, '').length;
  const wanted = Math.max(0, digits - integerDigits) + leadingZeros;
  return Math.max(minimum, Math.min(wanted, fraction.length));
}

/** Options of {@link formatCoinAmount}. */
export interface FormatCoinAmountOptions {
  /** Append the coin's ticker after a space (`'1.2300 KAS'`). Default `false`. */
  withSymbol?: boolean;
  /** Group integer digits by thousands with `,`. Default `true`. */
  grouping?: boolean;
  /**
   * Show at least this many significant digits, with more decimals than the coin's display
   * decimals when the amount is small (a daily profit per TH/s): `3` shows `'0.0000652'` ETC
   * where the display decimals alone give `'0.0000'`. Never more decimals than the amount has
   * (an amount at chain precision, BTC's satoshi, keeps it: `'0.00000062'`), so a non-zero
   * amount never shows as zero. Default none: exactly the display decimals.
   */
  significantDigits?: number;
}

/**
 * A coin amount (decimal string) for display, with exactly the coin's display decimals (or more
 * for small amounts, see `significantDigits`). Extra
 * digits are cut off, never rounded up (toward zero), so a balance never looks larger than it
 * is: `'0.99999'` BTC shows as `'0.999990'`, `'1.23456789'` as `'1.234567'`. No floating point
 * is involved. Throws a `TypeError` when `amount` is not a decimal string.
 *
 * @example
 * formatCoinAmount('12345.678901', 'kas') // '12,345.6789'
 * formatCoinAmount('0.5', 'btc', { withSymbol: true }) // '0.500000 BTC'
 * formatCoinAmount('0.00000062', 'btc', { significantDigits: 3 }) // '0.00000062'
 */
export function formatCoinAmount(
  amount: string,
  coin: CoinId,
  options: FormatCoinAmountOptions = {},
): string {
  const decimals =
    options.significantDigits === undefined
      ? coinDecimals(coin)
      : decimalsForSignificantDigits(amount, coinDecimals(coin), options.significantDigits);
  const text = formatDecimal(amount, decimals, {
    grouping: options.grouping ?? true,
    rounding: 'down',
  });
  return options.withSymbol ? `${text} ${COIN_DISPLAY[coin].symbol}` : text;
}

/**
 * An exact coin amount (a balance, a payment, a price in coins) as money: the coin's precision,
 * digits grouped by thousands and the coin's unit. It shows at least the coin's display decimals
 * (spec: 4 or 6) and more when the amount has them, up to the coin's `amountDecimals` (the
 * chain's smallest unit, at most 8): `0.05247299` BTC shows every satoshi instead of being cut
 * to `0.052472`, while `0.5` BTC still reads `0.500000 BTC`. Digits beyond the precision are cut
 * toward zero, like {@link formatCoinAmount}. Throws a `TypeError` when `amount` is not a decimal
 * string.
 *
 * Why not always the chain's decimals: a whole-coin figure would read `0.50000000`, and the
 * spec's 4 or 6 places stay the look of every amount; only the digits an amount really has are
 * added, so nothing a user owns is hidden.
 *
 * @example
 * formatCoinMoney('0.05247299', 'btc') // '0.05247299 BTC'
 * formatCoinMoney('12345.6', 'kas') // '12,345.6000 KAS'
 * formatCoinMoney('1.5', 'btc', { withSymbol: false }) // '1.500000'
 * formatCoinMoney('2.5', 'xyz') // '2.50000000 XYZ' (a coin the catalogue does not know)
 */
export function formatCoinMoney(
  amount: string,
  coin: CoinId | (string & {}),
  options: { withSymbol?: boolean } = {},
): string {
  if (!Object.hasOwn(COIN_DISPLAY, coin)) {
    // A coin the catalogue does not know (an old record, a partner's own coin): 8 decimals and
    // its code upper-cased, never a guess at its precision.
    const text = formatDecimal(amount, 8, { grouping: true, rounding: 'down' });
    return options.withSymbol === false ? text : `${text} ${coin.toUpperCase()}`;
  }
  const display = COIN_DISPLAY[coin as CoinId];
  // Decimals the amount has, without trailing zeros: `'1.500'` has one.
  const fraction = isDecimalString(amount) ? (amount.split('.')[1] ?? '').replace(/0+$/, '') : '';
  const decimals = Math.max(
    display.displayDecimals,
    Math.min(fraction.length, display.amountDecimals),
  );
  const text = formatDecimal(amount, decimals, { grouping: true, rounding: 'down' });
  return options.withSymbol === false ? text : `${text} ${display.symbol}`;
}
