import { describe, expect, it } from 'vitest';
import {
  buildRateList,
  CNY_RATE_ENTRY,
  convertCurrency,
  formatCurrency,
  formatMoney,
} from './formatCurrency';

const usd = { currency: 'USD', rate: '0.1380', symbol: '$' };

describe('buildRateList', () => {
  it('should append the CNY entry to the server rates', () => {
    expect(buildRateList([usd])).toEqual([
      usd,
      { currency: 'CNY', rate: '1.000000', symbol: '￥' },
    ]);
  });

  it('should append CNY to an empty list', () => {
    expect(buildRateList([])).toEqual([CNY_RATE_ENTRY]);
  });

  it('should append CNY only once when the server already sends it', () => {
    const serverCny = { currency: 'CNY', rate: '1', symbol: '¥' };
    expect(buildRateList([usd, serverCny])).toEqual([usd, serverCny]);
    expect(buildRateList([{ currency: 'cny', rate: '1', symbol: '¥' }])).toHaveLength(1);
  });

  it('should give CNY once when the built list is built again', () => {
    const once = buildRateList([usd]);
    const twice = buildRateList(once);
    expect(twice.filter((entry) => entry.currency === 'CNY')).toHaveLength(1);
  });

  it('should not change the input', () => {
    const input = [usd];
    buildRateList(input);
    expect(input).toEqual([usd]);
  });
});

describe('convertCurrency', () => {
  it('should multiply the CNY amount by the rate exactly', () => {
    expect(convertCurrency('100', usd)).toBe('13.8');
    expect(convertCurrency('0.1', { rate: '0.2' })).toBe('0.02');
  });

  it('should keep CNY amounts unchanged at rate 1', () => {
    expect(convertCurrency('123.45', CNY_RATE_ENTRY)).toBe('123.45');
  });

  it('should throw for an amount that is not a decimal string', () => {
    expect(() => convertCurrency('abc', usd)).toThrow(TypeError);
  });
});

describe('formatCurrency', () => {
  it('should show the symbol and two decimals, truncating', () => {
    expect(formatCurrency('1234.567', CNY_RATE_ENTRY)).toBe('￥1,234.56');
    expect(formatCurrency('13.8', usd)).toBe('$13.80');
    expect(formatCurrency('0', usd)).toBe('$0.00');
  });

  it('should put a minus sign before the symbol', () => {
    expect(formatCurrency('-5', usd)).toBe('-$5.00');
  });

  it('should leave out grouping when asked', () => {
    expect(formatCurrency('1234.5', usd, { grouping: false })).toBe('$1234.50');
  });
});

describe('formatMoney', () => {
  it('should write a CNY amount with its symbol, two decimals and grouped digits', () => {
    expect(formatMoney('24900', 'CNY')).toBe('￥24,900.00');
    expect(formatMoney('691767.46', 'CNY')).toBe('￥691,767.46');
  });

  it('should find the symbol whatever the case of the code, and keep the sign first', () => {
    expect(formatMoney('1234.567', 'usd')).toBe('$1,234.56');
    expect(formatMoney('-5', 'USD')).toBe('-$5.00');
  });

  it('should write an unknown currency code after the figure', () => {
    expect(formatMoney('1234.567', 'chf')).toBe('1,234.56 CHF');
  });

  it('should reject what is not a decimal amount', () => {
    expect(() => formatMoney('abc', 'CNY')).toThrow(TypeError);
  });
});
