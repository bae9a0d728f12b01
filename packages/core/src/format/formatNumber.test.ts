import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages';
import { formatNumber } from './formatNumber';

describe('formatNumber', () => {
  it('should group digits by three and keep up to three decimals', () => {
    expect(formatNumber(0, 'en')).toBe('0');
    expect(formatNumber(999, 'en')).toBe('999');
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(0.12345, 'en')).toBe('0.123');
    expect(formatNumber(2.0005, 'en')).toBe('2.001');
    expect(formatNumber(-1234.25, 'en')).toBe('-1,234.25');
  });

  it('should write Russian with a no-break space and a decimal comma', () => {
    expect(formatNumber(1234567.5, 'ru')).toBe('1\u00a0234\u00a0567,5');
  });

  it('should show "--" for values that are not finite numbers', () => {
    expect(formatNumber(Number.NaN, 'en')).toBe('--');
    expect(formatNumber(Number.POSITIVE_INFINITY, 'ko')).toBe('--');
  });

  it('should fall back to English separators for another language', () => {
    expect(formatNumber(1234.5, 'xx')).toBe('1,234.5');
  });

  it('should give the same text as Intl.NumberFormat in each of the five languages', () => {
    // Fixed edge values and a deterministic spread: integers of every length, halves, thirds,
    // values that round up into the next group, negatives and tiny fractions.
    const values = [
      0,
      -0,
      1,
      7,
      12,
      999,
      1000,
      9999.9995,
      12_345,
      999_999.9996,
      1_000_000,
      2 ** 31,
      2 ** 53 - 1,
      0.5,
      0.0005,
      0.0004,
      1.0005,
      2.675,
      1 / 3,
      2 / 3,
      -0.0001,
      -5.5,
      -1_234_567.891,
      1e21,
      123.456789,
      65_535.1234,
    ];
    let seed = 7;
    for (let index = 0; index < 300; index += 1) {
      seed = (seed * 48_271) % 2_147_483_647;
      const magnitude = 10 ** (seed % 12);
      values.push(((seed % 2 === 0 ? 1 : -1) * (seed % 1_000_003) * magnitude) / 997);
    }
    for (const language of LANGUAGES) {
      const intl = new Intl.NumberFormat(language);
      for (const value of values) {
        expect(formatNumber(value, language), `${language} ${value}`).toBe(intl.format(value));
      }
    }
  });
});
