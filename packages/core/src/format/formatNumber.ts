import Big from 'big.js';
import { EMPTY_VALUE_TEXT } from '../constants';
import { groupThousands } from './decimal';

const Decimal = Big();

/** Group and decimal separators of the interface languages, as CLDR gives them. */
const SEPARATORS: Record<string, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  'zh-CN': { group: ',', decimal: '.' },
  ja: { group: ',', decimal: '.' },
  ko: { group: ',', decimal: '.' },
  // Russian groups with a no-break space and writes a decimal comma.
  ru: { group: '\u00a0', decimal: ',' },
};

/**
 * A plain number (a count, a block height, a power in watts) for display in one of the five
 * interface languages: digits grouped by three, at most three decimals rounded half away from
 * zero, trailing zeros dropped. The same text as `new Intl.NumberFormat(language).format(value)`
 * gives for those languages (the tests hold it to that).
 *
 * Why not Intl: the first `Intl.NumberFormat` of a page loads the ICU number data, a 25–40 ms
 * task on a fast desktop and four times that on a phone, on the path to the first render of
 * every page that shows a number. Other languages fall back to English separators.
 * `NaN` and `±Infinity` give `'--'`.
 *
 * @example
 * formatNumber(1234567, 'en') // '1,234,567'
 * formatNumber(1234.5, 'ru') // '1 234,5' (with a no-break space)
 */
export function formatNumber(value: number, language: string): string {
  if (!Number.isFinite(value)) return EMPTY_VALUE_TEXT;
  const { group, decimal } = SEPARATORS[language] ?? { group: ',', decimal: '.' };
  // String(value) is the shortest text that reads back as the same number, as ICU rounds it.
  const rounded = new Decimal(String(value)).round(3, Big.roundHalfUp);
  const text = groupThousands(rounded.abs().toFixed(), group).replace('.', decimal);
  const sign = rounded.lt(0) || (rounded.eq(0) && (value < 0 || Object.is(value, -0))) ? '-' : '';
  return `${sign}${text}`;
}
