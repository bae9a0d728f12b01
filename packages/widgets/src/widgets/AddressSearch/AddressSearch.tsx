import {
  addRecentSearch,
  isCoinId,
  isMiningAddressShape,
  RECENT_SEARCH_LIMIT,
  type RecentSearch,
  removeRecentSearch,
} from '@poolkit/core';
import { type FormEvent, useId, useState } from 'react';
import { cx } from '../../internal/cx';
import { useControllableState } from '../../internal/useControllableState';
import { useLabels } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import * as styles from './AddressSearch.css';

/** A pool the user can search in. */
export interface AddressSearchPool {
  /** The pool name used in paths, usually the coin id (`'kas'`). */
  value: string;
  /** What the picker shows, e.g. `'KAS'`. */
  label: string;
}

/** Keys of the texts of {@link AddressSearch}; each defaults to `t('mining.<key>')`. */
export type AddressSearchLabelKey =
  | 'addressSearch'
  | 'searchPool'
  | 'miningAddress'
  | 'addressPlaceholder'
  | 'search'
  | 'addressRequired'
  | 'addressWrong'
  | 'recentSearches'
  | 'clearRecent'
  | 'removeRecent'
  | 'searchAgain';

/** Props of {@link AddressSearch}. */
export interface AddressSearchProps {
  /** The pools that can be searched by address (spec: alph, kas, sumo, zeph, aleo). */
  pools: readonly AddressSearchPool[];
  /** Runs a search; the host navigates to the address page. */
  onSearch: (search: RecentSearch) => void;
  /** The first pool picked. Default: the first of `pools`. */
  defaultPool?: string;
  /** The recent searches, newest first (controlled; the host keeps them, e.g. in `search_list`). */
  recent?: readonly RecentSearch[];
  /** The first recent searches (uncontrolled). Default none. */
  defaultRecent?: readonly RecentSearch[];
  /** Called with the new list (at most 10, core's `addRecentSearch`) after a search or removal. */
  onRecentChange?: (recent: readonly RecentSearch[]) => void;
  /**
   * Checks an address's shape for the coin before searching (core's `isMiningAddressShape`).
   * Default `true`; a host with other address formats can turn it off.
   */
  validate?: boolean;
  /** Heading level of the title. Default `3`. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<AddressSearchLabelKey, string>>;
  /** Extra class on the card. */
  className?: string;
}

const NONE: readonly RecentSearch[] = [];

/**
 * Looks up a mining address without an account (address mining): a pool picker, the address,
 * and the recent searches (newest first, at most 10, no duplicates: core's `addRecentSearch`)
 * to run again or forget. The address's shape is checked for the coin before searching.
 */
export function AddressSearch({
  pools,
  onSearch,
  defaultPool,
  recent,
  defaultRecent = NONE,
  onRecentChange,
  validate = true,
  headingLevel = 3,
  labels,
  className,
}: AddressSearchProps) {
  const { label } = useLabels(labels);
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;
  const [pool, setPool] = useState(defaultPool ?? pools[0]?.value ?? '');
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<'addressRequired' | 'addressWrong' | null>(null);
  const [list, setList] = useControllableState({
    value: recent,
    defaultValue: defaultRecent,
    onChange: onRecentChange,
  });
  const poolLabel = (value: string) => pools.find((entry) => entry.value === value)?.label ?? value;

  const run = (search: RecentSearch) => {
    setList(addRecentSearch(list, search, { limit: RECENT_SEARCH_LIMIT }));
    onSearch({ pool: search.pool, addr: search.addr.trim() });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const addr = address.trim();
    if (addr === '') return setProblem('addressRequired');
    if (validate && isCoinId(pool) && !isMiningAddressShape(pool, addr))
      return setProblem('addressWrong');
    setProblem(null);
    run({ pool, addr });
  };

  return (
    <section className={cx(widget.card, className)}>
      <div className={widget.header}>
        <Heading className={widget.title}>{label('addressSearch')}</Heading>
      </div>
      <form className={styles.form} onSubmit={submit} noValidate>
        <select
          className={cx(widget.nativeSelect, styles.pool)}
          aria-label={label('searchPool')}
          value={pool}
          onChange={(event) => setPool(event.target.value)}
        >
          {pools.map((entry) => (
            <option key={entry.value} value={entry.value}>
              {entry.label}
            </option>
          ))}
        </select>
        <div className={styles.address}>
          <input
            className={widget.textInput}
            type="search"
            spellCheck={false}
            autoComplete="off"
            aria-label={label('miningAddress')}
            placeholder={label('addressPlaceholder')}
            value={address}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${baseId}-error` : undefined}
            onChange={(event) => {
              setAddress(event.target.value);
              setProblem(null);
            }}
          />
          {problem ? (
            <p id={`${baseId}-error`} role="alert" className={styles.error}>
              {label(problem)}
            </p>
          ) : null}
        </div>
        <button type="submit" className={widget.button}>
          {label('search')}
        </button>
      </form>
      {list.length > 0 ? (
        <div>
          <div className={styles.recentHeader}>
            <span id={`${baseId}-recent`}>{label('recentSearches')}</span>
            <button
              type="button"
              className={widget.button}
              data-variant="ghost"
              data-size="sm"
              onClick={() => setList(NONE)}
            >
              {label('clearRecent')}
            </button>
          </div>
          <ul className={styles.recentList} aria-labelledby={`${baseId}-recent`}>
            {list.map((entry) => (
              <li key={`${entry.pool}:${entry.addr}`} className={styles.recentItem}>
                <button
                  type="button"
                  className={styles.recentButton}
                  onClick={() => {
                    setPool(entry.pool);
                    setAddress(entry.addr);
                    setProblem(null);
                    run(entry);
                  }}
                >
                  <span className={widget.srOnly}>{label('searchAgain')} </span>
                  <span className={styles.poolTag}>{poolLabel(entry.pool)}</span>{' '}
                  <span className={styles.addr} title={entry.addr}>
                    {entry.addr}
                  </span>
                </button>
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={label('removeRecent', { address: entry.addr })}
                  onClick={() => setList(removeRecentSearch(list, entry))}
                >
                  <svg
                    width="14"
                    height="14"
                    viewBox="0 0 24 24"
                    aria-hidden="true"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  >
                    <path d="M18 6 6 18M6 6l12 12" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
