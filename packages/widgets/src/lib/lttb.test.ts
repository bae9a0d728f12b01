import { describe, expect, it } from 'vitest';
import { lowerBound, lttb, nearestIndex } from './lttb';

interface Point {
  time: number;
  value: number;
}

const x = (point: Point) => point.time;
const y = (point: Point) => point.value;

function wave(count: number): Point[] {
  return Array.from({ length: count }, (_, index) => ({
    time: index * 1000,
    value: Math.sin(index / 50) * 10 + 20,
  }));
}

describe('lttb', () => {
  it('should keep exactly `threshold` points, the first and the last among them', () => {
    const points = wave(10_000);
    const sampled = lttb(points, 500, x, y);
    expect(sampled).toHaveLength(500);
    expect(sampled[0]).toBe(points[0]);
    expect(sampled[499]).toBe(points[9_999]);
  });

  it('should keep the points in time order and return the input objects themselves', () => {
    const points = wave(5_000);
    const sampled = lttb(points, 300, x, y);
    for (let index = 1; index < sampled.length; index += 1) {
      expect((sampled[index] as Point).time).toBeGreaterThan((sampled[index - 1] as Point).time);
      expect(points).toContain(sampled[index]);
    }
  });

  it('should keep a lone spike that averaging would flatten', () => {
    const points = Array.from({ length: 100_000 }, (_, index) => ({ time: index, value: 1 }));
    points[63_211] = { time: 63_211, value: 1_000 };
    const sampled = lttb(points, 200, x, y);
    expect(sampled.some((point) => point.value === 1_000)).toBe(true);
  });

  it('should return the input as it is when it is already small enough or the threshold is below 3', () => {
    const points = wave(100);
    expect(lttb(points, 100, x, y)).toBe(points);
    expect(lttb(points, 1_000, x, y)).toBe(points);
    expect(lttb(points, 2, x, y)).toBe(points);
    expect(lttb([], 10, x, y)).toEqual([]);
  });

  it('should downsample 525,600 points to a screen width', () => {
    const sampled = lttb(wave(525_600), 1_200, x, y);
    expect(sampled).toHaveLength(1_200);
  });
});

describe('lowerBound and nearestIndex', () => {
  const points = [0, 10, 20, 30].map((time) => ({ time, value: 0 }));

  it('should find the first point at or after a time', () => {
    expect(lowerBound(points, -5, x)).toBe(0);
    expect(lowerBound(points, 10, x)).toBe(1);
    expect(lowerBound(points, 11, x)).toBe(2);
    expect(lowerBound(points, 31, x)).toBe(4);
  });

  it('should find the nearest point, the earlier one on a tie', () => {
    expect(nearestIndex(points, 14, x)).toBe(1);
    expect(nearestIndex(points, 15, x)).toBe(1);
    expect(nearestIndex(points, 16, x)).toBe(2);
    expect(nearestIndex(points, 99, x)).toBe(3);
    expect(nearestIndex([], 1, x)).toBe(-1);
  });
});
