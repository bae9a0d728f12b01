import { describe, expect, it } from 'vitest';
import { halvingTimeLeft } from './halvingTimeLeft';

describe('halvingTimeLeft', () => {
  it("should count the ZEC card's days to its own estimated date, not to another halving", () => {
    // The server's ZEC halving from height 3,600,000: 806,400 blocks × 75 s = 700 days. The card
    // once re-estimated from multiples of the interval and said 1,251 days.
    const now = Date.UTC(2026, 10, 28, 12, 0, 0);
    const halving = { estimated_at: new Date(now + 806_400 * 75_000).toISOString() };
    expect(halvingTimeLeft(halving, now)).toEqual({ days: 700, hours: 0, minutes: 0, seconds: 0 });
  });

  it('should tick down with the clock and stop at zero once the date has passed', () => {
    const estimatedAt = Date.UTC(2028, 3, 17, 6, 30, 0);
    const halving = { estimated_at: new Date(estimatedAt).toISOString() };
    expect(halvingTimeLeft(halving, estimatedAt - 90_061_000)).toEqual({
      days: 1,
      hours: 1,
      minutes: 1,
      seconds: 1,
    });
    expect(halvingTimeLeft(halving, estimatedAt + 5_000)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
  });
});
