import { describe, expect, it } from 'vitest';
import { shouldRefreshToken } from './shouldRefreshToken';

// Login at 1000, expiry at 3000: a span of 2000 ms, half of it 1000 ms.
describe('shouldRefreshToken', () => {
  it('should not refresh while more than half of the lifetime remains', () => {
    expect(shouldRefreshToken(1000, 3000, 1000)).toBe(false);
    expect(shouldRefreshToken(1000, 3000, 1999)).toBe(false);
  });

  it('should not refresh at exactly half', () => {
    expect(shouldRefreshToken(1000, 3000, 2000)).toBe(false);
  });

  it('should refresh just past half and until the last millisecond', () => {
    expect(shouldRefreshToken(1000, 3000, 2001)).toBe(true);
    expect(shouldRefreshToken(1000, 3000, 2999)).toBe(true);
  });

  it('should not refresh when no lifetime remains', () => {
    expect(shouldRefreshToken(1000, 3000, 3000)).toBe(false);
  });

  it('should not refresh an expired token (negative remaining lifetime)', () => {
    expect(shouldRefreshToken(1000, 3000, 3001)).toBe(false);
    expect(shouldRefreshToken(1000, 3000, 10_000)).toBe(false);
  });

  it('should not refresh when the login time is at or after the expiry', () => {
    expect(shouldRefreshToken(3000, 3000, 2500)).toBe(false);
    expect(shouldRefreshToken(4000, 3000, 2500)).toBe(false);
  });
});
