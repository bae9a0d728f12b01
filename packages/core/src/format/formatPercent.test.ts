import { describe, expect, it } from 'vitest';
import { formatPercent } from './formatPercent';

describe('formatPercent', () => {
  it('should show a ratio as a percentage with two decimals by default', () => {
    expect(formatPercent(0.0123)).toBe('1.23%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(1)).toBe('100.00%');
  });

  it('should show luck above 100 % as it is', () => {
    expect(formatPercent(1.25)).toBe('125.00%');
  });

  it('should take the number of decimals', () => {
    expect(formatPercent(0.5, 0)).toBe('50%');
    expect(formatPercent(0.123456, 3)).toBe('12.346%');
  });

  it('should round half up on the decimal value, free of float error', () => {
    expect(formatPercent(0.01005)).toBe('1.01%');
    expect(formatPercent(0.00005)).toBe('0.01%');
  });

  it('should accept decimal strings', () => {
    expect(formatPercent('0.0123')).toBe('1.23%');
  });

  it('should not show -0', () => {
    expect(formatPercent(-0.00001)).toBe('0.00%');
    expect(formatPercent(-0.05)).toBe('-5.00%');
  });

  it('should give -- for NaN, Infinity and text that is not a number', () => {
    expect(formatPercent(Number.NaN)).toBe('--');
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe('--');
    expect(formatPercent('abc')).toBe('--');
    expect(formatPercent('')).toBe('--');
  });
});
