import { describe, expect, it } from 'vitest';
import { halvingCountdown, splitDuration } from './halvingCountdown';

const NOW = Date.UTC(2025, 0, 1, 0, 0, 0);

describe('halvingCountdown', () => {
  it('should count a full BTC interval from the halving height 840,000', () => {
    // 210,000 blocks × 600 s = 126,000,000 s = 1458 days (125,971,200 s) + 28,800 s (8 h).
    expect(
      halvingCountdown({
        currentHeight: 840_000,
        halvingIntervalBlocks: 210_000,
        blockTimeSec: 600,
        nowMs: NOW,
      }),
    ).toEqual({
      nextHalvingHeight: 1_050_000,
      blocksLeft: 210_000,
      estimatedAtMs: NOW + 126_000_000_000,
      remaining: { days: 1458, hours: 8, minutes: 0, seconds: 0 },
    });
  });

  it('should count one block before a BTC halving', () => {
    expect(
      halvingCountdown({
        currentHeight: 839_999,
        halvingIntervalBlocks: 210_000,
        blockTimeSec: 600,
        nowMs: NOW,
      }),
    ).toEqual({
      nextHalvingHeight: 840_000,
      blocksLeft: 1,
      estimatedAtMs: NOW + 600_000,
      remaining: { days: 0, hours: 0, minutes: 10, seconds: 0 },
    });
  });

  it('should count mid-interval BTC heights', () => {
    // 150,000 blocks × 600 s = 90,000,000 s = 1041 days + 57,600 s (16 h).
    const countdown = halvingCountdown({
      currentHeight: 900_000,
      halvingIntervalBlocks: 210_000,
      blockTimeSec: 600,
      nowMs: NOW,
    });
    expect(countdown?.nextHalvingHeight).toBe(1_050_000);
    expect(countdown?.blocksLeft).toBe(150_000);
    expect(countdown?.remaining).toEqual({ days: 1041, hours: 16, minutes: 0, seconds: 0 });
  });

  it('should split minutes and seconds', () => {
    // 7 blocks × 75 s = 525 s = 8 min 45 s.
    expect(
      halvingCountdown({
        currentHeight: 2_726_393,
        halvingIntervalBlocks: 1_680_000,
        blockTimeSec: 75,
        nowMs: NOW,
        halvingAnchorHeight: 2_726_400,
      })?.remaining,
    ).toEqual({ days: 0, hours: 0, minutes: 8, seconds: 45 });
  });

  it('should place halvings from an anchor height when they are not multiples of the interval', () => {
    // ZEC: halvings at 1,046,400 and 2,726,400, interval 1,680,000 → next 4,406,400.
    const countdown = halvingCountdown({
      currentHeight: 3_000_000,
      halvingIntervalBlocks: 1_680_000,
      blockTimeSec: 75,
      nowMs: NOW,
      halvingAnchorHeight: 2_726_400,
    });
    expect(countdown?.nextHalvingHeight).toBe(4_406_400);
    expect(countdown?.blocksLeft).toBe(1_406_400);
  });

  it('should find halvings before the anchor height too', () => {
    expect(
      halvingCountdown({
        currentHeight: 1_000_000,
        halvingIntervalBlocks: 1_680_000,
        blockTimeSec: 75,
        nowMs: NOW,
        halvingAnchorHeight: 2_726_400,
      })?.nextHalvingHeight,
    ).toBe(1_046_400);
  });

  it('should handle fractional block times', () => {
    // 50 blocks × 0.1 s = 5 s.
    const countdown = halvingCountdown({
      currentHeight: 50,
      halvingIntervalBlocks: 100,
      blockTimeSec: 0.1,
      nowMs: NOW,
    });
    expect(countdown?.estimatedAtMs).toBe(NOW + 5_000);
    expect(countdown?.remaining).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 5 });
  });

  it('should return null for a coin without halving', () => {
    const base = { currentHeight: 600_000, blockTimeSec: 60, nowMs: NOW };
    expect(halvingCountdown({ ...base, halvingIntervalBlocks: null })).toBeNull();
    expect(halvingCountdown({ ...base, halvingIntervalBlocks: undefined })).toBeNull();
    expect(halvingCountdown({ ...base, halvingIntervalBlocks: 0 })).toBeNull();
  });

  it('should refuse invalid numbers', () => {
    const base = { halvingIntervalBlocks: 210_000, blockTimeSec: 600, nowMs: NOW };
    expect(() => halvingCountdown({ ...base, currentHeight: -1 })).toThrow(RangeError);
    expect(() => halvingCountdown({ ...base, currentHeight: Number.NaN })).toThrow(RangeError);
    expect(() => halvingCountdown({ ...base, currentHeight: 1, blockTimeSec: 0 })).toThrow(
      RangeError,
    );
    expect(() =>
      halvingCountdown({ ...base, currentHeight: 1, halvingIntervalBlocks: -210_000 }),
    ).toThrow(RangeError);
  });
});

describe('splitDuration', () => {
  it('should split a duration into whole days, hours, minutes and seconds', () => {
    expect(splitDuration(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
  });

  it('should count a negative duration as zero', () => {
    expect(splitDuration(-5_000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
