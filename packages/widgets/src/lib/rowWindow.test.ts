import { describe, expect, it } from 'vitest';
import { rowWindow } from './rowWindow';

const list = { rowHeight: 40, paddingStart: 40, overscan: 2 };

describe('rowWindow', () => {
  it('should render the rows in view and the overscan, with space for the rest', () => {
    expect(rowWindow({ ...list, count: 1000, scrollTop: 400, viewportHeight: 200 })).toEqual({
      start: 7,
      end: 16,
      spaceBefore: 280,
      spaceAfter: 39_360,
    });
  });

  it('should start at the first row at the top, however small the view', () => {
    expect(rowWindow({ ...list, count: 1000, scrollTop: 0, viewportHeight: 480 })).toEqual({
      start: 0,
      end: 13,
      spaceBefore: 0,
      spaceAfter: 987 * 40,
    });
    expect(rowWindow({ ...list, count: 1000, scrollTop: 0, viewportHeight: 0 })).toMatchObject({
      start: 0,
      end: 3,
    });
  });

  it('should count a row cut by the bottom edge as in view, and one starting at it as not', () => {
    // The view ends at 40 + 5 × 40: row 4 ends exactly there.
    expect(
      rowWindow({ ...list, overscan: 0, count: 100, scrollTop: 0, viewportHeight: 240 }),
    ).toMatchObject({ start: 0, end: 5 });
    expect(
      rowWindow({ ...list, overscan: 0, count: 100, scrollTop: 1, viewportHeight: 240 }),
    ).toMatchObject({ start: 0, end: 6 });
  });

  it('should end at the last row when scrolled to the bottom or beyond', () => {
    const bottom = 40 + 100 * 40 - 200;
    expect(rowWindow({ ...list, count: 100, scrollTop: bottom, viewportHeight: 200 })).toEqual({
      start: 93,
      end: 100,
      spaceBefore: 93 * 40,
      spaceAfter: 0,
    });
    expect(rowWindow({ ...list, count: 100, scrollTop: 1e9, viewportHeight: 200 })).toEqual({
      start: 97,
      end: 100,
      spaceBefore: 97 * 40,
      spaceAfter: 0,
    });
  });

  it('should render every row of a list shorter than its view, and nothing of an empty one', () => {
    expect(rowWindow({ ...list, count: 3, scrollTop: 0, viewportHeight: 480 })).toEqual({
      start: 0,
      end: 3,
      spaceBefore: 0,
      spaceAfter: 0,
    });
    expect(rowWindow({ ...list, count: 0, scrollTop: 0, viewportHeight: 480 })).toEqual({
      start: 0,
      end: 0,
      spaceBefore: 0,
      spaceAfter: 0,
    });
  });
});
