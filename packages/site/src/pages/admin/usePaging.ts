import { PAGE_SIZE } from '@poolkit/core';
import { useState } from 'react';

/** The page of a paged operator list and the filter it shows. */
export interface Paging<Filter> {
  /** The filter shown (a state, a category, an object of several). */
  filter: Filter;
  /** Shows another filter, from its first page: page 3 of one filter means nothing in another. */
  setFilter: (filter: Filter) => void;
  /** The page shown, from 1. */
  page: number;
  setPage: (page: number) => void;
  /** The request's paging: `{ page, page_size: PAGE_SIZE }`, spread into the list's query. */
  query: { page: number; page_size: number };
}

/**
 * The paged list hook of the operator pages: the filter and the page, where a new filter starts
 * again at page 1.
 *
 * @example
 * const paging = usePaging<WithdrawalState>('manual');
 * const list = useEndpoint('adminWithdrawals', { query: { state: paging.filter, ...paging.query } });
 */
export function usePaging<Filter = undefined>(initialFilter?: Filter): Paging<Filter> {
  const [filter, setFilterState] = useState(initialFilter as Filter);
  const [page, setPage] = useState(1);
  return {
    filter,
    setFilter: (next) => {
      setFilterState(next);
      setPage(1);
    },
    page,
    setPage,
    query: { page, page_size: PAGE_SIZE },
  };
}

/** What a paged answer tells of its pages. */
export interface PagedAnswer {
  total: number;
  page_size: number;
}
