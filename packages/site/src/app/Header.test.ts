import { describe, expect, it } from 'vitest';
import { linksThatFit } from './Header';

describe('linksThatFit', () => {
  it('should show every link when they all fit, without a "More" button', () => {
    expect(linksThatFit(300, [100, 100, 90], 60, 4)).toBe(3);
    expect(linksThatFit(297, [100, 100, 90], 60, 4)).toBe(2);
  });

  it('should leave room for "More" when some links do not fit', () => {
    // 60 (More) + 4 + 100 + 4 + 100 = 268 ≤ 270: two links; a third would need 362.
    expect(linksThatFit(270, [100, 100, 100, 100], 60, 4)).toBe(2);
    expect(linksThatFit(267, [100, 100, 100, 100], 60, 4)).toBe(1);
  });

  it('should show only "More" when not even one link fits', () => {
    expect(linksThatFit(100, [100, 100], 60, 4)).toBe(0);
  });
});
