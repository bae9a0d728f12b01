import { RECENT_SEARCH_LIMIT } from '../constants';

/** One entry of the recent-search list: a pool (coin) and the address looked up (spec section 3). */
export interface RecentSearch {
  pool: string;
  addr: string;
}

/** Options of {@link addRecentSearch}. */
export interface AddRecentSearchOptions {
  /**
   * The most entries kept; older ones fall off the end.
   * @defaultValue `RECENT_SEARCH_LIMIT` (10, spec sections 3 and 9)
   */
  limit?: number;
}

function sameSearch(left: RecentSearch, right: RecentSearch): boolean {
  // Addresses compare as typed (after trimming): base58 addresses (BTC legacy, ALPH, XMR-style)
  // are case sensitive, so folding case could merge two different addresses.
  return left.pool === right.pool && left.addr.trim() === right.addr.trim();
}

/**
 * Puts a search at the front of the recent-search list and returns a new list: newest first, no
 * duplicates (same `pool` and same `addr` once trimmed; addresses compare case-sensitively), at
 * most `limit` entries. The stored address is trimmed. A blank address leaves the list as it
 * was (a copy).
 *
 * @param list - the current list, newest first; not modified
 * @param search - the pool and address just looked up
 * @param options - `limit`, default 10
 * @example
 * addRecentSearch([{ pool: 'kas', addr: 'a' }], { pool: 'kas', addr: ' b ' });
 * // [{ pool: 'kas', addr: 'b' }, { pool: 'kas', addr: 'a' }]
 */
export function addRecentSearch(
  list: readonly RecentSearch[],
  search: RecentSearch,
  options: AddRecentSearchOptions = {},
): RecentSearch[] {
  const { limit = RECENT_SEARCH_LIMIT } = options;
  const entry: RecentSearch = { pool: search.pool, addr: search.addr.trim() };
  if (entry.addr === '') return [...list];
  const rest = list.filter((item) => !sameSearch(item, entry));
  return [entry, ...rest].slice(0, Math.max(0, limit));
}

/**
 * Removes a search from the recent-search list (same matching as {@link addRecentSearch}) and
 * returns a new list in the same order.
 *
 * @param list - the current list; not modified
 * @param search - the pool and address to forget
 */
export function removeRecentSearch(
  list: readonly RecentSearch[],
  search: RecentSearch,
): RecentSearch[] {
  return list.filter((item) => !sameSearch(item, search));
}
