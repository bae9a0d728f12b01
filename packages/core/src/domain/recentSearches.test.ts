import { describe, expect, it } from 'vitest';
import { addRecentSearch, type RecentSearch, removeRecentSearch } from './recentSearches';

describe('addRecentSearch', () => {
  it('should put the new search first', () => {
    const list: RecentSearch[] = [{ pool: 'kas', addr: 'a' }];
    expect(addRecentSearch(list, { pool: 'alph', addr: 'b' })).toEqual([
      { pool: 'alph', addr: 'b' },
      { pool: 'kas', addr: 'a' },
    ]);
  });

  it('should move a repeated search to the front instead of duplicating it', () => {
    const list: RecentSearch[] = [
      { pool: 'kas', addr: 'a' },
      { pool: 'kas', addr: 'b' },
      { pool: 'kas', addr: 'c' },
    ];
    expect(addRecentSearch(list, { pool: 'kas', addr: 'c' })).toEqual([
      { pool: 'kas', addr: 'c' },
      { pool: 'kas', addr: 'a' },
      { pool: 'kas', addr: 'b' },
    ]);
  });

  it('should compare addresses trimmed and store them trimmed', () => {
    const list: RecentSearch[] = [{ pool: 'kas', addr: 'abc' }];
    expect(addRecentSearch(list, { pool: 'kas', addr: '  abc\t' })).toEqual([
      { pool: 'kas', addr: 'abc' },
    ]);
  });

  it('should keep addresses that differ only in case apart', () => {
    const list: RecentSearch[] = [{ pool: 'alph', addr: 'abc' }];
    expect(addRecentSearch(list, { pool: 'alph', addr: 'ABC' })).toHaveLength(2);
  });

  it('should keep the same address on another pool as a separate entry', () => {
    const list: RecentSearch[] = [{ pool: 'kas', addr: 'abc' }];
    expect(addRecentSearch(list, { pool: 'alph', addr: 'abc' })).toHaveLength(2);
  });

  it('should cap the list at 10, dropping the oldest', () => {
    const list: RecentSearch[] = Array.from({ length: 10 }, (_, index) => ({
      pool: 'kas',
      addr: `addr${index}`,
    }));
    const next = addRecentSearch(list, { pool: 'kas', addr: 'new' });
    expect(next).toHaveLength(10);
    expect(next[0]).toEqual({ pool: 'kas', addr: 'new' });
    expect(next[9]).toEqual({ pool: 'kas', addr: 'addr8' });
  });

  it('should honour a custom limit', () => {
    const list: RecentSearch[] = [
      { pool: 'kas', addr: 'a' },
      { pool: 'kas', addr: 'b' },
    ];
    expect(addRecentSearch(list, { pool: 'kas', addr: 'c' }, { limit: 2 })).toEqual([
      { pool: 'kas', addr: 'c' },
      { pool: 'kas', addr: 'a' },
    ]);
  });

  it('should ignore a blank address', () => {
    const list: RecentSearch[] = [{ pool: 'kas', addr: 'a' }];
    expect(addRecentSearch(list, { pool: 'kas', addr: '   ' })).toEqual(list);
  });

  it('should not modify the list it was given', () => {
    const list: RecentSearch[] = [{ pool: 'kas', addr: 'a' }];
    addRecentSearch(list, { pool: 'kas', addr: 'b' });
    expect(list).toEqual([{ pool: 'kas', addr: 'a' }]);
  });
});

describe('removeRecentSearch', () => {
  it('should remove the matching entry and keep the order of the rest', () => {
    const list: RecentSearch[] = [
      { pool: 'kas', addr: 'a' },
      { pool: 'kas', addr: 'b' },
      { pool: 'kas', addr: 'c' },
    ];
    expect(removeRecentSearch(list, { pool: 'kas', addr: ' b ' })).toEqual([
      { pool: 'kas', addr: 'a' },
      { pool: 'kas', addr: 'c' },
    ]);
  });

  it('should leave entries of other pools alone', () => {
    const list: RecentSearch[] = [{ pool: 'kas', addr: 'a' }];
    expect(removeRecentSearch(list, { pool: 'alph', addr: 'a' })).toEqual(list);
  });
});
