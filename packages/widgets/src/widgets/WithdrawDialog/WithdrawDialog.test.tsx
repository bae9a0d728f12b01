import { describe, expect, it } from 'vitest';
import { withdrawalParts } from './WithdrawDialog';

describe('withdrawalParts', () => {
  it('should split a withdrawal into transactions of at most the largest single amount', () => {
    expect(withdrawalParts('0.5', '1')).toBe(1);
    expect(withdrawalParts('1', '1')).toBe(1);
    expect(withdrawalParts('1.000000000000000001', '1')).toBe(2);
    expect(withdrawalParts('12.5', '5')).toBe(3);
    expect(withdrawalParts('1000000', '0.1')).toBe(10_000_000);
  });

  it('should count one transaction when there is no usable limit', () => {
    expect(withdrawalParts('3', '0')).toBe(1);
  });
});
