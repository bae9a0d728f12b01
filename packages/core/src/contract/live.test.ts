import { describe, expect, it } from 'vitest';
import { formatLiveCursor, isLiveTopic, isPrivateLiveTopic, parseLiveCursor } from './live';

describe('live topics and cursors', () => {
  it('should know the public topics of real coins and the private ones', () => {
    expect(isLiveTopic('pool:kas')).toBe(true);
    expect(isLiveTopic('blocks:btc')).toBe(true);
    expect(isLiveTopic('messages')).toBe(true);
    expect(isLiveTopic('pool:nocoin')).toBe(false);
    expect(isLiveTopic('pools')).toBe(false);
    expect(isLiveTopic('blocks:')).toBe(false);
    expect(isPrivateLiveTopic('account')).toBe(true);
    expect(isPrivateLiveTopic('pool:kas')).toBe(false);
  });

  it('should write and read back a cursor, and refuse anything else', () => {
    const cursor = { tick: 1_780_000_000_000, block: 42, message: 7 };
    expect(formatLiveCursor(cursor)).toBe('1780000000000.42.7');
    expect(parseLiveCursor(formatLiveCursor(cursor))).toEqual(cursor);
    for (const bad of [undefined, null, '', '1.2', '1.2.3.4', 'a.b.c', '-1.2.3', '1.2.3 ']) {
      expect(parseLiveCursor(bad)).toBeUndefined();
    }
  });
});
