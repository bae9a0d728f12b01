/** The page and its size, as the contract's paged queries carry them (`page` counts from 1). */
export interface PageQuery {
  readonly page: number;
  readonly page_size: number;
}

/** One page of a list, as the contract's paged answers carry it. */
export interface Page<T> {
  readonly list: T[];
  readonly total: number;
  readonly page: number;
  readonly page_size: number;
}

/** The `OFFSET` of a page in a `LIMIT … OFFSET …` query. */
export function offsetOf(query: PageQuery): number {
  return (query.page - 1) * query.page_size;
}

/**
 * One page of a list already in memory and sorted, as the contract's paged answers carry it:
 * `{ list, total, page, page_size }`. A page past the end has an empty list.
 *
 * @example
 * pageOf(['a', 'b', 'c'], { page: 2, page_size: 2 }) // { list: ['c'], total: 3, page: 2, page_size: 2 }
 */
export function pageOf<T>(
  items: readonly T[],
  query: PageQuery,
): { list: T[]; total: number; page: number; page_size: number } {
  const start = offsetOf(query);
  return {
    list: items.slice(start, start + query.page_size),
    total: items.length,
    page: query.page,
    page_size: query.page_size,
  };
}
