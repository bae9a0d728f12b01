import { describe, expect, it } from 'vitest';
import { COIN_IDS } from './coinIds';
import { COINS } from './coins';
import {
  coinHalvingCountdown,
  halvingCountdown,
  halvingRewardAt,
  splitDuration,
} from './halvingCountdown';

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

describe('coinHalvingCountdown', () => {
  /**
   * Each coin that halves: a current height and its real next halving (or ETC era step), from the
   * emission rules of the coin facts.
   */
  const NEXT_HALVINGS: Record<string, [currentHeight: number, nextHalving: number]> = {
    btc: [900_000, 1_050_000],
    ltc: [2_900_000, 3_360_000],
    etc: [22_000_000, 25_000_001],
    hns: [300_000, 340_000],
    rvn: [3_500_000, 4_200_000],
    // The home page once said 1,251 days (to 5,040,000) beside 4,406,400 and a date ~700 days on.
    zec: [3_600_000, 4_406_400],
  };

  it('should know the next halving of every coin that halves', () => {
    const halving = COIN_IDS.filter((id) => COINS[id].halvingIntervalBlocks !== null);
    expect(halving.sort()).toEqual(Object.keys(NEXT_HALVINGS).sort());
  });

  it.each(Object.entries(NEXT_HALVINGS))(
    'should make the %s countdown days, halving height and estimated date agree',
    (id, [height, next]) => {
      const coin = COINS[id as keyof typeof COINS];
      const countdown = coinHalvingCountdown(coin, height, NOW);
      const blockTimeMs = (coin.blockTimeSec ?? 0) * 1000;
      expect(countdown?.nextHalvingHeight).toBe(next);
      expect(countdown?.blocksLeft).toBe(next - height);
      // The date is the blocks left at the block time from now, and the days left count to it.
      expect(countdown?.estimatedAtMs).toBe(NOW + (next - height) * blockTimeMs);
      expect(countdown?.remaining.days).toBe(
        Math.floor(((next - height) * blockTimeMs) / 86_400_000),
      );
      expect(splitDuration((countdown?.estimatedAtMs ?? 0) - NOW)).toEqual(countdown?.remaining);
    },
  );

  it('should count ZEC about 700 days from height 3,600,000, to 2028', () => {
    const countdown = coinHalvingCountdown(COINS.zec, 3_600_000, Date.UTC(2026, 10, 28));
    expect(countdown?.remaining.days).toBe(700);
    expect(new Date(countdown?.estimatedAtMs ?? 0).toISOString().slice(0, 10)).toBe('2028-10-28');
  });

  it("should count from a reference halving as the next interval's start", () => {
    // At a halving height the next one is a whole interval away.
    expect(coinHalvingCountdown(COINS.zec, 2_726_400, NOW)?.nextHalvingHeight).toBe(4_406_400);
    expect(coinHalvingCountdown(COINS.etc, 15_000_001, NOW)?.nextHalvingHeight).toBe(20_000_001);
  });

  it('should give no countdown for a coin without a halving or a block time', () => {
    expect(coinHalvingCountdown(COINS.doge, 5_000_000, NOW)).toBeNull();
    expect(coinHalvingCountdown({ ...COINS.btc, blockTimeSec: null }, 900_000, NOW)).toBeNull();
  });
});

describe('halvingRewardAt', () => {
  it("should follow each coin's schedule from the height its reward is paid from", () => {
    expect(halvingRewardAt(COINS.btc, 900_000)).toBe('3.125');
    expect(halvingRewardAt(COINS.btc, 1_050_000)).toBe('1.5625');
    expect(halvingRewardAt(COINS.ltc, 3_360_000)).toBe('3.125');
    // ETC's era 6 from 25,000,001 pays 1.6384, era 7 from 30,000,001 pays 1.31072.
    expect(halvingRewardAt(COINS.etc, 25_000_000)).toBe('2.048');
    expect(halvingRewardAt(COINS.etc, 25_000_001)).toBe('1.6384');
    expect(halvingRewardAt(COINS.etc, 30_000_001)).toBe('1.31072');
    // HNS paid 2,000 before 170,000.
    expect(halvingRewardAt(COINS.hns, 150_000)).toBe('2000');
    expect(halvingRewardAt(COINS.hns, 340_000)).toBe('500');
    expect(halvingRewardAt(COINS.rvn, 4_300_000)).toBe('1250');
    expect(halvingRewardAt(COINS.rvn, 6_300_000)).toBe('625');
    expect(halvingRewardAt(COINS.zec, 4_406_400)).toBe('0.78125');
  });

  it('should give no reward schedule to a coin that does not halve', () => {
    expect(halvingRewardAt(COINS.doge, 5_000_000)).toBeNull();
    expect(halvingRewardAt(COINS.kas, 5_000_000)).toBeNull();
  });

  it('should give every coin that halves a schedule, its reward after the next halving one step on', () => {
    for (const id of COIN_IDS.filter((coin) => COINS[coin].halvingIntervalBlocks !== null)) {
      const coin = COINS[id];
      expect(coin.halvingAnchorHeight, id).not.toBeNull();
      expect(coin.halvingRewardFactor, id).not.toBeNull();
      // The reward's own height is a halving of the coin's schedule.
      expect(
        ((coin.blockRewardSinceHeight ?? -1) - (coin.halvingAnchorHeight ?? 0)) %
          (coin.halvingIntervalBlocks ?? 1),
        id,
      ).toBe(0);
      const next = coinHalvingCountdown(coin, coin.blockRewardSinceHeight ?? 0, NOW);
      expect(Number(halvingRewardAt(coin, next?.nextHalvingHeight ?? 0)), id).toBeCloseTo(
        Number(coin.blockReward) * Number(coin.halvingRewardFactor),
        12,
      );
    }
  });
});
