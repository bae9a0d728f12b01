import { describe, expect, it } from 'vitest';
import {
  checkWithdrawalAmount,
  splitWithdrawal,
  withdrawalDecimals,
  withdrawalPartCount,
} from './withdrawalAmount';

describe('withdrawalDecimals', () => {
  it("should take the coin's chain decimals, at most 18, and 18 for a coin it does not list", () => {
    expect(withdrawalDecimals('btc')).toBe(8);
    expect(withdrawalDecimals('etc')).toBe(18);
    expect(withdrawalDecimals('xyz')).toBe(18);
    expect(withdrawalDecimals('toString')).toBe(18);
  });
});

describe('checkWithdrawalAmount', () => {
  const btc = { coin: 'btc', minAmount: '0.001' };

  it('should name what is wrong with the text itself', () => {
    expect(checkWithdrawalAmount('', btc)).toEqual({ kind: 'required' });
    expect(checkWithdrawalAmount('1e3', btc)).toEqual({ kind: 'invalid' });
    expect(checkWithdrawalAmount('-1', btc)).toEqual({ kind: 'invalid' });
    expect(checkWithdrawalAmount('0', btc)).toEqual({ kind: 'notPositive' });
  });

  it("should refuse more decimal places than the coin's, but not trailing zeros", () => {
    expect(checkWithdrawalAmount('0.123456789', btc)).toEqual({ kind: 'tooPrecise', decimals: 8 });
    expect(checkWithdrawalAmount('0.12345678000', btc)).toBeNull();
    expect(checkWithdrawalAmount('0.123456789', { coin: 'etc', minAmount: '0.1' })).toBeNull();
  });

  it('should refuse less than the minimum', () => {
    expect(checkWithdrawalAmount('0.0009', btc)).toEqual({
      kind: 'belowMinimum',
      minimum: '0.001',
    });
    expect(checkWithdrawalAmount('0.001', btc)).toBeNull();
  });

  it('should refuse an amount that with the fee passes the balance', () => {
    const rules = { ...btc, fee: '0.0005', available: '0.01' };
    expect(checkWithdrawalAmount('0.0095', rules)).toBeNull();
    expect(checkWithdrawalAmount('0.00951', rules)).toEqual({ kind: 'insufficient' });
  });
});

describe('splitWithdrawal', () => {
  it('should send full parts of the largest single withdrawal, then the rest', () => {
    expect(splitWithdrawal('0.12', '0.05')).toEqual(['0.05', '0.05', '0.02']);
    expect(splitWithdrawal('0.1', '0.05')).toEqual(['0.05', '0.05']);
    expect(splitWithdrawal('0.04', '0.05')).toEqual(['0.04']);
  });

  it('should send the amount whole when there is no largest single withdrawal', () => {
    expect(splitWithdrawal('3', '0')).toEqual(['3']);
  });
});

describe('withdrawalPartCount', () => {
  it('should count the parts splitWithdrawal makes, for any amount', () => {
    for (const [amount, max] of [
      ['0.12', '0.05'],
      ['0.1', '0.05'],
      ['0.04', '0.05'],
      ['3', '0'],
      ['0', '0.05'],
    ] as const) {
      expect(withdrawalPartCount(amount, max), `${amount}/${max}`).toBe(
        splitWithdrawal(amount, max).length,
      );
    }
    expect(withdrawalPartCount('1000000', '0.1')).toBe(10_000_000);
  });
});
