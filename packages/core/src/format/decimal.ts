import Big from 'big.js';

/**
 * A private big.js constructor, so settings made elsewhere on the global `Big` cannot change
 * PoolKit's money maths. Strict: it refuses JavaScript numbers, which may already carry a
 * binary rounding error.
 */
const Decimal = Big();
Decimal.strict = true;

const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/**
 * True when `value` is a plain decimal string: an optional minus, digits, and optionally a dot
 * followed by digits (`'12'`, `'-0.5'`, `'1.230'`). Exponents (`'1e3'`), a leading `+`, bare dots
 * (`'.5'`, `'5.'`), spaces and thousands separators are refused: money travels in JSON as plain
 * decimal strings.
 *
 * @example
 * isDecimalString('0.1') // true
 * isDecimalString('1e3') // false
 */
export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_PATTERN.test(value);
}

function toDecimal(value: string): Big {
  if (!isDecimalString(value)) {
    throw new TypeError(`Not a decimal string: ${JSON.stringify(value)}`);
  }
  return new Decimal(value);
}

/** Plain notation without exponent, no trailing zeros, and never `-0`. */
function toPlain(value: Big): string {
  const text = value.toFixed();
  return value.eq('0') ? '0' : text;
}

/**
 * Exact sum of two decimal strings. Throws a `TypeError` when either is not a decimal string
 * (see {@link isDecimalString}).
 *
 * @example
 * addDecimal('0.1', '0.2') // '0.3'
 */
export function addDecimal(a: string, b: string): string {
  return toPlain(toDecimal(a).plus(toDecimal(b)));
}

/**
 * Exact difference `a - b` of two decimal strings.
 *
 * @example
 * subtractDecimal('0.3', '0.1') // '0.2'
 */
export function subtractDecimal(a: string, b: string): string {
  return toPlain(toDecimal(a).minus(toDecimal(b)));
}

/**
 * Exact product of two decimal strings (all digits kept; round for display with
 * {@link formatDecimal}).
 *
 * @example
 * multiplyDecimal('1.5', '0.002') // '0.003'
 */
export function multiplyDecimal(a: string, b: string): string {
  return toPlain(toDecimal(a).times(toDecimal(b)));
}

/**
 * Compares two decimal strings: `-1` when `a < b`, `0` when equal (`'1.0'` equals `'1'`), `1`
 * when `a > b`. Usable as an `Array.prototype.sort` comparator.
 */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  return toDecimal(a).cmp(toDecimal(b));
}

/**
 * Exact sum of any number of decimal strings; `'0'` for none.
 *
 * @example
 * sumDecimals(['0.1', '0.2', '0.3']) // '0.6'
 */
export function sumDecimals(values: readonly string[]): string {
  let total = new Decimal('0');
  for (const value of values) total = total.plus(toDecimal(value));
  return toPlain(total);
}

/**
 * Cuts a decimal string to at most `decimals` places, rounding toward zero (never up), and drops
 * trailing zeros.
 *
 * @example
 * truncateDecimal('1.23456789', 4) // '1.2345'
 * truncateDecimal('-1.99', 0) // '-1'
 */
export function truncateDecimal(value: string, decimals: number): string {
  return toPlain(toDecimal(value).round(checkDecimals(decimals), Big.roundDown));
}

/** Options of {@link formatDecimal}. */
export interface FormatDecimalOptions {
  /** Insert `,` between groups of three integer digits. Default `false`. */
  grouping?: boolean;
  /**
   * `'down'` truncates toward zero (default: never shows more money than there is);
   * `'half-up'` rounds to nearest, halves away from zero.
   */
  rounding?: 'down' | 'half-up';
}

/**
 * A decimal string with exactly `decimals` places, for display.
 *
 * @example
 * formatDecimal('1234.5', 2, { grouping: true }) // '1,234.50'
 * formatDecimal('0.129', 2) // '0.12'
 */
export function formatDecimal(
  value: string,
  decimals: number,
  options: FormatDecimalOptions = {},
): string {
  const rounding = options.rounding === 'half-up' ? Big.roundHalfUp : Big.roundDown;
  const rounded = toDecimal(value).round(checkDecimals(decimals), rounding);
  // A value that rounds to zero is shown without a minus sign.
  const text = rounded.eq('0') ? new Decimal('0').toFixed(decimals) : rounded.toFixed(decimals);
  return options.grouping ? groupThousands(text) : text;
}

/**
 * Inserts `separator` (default `,`) between groups of three digits of the integer part of a plain
 * decimal.
 */
export function groupThousands(text: string, separator = ','): string {
  const negative = text.startsWith('-');
  const unsigned = negative ? text.slice(1) : text;
  const dot = unsigned.indexOf('.');
  const integer = dot === -1 ? unsigned : unsigned.slice(0, dot);
  const fraction = dot === -1 ? '' : unsigned.slice(dot);
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return `${negative ? '-' : ''}${grouped}${fraction}`;
}

function checkDecimals(decimals: number): number {
  if (!Number.isInteger(decimals) || decimals < 0) {
    throw new RangeError(`Decimals must be a non-negative integer, got ${decimals}`);
  }
  return decimals;
}
