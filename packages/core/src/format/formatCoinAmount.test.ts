import { describe, expect, it } from 'vitest';
import { coinDecimals, formatCoinAmount } from './formatCoinAmount';

describe('coinDecimals', () => {
  it('should give each coin its display decimals', () => {
    expect(coinDecimals('btc')).toBe(6);
    expect(coinDecimals('xmr')).toBe(6);
    expect(coinDecimals('dcr')).toBe(6);
    expect(coinDecimals('kas')).toBe(4);
    expect(coinDecimals('grin-c32')).toBe(4);
    expect(coinDecimals('sumo')).toBe(4);
  });
});

describe('formatCoinAmount', () => {
  it('should truncate to the coin decimals instead of rounding up', () => {
    expect(formatCoinAmount('1.23456789', 'btc')).toBe('1.234567');
    expect(formatCoinAmount('0.99999999', 'kas')).toBe('0.9999');
    expect(formatCoinAmount('0.00009', 'kas')).toBe('0.0000');
  });

  it('should pad short amounts to the coin decimals', () => {
    expect(formatCoinAmount('0.5', 'btc')).toBe('0.500000');
    expect(formatCoinAmount('3', 'doge')).toBe('3.0000');
  });

  it('should group thousands by default and not when grouping is false', () => {
    expect(formatCoinAmount('12345.678901', 'kas')).toBe('12,345.6789');
    expect(formatCoinAmount('12345.678901', 'kas', { grouping: false })).toBe('12345.6789');
  });

  it('should append the ticker when withSymbol is set', () => {
    expect(formatCoinAmount('0.5', 'btc', { withSymbol: true })).toBe('0.500000 BTC');
    expect(formatCoinAmount('60', 'grin-c32', { withSymbol: true })).toBe('60.0000 GRIN');
    expect(formatCoinAmount('10', 'pmeer', { withSymbol: true })).toBe('10.0000 MEER');
  });

  it('should truncate negative amounts toward zero without showing -0', () => {
    expect(formatCoinAmount('-1.99999', 'kas')).toBe('-1.9999');
    expect(formatCoinAmount('-0.00001', 'kas')).toBe('0.0000');
  });

  it('should keep precision far beyond a float', () => {
    expect(formatCoinAmount('123456789012345678.123456789', 'eth', { grouping: false })).toBe(
      '123456789012345678.123456',
    );
  });

  it('should throw for an amount that is not a decimal string', () => {
    expect(() => formatCoinAmount('1e-8', 'btc')).toThrow(TypeError);
  });
});
