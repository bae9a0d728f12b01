import { type ReactNode, useId, useMemo } from 'react';
import { cx } from '../../internal/cx';
import { visuallyHidden } from '../../internal/shared.css';
import { useControllableState } from '../../internal/useControllableState';
import { useScrollFocusable } from '../../internal/useScrollFocusable';
import { useMiningT } from '../../lib/useMiningT';
import { EmptyState } from '../EmptyState/EmptyState';
import { Icon } from '../Icon/Icon';
import { Skeleton } from '../Skeleton/Skeleton';
import * as styles from './Table.css';

/** The direction of a sort, as ARIA names it (`aria-sort`). */
export type SortDirection = 'ascending' | 'descending';

/** Which column a table is sorted by. */
export interface TableSort {
  /** The sorted column's `key`. */
  key: string;
  /** Up or down. */
  direction: SortDirection;
}

/** One column of a {@link Table}. */
export interface TableColumn<Row> {
  /** A stable key, unique in the table; also the sort key. */
  key: string;
  /** The header cell. */
  header: ReactNode;
  /** The body cell of one row. */
  cell: (row: Row, rowIndex: number) => ReactNode;
  /**
   * Makes the column sortable in the browser by this value (`null` sorts last). Leave it out and
   * set `sortable` for server-side sorting.
   */
  sortValue?: (row: Row) => string | number | null;
  /** Shows the sort button without sorting locally (with `manualSorting`). Default: `sortValue` is set. */
  sortable?: boolean;
  /** The first direction when the user sorts by this column. Default `'ascending'`. */
  firstSortDirection?: SortDirection;
  /** Right-aligns with tabular figures, for numbers. Default `false`. */
  numeric?: boolean;
  /** A CSS width for the column, e.g. `'160px'`. */
  width?: string;
}

/** Texts of {@link Table}; each defaults to the `widgets.*` translation. */
export interface TableLabels {
  /** Announced while loading. Default `t('widgets.loading')`. */
  loading?: string;
  /** Shown when there are no rows. Default `t('widgets.noData')`. */
  empty?: string;
}

/** Props of {@link Table}. */
export interface TableProps<Row> {
  /** What the table shows; its accessible name. Required. */
  caption: ReactNode;
  /** Shows the caption on screen too. Default `false`: the card around usually has a heading. */
  showCaption?: boolean;
  /** The columns, left to right. The first one is pinned while scrolling sideways. */
  columns: readonly TableColumn<Row>[];
  /** The rows. */
  rows: readonly Row[];
  /** A stable key of a row. */
  getRowKey: (row: Row, rowIndex: number) => string;
  /** The sort (controlled); `null` for the given order. */
  sort?: TableSort | null;
  /** The first sort (uncontrolled). Default `null`. */
  defaultSort?: TableSort | null;
  /** Called when the user sorts by a header. */
  onSortChange?: (sort: TableSort) => void;
  /** Leaves the rows in the given order (the server sorts). Default `false`. */
  manualSorting?: boolean;
  /** Shows skeleton rows and sets `aria-busy`. Default `false`. */
  loading?: boolean;
  /** How many skeleton rows. Default `5`. */
  loadingRows?: number;
  /** What shows when there are no rows. Default: an `EmptyState` saying `labels.empty`. */
  empty?: ReactNode;
  /** Shown instead of the rows when loading failed, e.g. an `EmptyState` with a retry button. */
  error?: ReactNode;
  /** Keeps the header row visible while the body scrolls (needs `maxHeight`). Default `true`. */
  stickyHeader?: boolean;
  /** The tallest the table may grow before its body scrolls, as CSS. Default: no limit. */
  maxHeight?: string;
  /** Pins the first column while scrolling sideways (phones). Default `true`. */
  pinFirstColumn?: boolean;
  /** Row height. Default `'comfortable'`; `'compact'` for dense desktop tables. */
  density?: 'comfortable' | 'compact';
  /** Overrides of the texts. */
  labels?: TableLabels;
  /** Extra class on the scrolling wrapper. */
  className?: string;
}

