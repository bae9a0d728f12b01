import { describe, expect, it } from 'vitest';
import { timeTicks, valueTicks } from './chartTicks';

const HOUR = 3_600_000;

describe('timeTicks', () => {
  it("should fall on whole hours of the user's zone, not of UTC", () => {
    const start = Date.UTC(2025, 2, 14, 0, 10);
    const ticks = timeTicks(start, start + 24 * HOUR, 6, 330);
    expect(ticks.length).toBeLessThanOrEqual(6);
    for (const tick of ticks) {
      const local = new Date(tick + 330 * 60_000);
      expect(local.getUTCMinutes()).toBe(0);
      expect(local.getUTCHours() % 4).toBe(0);
    }
  });

  it('should put day ticks on local midnights for long ranges', () => {
    const end = Date.UTC(2025, 2, 14, 12);
    const ticks = timeTicks(end - 30 * 24 * HOUR, end, 8, 480);
    expect(ticks.length).toBeGreaterThan(3);
    for (const tick of ticks) expect(new Date(tick + 8 * HOUR).getUTCHours()).toBe(0);
  });

  it('should give nothing for an empty span', () => {
    expect(timeTicks(10, 10, 5, 0)).toEqual([]);
  });
});

describe('valueTicks', () => {
  it('should step by 1, 2, 2.5 or 5 times a power of ten up to a round top', () => {
    expect(valueTicks(137.4)).toEqual({ top: 150, ticks: [0, 50, 100, 150] });
    expect(valueTicks(0.93)).toEqual({ top: 1, ticks: [0, 0.25, 0.5, 0.75, 1] });
    expect(valueTicks(800).top).toBe(800);
  });

  it('should give an axis of 0 to 1 when there is nothing to show', () => {
    expect(valueTicks(0).top).toBe(1);
    expect(valueTicks(Number.NaN).top).toBe(1);
  });
});
