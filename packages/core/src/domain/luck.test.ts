import { describe, expect, it } from 'vitest';
import {
  averageLuck,
  blockEffort,
  blockLuck,
  expectedRoundTimeSec,
  luckFromEffort,
  roundTimeLuck,
} from './luck';

describe('blockEffort', () => {
  it('should divide the shares difficulty sum by the network difficulty', () => {
    expect(blockEffort({ shareDifficultySum: 150, networkDifficulty: 100 })).toBe(1.5);
  });

  it('should refuse zero or negative work', () => {
    expect(() => blockEffort({ shareDifficultySum: 0, networkDifficulty: 100 })).toThrow(
      RangeError,
    );
    expect(() => blockEffort({ shareDifficultySum: 10, networkDifficulty: -1 })).toThrow(
      RangeError,
    );
  });
});

describe('luckFromEffort', () => {
  it('should be 100 % at average effort', () => {
    expect(luckFromEffort(1)).toBe(100);
  });

  it('should be 200 % when a block took half the expected work', () => {
    expect(luckFromEffort(0.5)).toBe(200);
  });

  it('should be 50 % when a block took twice the expected work', () => {
    expect(luckFromEffort(2)).toBe(50);
  });
});

describe('blockLuck', () => {
  it('should be expected work over actual work, in percent', () => {
    // network difficulty 100, shares worth 80 → 100 / 80 = 125 %.
    expect(blockLuck({ shareDifficultySum: 80, networkDifficulty: 100 })).toBe(125);
  });

  it('should be below 100 % for an unlucky block', () => {
    // shares worth 400 for difficulty 100 → 25 %.
    expect(blockLuck({ shareDifficultySum: 400, networkDifficulty: 100 })).toBe(25);
  });
});

describe('expectedRoundTimeSec', () => {
  it('should use 2^32 hashes per difficulty by default', () => {
    // difficulty 1000 × 2^32 hashes / (1000 × 2^32 H/s) = 1 s.
    expect(expectedRoundTimeSec({ networkDifficulty: 1000, poolHashrate: 1000 * 2 ** 32 })).toBe(1);
  });

  it('should accept coins whose difficulty counts hashes', () => {
    // XMR-like: 360e9 hashes at 3 GH/s = 120 s.
    expect(
      expectedRoundTimeSec({ networkDifficulty: 360e9, poolHashrate: 3e9, hashesPerDifficulty: 1 }),
    ).toBe(120);
  });
});

describe('roundTimeLuck', () => {
  it('should be expected over actual round time, in percent', () => {
    expect(roundTimeLuck({ expectedRoundTimeSec: 600, actualRoundTimeSec: 300 })).toBe(200);
    expect(roundTimeLuck({ expectedRoundTimeSec: 600, actualRoundTimeSec: 1200 })).toBe(50);
  });
});

describe('averageLuck', () => {
  it('should be 1 / mean effort over all blocks by default', () => {
    // efforts 0.5 and 1.5 → mean 1 → 100 % (the mean of luck values, 200 % and 66.7 %, would say 133 %).
    expect(averageLuck([{ effort: 0.5 }, { effort: 1.5 }])).toBe(100);
  });

  it('should only use the newest blocks of the window', () => {
    // newest two: 0.5 and 0.5 → mean 0.5 → 200 %; the third (4) is outside the window.
    expect(averageLuck([{ effort: 0.5 }, { effort: 0.5 }, { effort: 4 }], 2)).toBe(200);
  });

  it('should use all blocks when the window is larger than the list', () => {
    // efforts 1, 2, 3 → mean 2 → 50 %.
    expect(averageLuck([{ effort: 1 }, { effort: 2 }, { effort: 3 }], 50)).toBe(50);
  });

  it('should be null without blocks', () => {
    expect(averageLuck([])).toBeNull();
    expect(averageLuck([{ effort: 1 }], 0)).toBeNull();
  });

  it('should refuse an invalid effort or window', () => {
    expect(() => averageLuck([{ effort: 0 }])).toThrow(RangeError);
    expect(() => averageLuck([{ effort: 1 }], -1)).toThrow(RangeError);
    expect(() => averageLuck([{ effort: 1 }], 1.5)).toThrow(RangeError);
  });
});
