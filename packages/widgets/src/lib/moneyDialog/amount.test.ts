import { checkWithdrawalAmount } from '@poolkit/core';
import { describe, expect, it } from 'vitest';
import { interpolate } from '../translator';
import { amountMessage, checkInPoolAmount } from './amount';

const t = (key: string, values?: Record<string, unknown>) => interpolate(key, values);

describe('checkInPoolAmount', () => {
  it("should take a positive decimal at the coin's precision within the balance", () => {
    expect(checkInPoolAmount('1.25', 'btc', '1.25')).toBeNull();
    expect(checkInPoolAmount('0.000000000000000001', 'etc', '1')).toBeNull();
  });

  it("should refuse more decimals than the coin's, as the server does", () => {
    expect(checkInPoolAmount('0.000000001', 'btc', '1')).toEqual({
      kind: 'tooPrecise',
      decimals: 8,
    });
  });

  it('should name the first rule an amount breaks', () => {
    expect(checkInPoolAmount('', 'etc', '1')).toEqual({ kind: 'required' });
    expect(checkInPoolAmount('-1', 'etc', '1')).toEqual({ kind: 'invalid' });
    expect(checkInPoolAmount('1e3', 'etc', '1')).toEqual({ kind: 'invalid' });
    expect(checkInPoolAmount('0', 'etc', '1')).toEqual({ kind: 'notPositive' });
    expect(checkInPoolAmount('0.0000000000000000001', 'etc', '1')).toEqual({
      kind: 'tooPrecise',
      decimals: 18,
    });
    expect(checkInPoolAmount('1.26', 'etc', '1.25')).toEqual({ kind: 'insufficient' });
  });
});

describe('amountMessage', () => {
  it('should word each problem, the balance in the dialog its own way', () => {
    expect(amountMessage(null, t, 'short')).toBeUndefined();
    expect(amountMessage({ kind: 'required' }, t, 'short')).toBe('validation.amountRequired');
    expect(amountMessage({ kind: 'insufficient' }, t, 'short')).toBe('short');
  });

  it("should refuse more decimals than the coin's chain has, as the server does", () => {
    const problem = checkWithdrawalAmount('0.123456789', { coin: 'btc', minAmount: '0.001' });
    const seen: Record<string, unknown>[] = [];
    const record = (key: string, values?: Record<string, unknown>) => {
      seen.push({ key, ...values });
      return key;
    };
    expect(amountMessage(problem, record, 'short')).toBe('validation.amountTooPrecise');
    expect(seen).toEqual([{ key: 'validation.amountTooPrecise', decimals: 8 }]);
  });
});
