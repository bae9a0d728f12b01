import { describe, expect, it } from 'vitest';
import { pageOf } from './paging';

describe('pageOf', () => {
  it('should cut the page out of the list and say the total', () => {
    expect(pageOf(['a', 'b', 'c'], { page: 1, page_size: 2 })).toEqual({
      list: ['a', 'b'],
      total: 3,
      page: 1,
      page_size: 2,
    });
    expect(pageOf(['a', 'b', 'c'], { page: 2, page_size: 2 }).list).toEqual(['c']);
  });

  it('should give an empty list for a page past the end', () => {
    expect(pageOf(['a'], { page: 3, page_size: 10 })).toEqual({
      list: [],
      total: 1,
      page: 3,
      page_size: 10,
    });
  });
});
