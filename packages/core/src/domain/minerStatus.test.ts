import { describe, expect, it } from 'vitest';
import { minerStatus } from './minerStatus';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('minerStatus', () => {
  it('should be active with a share just now', () => {
    expect(minerStatus(NOW, NOW)).toBe('active');
  });

  it('should still be active after exactly 15 minutes of silence', () => {
    expect(minerStatus(NOW - 15 * MINUTE, NOW)).toBe('active');
  });

  it('should be inactive after more than 15 minutes of silence', () => {
    expect(minerStatus(NOW - 15 * MINUTE - 1, NOW)).toBe('inactive');
  });

  it('should still be inactive after exactly 24 hours of silence', () => {
    expect(minerStatus(NOW - 24 * HOUR, NOW)).toBe('inactive');
  });

  it('should be dead after more than 24 hours of silence', () => {
    expect(minerStatus(NOW - 24 * HOUR - 1, NOW)).toBe('dead');
  });

  it('should be dead when no share was ever recorded', () => {
    expect(minerStatus(null, NOW)).toBe('dead');
    expect(minerStatus(undefined, NOW)).toBe('dead');
    expect(minerStatus(Number.NaN, NOW)).toBe('dead');
  });

  it('should count a share from the future (clock skew) as active', () => {
    expect(minerStatus(NOW + 5 * MINUTE, NOW)).toBe('active');
  });

  it('should follow the 1-hour dead variant when configured', () => {
    expect(minerStatus(NOW - HOUR, NOW, { deadAfterMs: HOUR })).toBe('inactive');
    expect(minerStatus(NOW - HOUR - 1, NOW, { deadAfterMs: HOUR })).toBe('dead');
  });

  it('should follow a configured inactive threshold', () => {
    expect(minerStatus(NOW - 5 * MINUTE - 1, NOW, { inactiveAfterMs: 5 * MINUTE })).toBe(
      'inactive',
    );
    expect(minerStatus(NOW - 5 * MINUTE, NOW, { inactiveAfterMs: 5 * MINUTE })).toBe('active');
  });
});
