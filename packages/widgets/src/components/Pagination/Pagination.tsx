import { type KeyboardEvent, useId, useState } from 'react';
import { cx } from '../../internal/cx';
import { useControllableState } from '../../internal/useControllableState';
import { useMiningT } from '../../lib/useMiningT';
import { Icon } from '../Icon/Icon';
import * as styles from './Pagination.css';

/** One slot of a pager: a page number, or a gap. */
export type PagerItem = number | 'start-ellipsis' | 'end-ellipsis';

/**
 * The pager's slots, Element-UI style: at most `pagerCount` page numbers, always the first and
 * the last, the current page in the middle, and a gap where pages are left out.
 *
 * @example
 * paginationRange(6, 20, 5); // [1, 'start-ellipsis', 5, 6, 7, 'end-ellipsis', 20]
 */
export function paginationRange(page: number, pageCount: number, pagerCount = 5): PagerItem[] {
  if (pageCount <= pagerCount) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const half = Math.floor((pagerCount - 1) / 2);
  const showStartGap = page > pagerCount - half;
  const showEndGap = page < pageCount - half;
  const middle: number[] = [];
  if (showStartGap && !showEndGap) {
    for (let p = pageCount - (pagerCount - 2); p < pageCount; p += 1) middle.push(p);
  } else if (!showStartGap && showEndGap) {
    for (let p = 2; p < pagerCount; p += 1) middle.push(p);
  } else {
    const offset = Math.floor(pagerCount / 2) - 1;
    for (let p = page - offset; p <= page + offset; p += 1) middle.push(p);
  }
  return [
    1,
    ...(showStartGap ? (['start-ellipsis'] as const) : []),
    ...middle,
    ...(showEndGap ? (['end-ellipsis'] as const) : []),
    pageCount,
  ];
}

/** Texts of {@link Pagination}; each defaults to the `widgets.*` translation. */
export interface PaginationLabels {
  /** The navigation landmark. Default `t('widgets.pagination')`. */
  navigation?: string;
  /** Default `t('widgets.previousPage')`. */
  previous?: string;
  /** Default `t('widgets.nextPage')`. */
  next?: string;
  /** A page button's name. Default `t('widgets.page', { page })`, "Page 3". */
  page?: (page: number) => string;
  /** The total. Default `t('widgets.total', { total })`, "Total 125". */
  total?: (total: number) => string;
  /** The jump field. Default `t('widgets.goToPage')`. */
  goTo?: string;
}

/** Props of {@link Pagination}. */
export interface PaginationProps {
  /** How many items there are in all. */
  total: number;
  /** The current page, from 1 (controlled). */
  page?: number;
  /** The first page (uncontrolled). Default `1`. */
  defaultPage?: number;
  /** Called with the new page when the user moves. */
  onPageChange?: (page: number) => void;
  /** Items per page. Default `10` (spec section 9). */
  pageSize?: number;
  /** The most page buttons shown, an odd number ≥ 5. Default `5` (spec section 9). */
  pagerCount?: number;
  /** Shows "Total n". Default `true`. */
  showTotal?: boolean;
  /** Shows the jump-to-page field. Default `true`. */
  showJumper?: boolean;
  /** Disables every control, e.g. while a page loads. Default `false`. */
  disabled?: boolean;
  /** Overrides of the texts. */
  labels?: PaginationLabels;
  /** Extra class on the `<nav>`. */
  className?: string;
}

/**
 * Page navigation (`<nav>` with the current page marked `aria-current="page"`): previous/next,
 * at most `pagerCount` page buttons with gaps, the total, and a jump-to-page field.
 */
export function Pagination({
  total,
  page,
  defaultPage = 1,
  onPageChange,
  pageSize = 10,
  pagerCount = 5,
  showTotal = true,
  showJumper = true,
  disabled = false,
  labels,
  className,
}: PaginationProps) {
  const { t } = useMiningT();
  const jumpId = useId();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const [rawPage, setPage] = useControllableState({
    value: page,
    defaultValue: defaultPage,
    onChange: onPageChange,
  });
  const current = Math.min(Math.max(1, rawPage), pageCount);
  const [jumpText, setJumpText] = useState('');

  const goTo = (target: number) => {
    const clamped = Math.min(Math.max(1, Math.round(target)), pageCount);
    if (clamped !== current) setPage(clamped);
  };
  const commitJump = () => {
    const target = Number.parseInt(jumpText, 10);
    if (Number.isFinite(target)) goTo(target);
    setJumpText('');
  };
  const handleJumpKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitJump();
    }
  };

  const pageLabel = (value: number) => labels?.page?.(value) ?? t('widgets.page', { page: value });

  return (
    <nav
      aria-label={labels?.navigation ?? t('widgets.pagination')}
      className={cx(styles.nav, className)}
    >
      {showTotal ? (
        <span className={styles.total}>
          {labels?.total?.(total) ?? t('widgets.total', { total })}
        </span>
      ) : null}
      <ul className={styles.list}>
        <li>
          <button
            type="button"
            className={styles.pageButton}
            aria-label={labels?.previous ?? t('widgets.previousPage')}
            disabled={disabled || current <= 1}
            onClick={() => goTo(current - 1)}
          >
            <Icon name="chevronLeft" />
          </button>
        </li>
        {paginationRange(current, pageCount, pagerCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className={styles.pageButton}
                aria-label={pageLabel(item)}
                aria-current={item === current ? 'page' : undefined}
                disabled={disabled}
                onClick={() => goTo(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className={styles.ellipsis} aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={styles.pageButton}
            aria-label={labels?.next ?? t('widgets.nextPage')}
            disabled={disabled || current >= pageCount}
            onClick={() => goTo(current + 1)}
          >
            <Icon name="chevronRight" />
          </button>
        </li>
      </ul>
      {showJumper && pageCount > 1 ? (
        <span className={styles.jumper}>
          <label htmlFor={jumpId}>{labels?.goTo ?? t('widgets.goToPage')}</label>
          <input
            id={jumpId}
            className={styles.jumpInput}
            type="number"
            inputMode="numeric"
            min={1}
            max={pageCount}
            disabled={disabled}
            value={jumpText}
            onChange={(event) => setJumpText(event.target.value)}
            onKeyDown={handleJumpKey}
            onBlur={commitJump}
          />
        </span>
      ) : null}
    </nav>
  );
}