function compare(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/**
 * A data table: sortable headers (`aria-sort`), sticky header, loading (skeleton rows,
 * `aria-busy`), empty and error states, and sideways scrolling on phones with the first column
 * pinned. Numbers use tabular figures.
 */
export function Table<Row>({
  caption,
  showCaption = false,
  columns,
  rows,
  getRowKey,
  sort,
  defaultSort = null,
  onSortChange,
  manualSorting = false,
  loading = false,
  loadingRows = 5,
  empty,
  error,
  stickyHeader = true,
  maxHeight,
  pinFirstColumn = true,
  density = 'comfortable',
  labels,
  className,
}: TableProps<Row>) {
  const { t } = useMiningT();
  const captionId = useId();
  const [currentSort, setSort] = useControllableState<TableSort | null>({
    value: sort,
    defaultValue: defaultSort,
  });
  const [scrollRef, scrollTabIndex] = useScrollFocusable<HTMLDivElement>();

  const sortedRows = useMemo(() => {
    if (manualSorting || !currentSort) return rows;
    const column = columns.find((candidate) => candidate.key === currentSort.key);
    const sortValue = column?.sortValue;
    if (!sortValue) return rows;
    const sign = currentSort.direction === 'ascending' ? 1 : -1;
    // Nulls stay last in both directions.
    return [...rows].sort((a, b) => {
      const left = sortValue(a);
      const right = sortValue(b);
      if (left === null || right === null) return compare(left, right);
      return sign * compare(left, right);
    });
  }, [rows, columns, currentSort, manualSorting]);

  const sortBy = (column: TableColumn<Row>) => {
    const next: TableSort =
      currentSort?.key === column.key
        ? {
            key: column.key,
            direction: currentSort.direction === 'ascending' ? 'descending' : 'ascending',
          }
        : { key: column.key, direction: column.firstSortDirection ?? 'ascending' };
    setSort(next);
    onSortChange?.(next);
  };

  const columnCount = columns.length;
  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: loadingRows }, (_, rowIndex) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder rows
      <tr key={rowIndex} className={styles.row}>
        {columns.map((column) => (
          <td key={column.key} className={styles.cell({ numeric: column.numeric ?? false })}>
            <Skeleton width={column.numeric ? '60%' : '80%'} />
          </td>
        ))}
      </tr>
    ));
  } else if (error) {
    body = (
      <tr>
        <td colSpan={columnCount} className={styles.stateCell}>
          <div className={styles.stateContent}>{error}</div>
        </td>
      </tr>
    );
  } else if (sortedRows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount} className={styles.stateCell}>
          <div className={styles.stateContent}>
            {empty ?? <EmptyState description={labels?.empty ?? t('widgets.noData')} />}
          </div>
        </td>
      </tr>
    );
  } else {
    body = sortedRows.map((row, rowIndex) => (
      <tr key={getRowKey(row, rowIndex)} className={styles.row}>
        {columns.map((column, columnIndex) => {
          const content = column.cell(row, rowIndex);
          const cellClass = styles.cell({ numeric: column.numeric ?? false });
          // The first cell heads its row, so screen readers name each row by it.
          return columnIndex === 0 ? (
            <th key={column.key} scope="row" className={cx(cellClass, styles.rowHeader)}>
              {content}
            </th>
          ) : (
            <td key={column.key} className={cellClass}>
              {content}
            </td>
          );
        })}
      </tr>
    ));
  }

  const scrollable = scrollTabIndex === 0;
  return (
    <div
      ref={scrollRef}
      className={cx(styles.scroll, className)}
      style={maxHeight ? { maxHeight } : undefined}
      // Focusable (and a named region) only when it scrolls, so keyboards can scroll it.
      {...(scrollable ? { role: 'region', 'aria-labelledby': captionId, tabIndex: 0 } : {})}
      data-pinned={pinFirstColumn || undefined}
      data-sticky={stickyHeader || undefined}
    >
      <table className={styles.table({ density })} aria-busy={loading || undefined}>
        <caption id={captionId} className={showCaption ? styles.caption : visuallyHidden}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sortable = column.sortable ?? column.sortValue !== undefined;
              const direction = currentSort?.key === column.key ? currentSort.direction : null;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sortable ? (direction ?? 'none') : undefined}
                  className={styles.headerCell({ numeric: column.numeric ?? false })}
                  style={column.width ? { width: column.width } : undefined}
                >
                  {sortable ? (
                    <button
                      type="button"
                      className={styles.sortButton}
                      data-sorted={direction ?? undefined}
                      onClick={() => sortBy(column)}
                    >
                      {column.header}
                      <Icon
                        name={
                          direction === 'ascending'
                            ? 'arrowUp'
                            : direction === 'descending'
                              ? 'arrowDown'
                              : 'chevronsUpDown'
                        }
                        className={styles.sortIcon}
                      />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
      {loading ? (
        <span role="status" className={visuallyHidden}>
          {labels?.loading ?? t('widgets.loading')}
        </span>
      ) : null}
    </div>
  );
}
