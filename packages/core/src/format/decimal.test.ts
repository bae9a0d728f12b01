import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  compareDecimal,
  formatDecimal,
  isDecimalString,
  multiplyDecimal,
  subtractDecimal,
  sumDecimals,
  truncateDecimal,
} from './decimal';

describe('isDecimalString', () => {
  it('should accept plain decimals with an optional minus', () => {
    expect(isDecimalString('0')).toBe(true);
    expect(isDecimalString('12')).toBe(true);
    expect(isDecimalString('-0.5')).toBe(true);
    expect(isDecimalString('1.230')).toBe(true);
    expect(isDecimalString('123456789012345678901234567890.123456789012345678')).toBe(true);
  });

  it('should refuse exponents, signs, bare dots, separators, spaces and non-strings', () => {
    expect(isDecimalString('1e3')).toBe(false);
    expect(isDecimalString('+1')).toBe(false);
    expect(isDecimalString('.5')).toBe(false);
    expect(isDecimalString('5.')).toBe(false);
    expect(isDecimalString('1,000')).toBe(false);
    expect(isDecimalString(' 1')).toBe(false);
    expect(isDecimalString('')).toBe(false);
    expect(isDecimalString('NaN')).toBe(false);
    expect(isDecimalString(0.5)).toBe(false);
    expect(isDecimalString(null)).toBe(false);
  });
});

describe('addDecimal', () => {
  it('should add 0.1 and 0.2 to exactly 0.3', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
  });

  it('should keep every digit of large and small amounts', () => {
    expect(addDecimal('99999999999999999999.000000000000000001', '0.000000000000000001')).toBe(
      '99999999999999999999.000000000000000002',
    );
    expect(addDecimal('0.0000001', '0')).toBe('0.0000001');
  });

  it('should give 0, never -0, when the sum is zero', () => {
    expect(addDecimal('-0.5', '0.5')).toBe('0');
    expect(addDecimal('-0', '0')).toBe('0');
  });

  it('should throw a TypeError for input that is not a decimal string', () => {
    expect(() => addDecimal('0.1', '1e3')).toThrow(TypeError);
    expect(() => addDecimal('abc', '1')).toThrow(TypeError);
  });
});

describe('subtractDecimal', () => {
  it('should subtract exactly', () => {
    expect(subtractDecimal('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimal('1', '1.000000000000000001')).toBe('-0.000000000000000001');
    expect(subtractDecimal('0.1', '0.1')).toBe('0');
  });

  it('should throw for input that is not a decimal string', () => {
    expect(() => subtractDecimal('1', '')).toThrow(TypeError);
  });
});

describe('multiplyDecimal', () => {
  it('should multiply exactly', () => {
    expect(multiplyDecimal('1.5', '0.002')).toBe('0.003');
    expect(multiplyDecimal('0.1', '0.1')).toBe('0.01');
    expect(multiplyDecimal('-2', '0.5')).toBe('-1');
    expect(multiplyDecimal('0', '-3')).toBe('0');
  });

  it('should throw for input that is not a decimal string', () => {
    expect(() => multiplyDecimal('1', 'x')).toThrow(TypeError);
  });
});

describe('compareDecimal', () => {
  it('should order decimal strings numerically, not as text', () => {
    expect(compareDecimal('10', '9')).toBe(1);
    expect(compareDecimal('0.1', '0.25')).toBe(-1);
    expect(compareDecimal('1.0', '1')).toBe(0);
    expect(compareDecimal('-1', '0')).toBe(-1);
  });

  it('should work as a sort comparator', () => {
    expect(['10', '9', '0.5', '-2'].sort(compareDecimal)).toEqual(['-2', '0.5', '9', '10']);
  });

  it('should throw for input that is not a decimal string', () => {
    expect(() => compareDecimal('1', '1e1')).toThrow(TypeError);
  });
});

describe('sumDecimals', () => {
  it('should sum exactly', () => {
    expect(sumDecimals(['0.1', '0.2', '0.3'])).toBe('0.6');
    expect(sumDecimals(['1', '-1', '0.000001'])).toBe('0.000001');
  });

  it('should give 0 for an empty list', () => {
    expect(sumDecimals([])).toBe('0');
  });

  it('should throw when one value is not a decimal string', () => {
    expect(() => sumDecimals(['1', '2e1'])).toThrow(TypeError);
  });
});

describe('truncateDecimal', () => {
  it('should cut extra places toward zero and drop trailing zeros', () => {
    expect(truncateDecimal('1.23456789', 4)).toBe('1.2345');
    expect(truncateDecimal('1.99999', 2)).toBe('1.99');
    expect(truncateDecimal('-1.99', 0)).toBe('-1');
    expect(truncateDecimal('1.50', 4)).toBe('1.5');
    expect(truncateDecimal('-0.0001', 2)).toBe('0');
  });

  it('should throw a RangeError for negative or fractional decimals', () => {
    expect(() => truncateDecimal('1', -1)).toThrow(RangeError);
    expect(() => truncateDecimal('1', 1.5)).toThrow(RangeError);
  });
});

describe('formatDecimal', () => {
  it('should pad to the given places and truncate by default', () => {
    expect(formatDecimal('0.129', 2)).toBe('0.12');
    expect(formatDecimal('5', 4)).toBe('5.0000');
    expect(formatDecimal('-0.001', 2)).toBe('0.00');
  });

  it('should round half up when asked', () => {
    expect(formatDecimal('0.125', 2, { rounding: 'half-up' })).toBe('0.13');
    expect(formatDecimal('-0.125', 2, { rounding: 'half-up' })).toBe('-0.13');
  });

  it('should group thousands when asked, and not by default', () => {
    expect(formatDecimal('1234567.891', 2, { grouping: true })).toBe('1,234,567.89');
    expect(formatDecimal('-1234', 0, { grouping: true })).toBe('-1,234');
    expect(formatDecimal('999', 1, { grouping: true })).toBe('999.0');
    expect(formatDecimal('1234567', 0)).toBe('1234567');
  });

  it('should throw for input that is not a decimal string', () => {
    expect(() => formatDecimal('1,000', 2)).toThrow(TypeError);
  });
});
