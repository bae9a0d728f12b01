/** What {@link rowWindow} needs to know: the list, its rows and the part of it in view. */
export interface RowWindowOptions {
  /** How many rows the list has. */
  count: number;
  /** Height of every row in CSS pixels (the rows of a list windowed this way never vary). */
  rowHeight: number;
  /** Pixels above the first row inside the scrolling element, e.g. a sticky header row. */
  paddingStart: number;
  /** Rows rendered beyond each edge of the view, so a fast scroll shows no gap. */
  overscan: number;
  /** How far the scrolling element is scrolled (`scrollTop`). */
  scrollTop: number;
  /** Height of the scrolling element's view. */
  viewportHeight: number;
}

/** The rows to render, and the space that stands in for those that are not. */
export interface RowWindow {
  /** Index of the first row to render. */
  start: number;
  /** Index after the last row to render (`start === end` when there is nothing to render). */
  end: number;
  /** Pixels above the first rendered row that no rendered row fills. */
  spaceBefore: number;
  /** Pixels below the last rendered row that no rendered row fills. */
  spaceAfter: number;
}

/**
 * The rows of a fixed-height list that are in view, plus `overscan` rows on either side: the
 * first row is the one at the top edge of the view (or the last row when scrolled past the end),
 * the last is the one that reaches the bottom edge. With every row the same height this is
 * arithmetic, so a list of 100,000 rows costs the same as one of 100.
 *
 * @example
 * rowWindow({ count: 1000, rowHeight: 40, paddingStart: 40, overscan: 2, scrollTop: 400, viewportHeight: 200 })
 * // { start: 7, end: 16, spaceBefore: 280, spaceAfter: 39_360 }
 */
export function rowWindow({
  count,
  rowHeight,
  paddingStart,
  overscan,
  scrollTop,
  viewportHeight,
}: RowWindowOptions): RowWindow {
  if (count <= 0) return { start: 0, end: 0, spaceBefore: 0, spaceAfter: 0 };
  const last = count - 1;
  const first = Math.min(Math.max(Math.floor((scrollTop - paddingStart) / rowHeight), 0), last);
  const bottom = Math.ceil((scrollTop + viewportHeight - paddingStart) / rowHeight) - 1;
  const lastInView = Math.min(Math.max(bottom, first), last);
  const start = Math.max(first - overscan, 0);
  const end = Math.min(lastInView + overscan, last) + 1;
  return {
    start,
    end,
    spaceBefore: start * rowHeight,
    spaceAfter: (count - end) * rowHeight,
  };
}
