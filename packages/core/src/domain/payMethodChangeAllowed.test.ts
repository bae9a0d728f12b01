import { describe, expect, it } from 'vitest';
import { payMethodChangeAllowed, payMethodUnlocksAtMs } from './payMethodChangeAllowed';

const CHANGED = Date.UTC(2025, 2, 1, 8, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

describe('payMethodChangeAllowed', () => {
  it('should allow a change when the method was never changed', () => {
    expect(payMethodChangeAllowed(null, CHANGED)).toBe(true);
    expect(payMethodChangeAllowed(undefined, CHANGED)).toBe(true);
  });

  it('should refuse a change right after the last one', () => {
    expect(payMethodChangeAllowed(CHANGED, CHANGED)).toBe(false);
  });

  it('should refuse a change 1 ms before 24 hours have passed', () => {
    expect(payMethodChangeAllowed(CHANGED, CHANGED + DAY - 1)).toBe(false);
  });

  it('should allow a change at exactly 24 hours', () => {
    expect(payMethodChangeAllowed(CHANGED, CHANGED + DAY)).toBe(true);
  });

  it('should tell when the lock ends', () => {
    expect(payMethodUnlocksAtMs(CHANGED)).toBe(CHANGED + DAY);
    expect(payMethodUnlocksAtMs(null)).toBeNull();
  });
});
