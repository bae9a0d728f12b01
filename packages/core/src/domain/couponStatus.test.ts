import { describe, expect, it } from 'vitest';
import { couponStatus, nextCouponStatus } from './couponStatus';

const USE_BEFORE = Date.UTC(2025, 6, 1, 0, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

describe('couponStatus', () => {
  it('should be unused before the use-before date', () => {
    expect(couponStatus({ useBeforeMs: USE_BEFORE, nowMs: USE_BEFORE - 1 })).toBe('unused');
  });

  it('should be expired from the use-before instant when never started', () => {
    expect(couponStatus({ useBeforeMs: USE_BEFORE, nowMs: USE_BEFORE })).toBe('expired');
  });

  it('should be in use once the user confirmed the start', () => {
    expect(
      couponStatus({
        startedAtMs: USE_BEFORE - DAY,
        useBeforeMs: USE_BEFORE,
        validityMs: 30 * DAY,
        nowMs: USE_BEFORE + DAY,
      }),
    ).toBe('in_use');
  });

  it('should still be in use 1 ms before its validity period ends', () => {
    const startedAtMs = USE_BEFORE - DAY;
    expect(
      couponStatus({
        startedAtMs,
        useBeforeMs: USE_BEFORE,
        validityMs: 30 * DAY,
        nowMs: startedAtMs + 30 * DAY - 1,
      }),
    ).toBe('in_use');
  });

  it('should be used when its validity period has run', () => {
    const startedAtMs = USE_BEFORE - DAY;
    expect(
      couponStatus({
        startedAtMs,
        useBeforeMs: USE_BEFORE,
        validityMs: 30 * DAY,
        nowMs: startedAtMs + 30 * DAY,
      }),
    ).toBe('used');
  });

  it('should stay in use without a validity period', () => {
    expect(
      couponStatus({ startedAtMs: 0, useBeforeMs: USE_BEFORE, nowMs: USE_BEFORE + 400 * DAY }),
    ).toBe('in_use');
  });
});

describe('nextCouponStatus', () => {
  it('should start an unused coupon', () => {
    expect(nextCouponStatus('unused', 'start')).toBe('in_use');
  });

  it('should finish an in-use coupon as used', () => {
    expect(nextCouponStatus('in_use', 'finish')).toBe('used');
  });

  it('should expire an unused or in-use coupon', () => {
    expect(nextCouponStatus('unused', 'expire')).toBe('expired');
    expect(nextCouponStatus('in_use', 'expire')).toBe('expired');
  });

  it('should refuse steps the lifecycle does not have', () => {
    expect(nextCouponStatus('unused', 'finish')).toBeNull();
    expect(nextCouponStatus('in_use', 'start')).toBeNull();
    expect(nextCouponStatus('used', 'start')).toBeNull();
    expect(nextCouponStatus('expired', 'start')).toBeNull();
  });
});
