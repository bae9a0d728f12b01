import {
  DEFAULT_TIMEZONE,
  type MinerStatusOptions,
  type WorkerGroup,
  type WorkerRow,
} from '@poolkit/core';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { type DataStatus, ErrorBlock, MessageBlock } from '../../components/DataState/DataState';
import { cx } from '../../internal/cx';
import { useControllableState } from '../../internal/useControllableState';
import { rowWindow } from '../../lib/rowWindow';
import { useLabels } from '../../lib/useMiningT';
import { useScrollViewport } from '../../lib/useScrollViewport';
import * as widget from '../../lib/widget.css';
import { WorkerGrid } from './WorkerGrid';
import * as styles from './WorkerTable.css';
import { BatchBar, StatusTabs, WorkerFilters } from './WorkerToolbar';
import {
  useWorkerOrder,
  type WorkerGroupFilter,
  type WorkerSortKey,
  type WorkerStatusFilter,
  type WorkerTableLabelKey,
  type WorkerTableSort,
} from './workerTableModel';

export type {
  WorkerGroupFilter,
  WorkerSortKey,
  WorkerStatusFilter,
  WorkerTableLabelKey,
  WorkerTableSort,
} from './workerTableModel';

/** Props of {@link WorkerTable}. */
export interface WorkerTableProps extends DataStatus {
  /** Every worker of the account or address; filtering, sorting and scrolling happen here. */
  rows: readonly WorkerRow[];
  /** The instant states are judged at (epoch ms). Default: when `rows` last changed. */
  now?: number;
  /** Thresholds of core's `minerStatus` (e.g. the 1 h dead variant). Default 15 min / 24 h. */
  statusOptions?: MinerStatusOptions;
  /** The user's zone, `UTC±hh:mm`, for last share times. Default `'UTC+00:00'`. */
  timezone?: string;
  /** The coin's hashrate unit before prefixes. Default `'H/s'`. */
  baseUnit?: string;
  /** The account's groups, for the group filter and "move to group". Default none (hidden). */
  groups?: readonly Pick<WorkerGroup, 'id' | 'name'>[];
  /** The state tab (controlled). */
  status?: WorkerStatusFilter;
  /** The first state tab (uncontrolled). Default `'all'`. */
  defaultStatus?: WorkerStatusFilter;
  /** Called when the user picks a tab. */
  onStatusChange?: (status: WorkerStatusFilter) => void;
  /** The search text (controlled). */
  search?: string;
  /** The first search text (uncontrolled). Default `''`. */
  defaultSearch?: string;
  /** Called as the user types. */
  onSearchChange?: (search: string) => void;
  /** The sort (controlled); `null` keeps the order of `rows`. */
  sort?: WorkerTableSort | null;
  /** The first sort (uncontrolled). Default `null`: the order of `rows`. */
  defaultSort?: WorkerTableSort | null;
  /** Called when the user sorts by a column. */
  onSortChange?: (sort: WorkerTableSort | null) => void;
  /** The group filter (controlled). */
  group?: WorkerGroupFilter;
  /** The first group filter (uncontrolled). Default `null`: every group. */
  defaultGroup?: WorkerGroupFilter;
  /** Called when the user picks a group. */
  onGroupChange?: (group: WorkerGroupFilter) => void;
  /** Names of the selected workers (controlled). */
  selected?: readonly string[];
  /** Names first selected (uncontrolled). Default none. */
  defaultSelected?: readonly string[];
  /** Called when the selection changes. */
  onSelectedChange?: (selected: readonly string[]) => void;
  /**
   * Deletes the selected workers (spec: only inactive or dead ones go; an active worker comes
   * back with its next share). Without it there is no delete button.
   */
  onDelete?: (workerNames: readonly string[]) => void;
  /** Moves the selected workers into a group (`null`: out of any). Needs `groups`. */
  onMove?: (workerNames: readonly string[], groupId: string | null) => void;
  /** Makes worker names buttons that open the worker. */
  onWorkerOpen?: (row: WorkerRow) => void;
  /** Height of the scrolling area in CSS pixels. Default `480`. */
  height?: number;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<WorkerTableLabelKey, string>>;
  /** Extra class on the root. */
  className?: string;
}

const EMPTY: readonly string[] = [];

/**
 * The worker list of an account or address: filter tabs by state (active / inactive / dead,
 * with counts, states from core's `minerStatus`), search by name, a group filter, sorting by
 * every column (`aria-sort` on the sorted header), row selection with batch delete and
 * move-to-group, and virtualised rows (only the rows in view are in the page), so 100,000
 * workers scroll smoothly. Rows keep native table semantics (`aria-rowcount`, `aria-rowindex`);
 * on phones the table scrolls sideways with the name pinned.
 *
 * It takes every row and never fetches; the callbacks say what the user asked for.
 */
export function WorkerTable({
  rows,
  now,
  statusOptions,
  timezone = DEFAULT_TIMEZONE,
  baseUnit = 'H/s',
  groups,
  status,
  defaultStatus = 'all',
  onStatusChange,
  search,
  defaultSearch = '',
  onSearchChange,
  sort,
  defaultSort = null,
  onSortChange,
  group,
  defaultGroup = null,
  onGroupChange,
  selected,
  defaultSelected = EMPTY,
  onSelectedChange,
  onDelete,
  onMove,
  onWorkerOpen,
  height = 480,
  loading = false,
  error,
  onRetry,
  labels,
  className,
}: WorkerTableProps) {
  const { label, t, language } = useLabels(labels);
  const baseId = useId();
  const [scrollRef, scroller, viewport] = useScrollViewport<HTMLDivElement>(height);
  const [statusFilter, setStatusFilter] = useControllableState({
    value: status,
    defaultValue: defaultStatus,
    onChange: onStatusChange,
  });
  const [query, setQuery] = useControllableState({
    value: search,
    defaultValue: defaultSearch,
    onChange: onSearchChange,
  });
  const [currentSort, setSort] = useControllableState({
    value: sort,
    defaultValue: defaultSort,
    onChange: onSortChange,
  });
  const [groupFilter, setGroup] = useControllableState({
    value: group,
    defaultValue: defaultGroup,
    onChange: onGroupChange,
  });
  const [selection, setSelection] = useControllableState({
    value: selected,
    defaultValue: defaultSelected,
    onChange: onSelectedChange,
  });
  const [moveTarget, setMoveTarget] = useState('');

  const { derived, counts, order } = useWorkerOrder({
    rows,
    now,
    statusOptions,
    query,
    groupFilter,
    statusFilter,
    currentSort,
  });

  const selectedSet = useMemo(() => new Set(selection), [selection]);
  let selectedShown = 0;
  if (selectedSet.size > 0) {
    for (const index of order)
      if (selectedSet.has(rows[index]?.worker_name ?? '')) selectedShown += 1;
  }
  const allShown = order.length > 0 && selectedShown === order.length;

  // Every row is ROW_HEIGHT tall, under a header row of the same height, so the rows in view
  // follow from the scroll position by arithmetic: no virtualiser library to ship.
  const { start, end, spaceBefore, spaceAfter } = rowWindow({
    count: order.length,
    rowHeight: styles.ROW_HEIGHT,
    paddingStart: styles.ROW_HEIGHT,
    overscan: 8,
    scrollTop: viewport.scrollTop,
    viewportHeight: viewport.height,
  });
  const shown = order.slice(start, end);

  const toggleRow = (name: string) => {
    const next = new Set(selectedSet);
    if (!next.delete(name)) next.add(name);
    setSelection([...next]);
  };
  const toggleAll = () => {
    const next = new Set(selectedSet);
    for (const index of order) {
      const name = rows[index]?.worker_name;
      if (name === undefined) continue;
      if (allShown) next.delete(name);
      else next.add(name);
    }
    setSelection([...next]);
  };
  const sortBy = (key: WorkerSortKey) => {
    setSort({
      key,
      direction:
        currentSort?.key === key && currentSort.direction === 'ascending'
          ? 'descending'
          : 'ascending',
    });
    scroller?.scrollTo({ top: 0 });
  };
  const clearFilters = () => {
    setQuery('');
    setGroup(null);
    setStatusFilter('all');
  };

  let content: ReactNode;
  if (loading) {
    content = (
      <div
        role="status"
        aria-busy="true"
        aria-label={label('workersLoading')}
        className={widget.stat}
      >
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <span key={index} className={widget.skeleton} style={{ height: styles.ROW_HEIGHT - 8 }} />
        ))}
      </div>
    );
  } else if (error) {
    content = (
      <ErrorBlock
        error={error}
        fallback={label('workersError')}
        retryLabel={label('retry')}
        onRetry={onRetry}
      />
    );
  } else if (rows.length === 0) {
    content = <MessageBlock kind="empty" message={label('workersEmpty')} />;
  } else {
    content = (
      <div ref={scrollRef} className={styles.scroller} style={{ maxHeight: height }}>
        {order.length === 0 ? (
          <MessageBlock
            kind="empty"
            message={label('workersNoMatch')}
            actionLabel={label('clearFilters')}
            onAction={clearFilters}
          />
        ) : (
          <WorkerGrid
            rows={rows}
            derived={derived}
            order={order}
            shown={shown}
            start={start}
            spaceBefore={spaceBefore}
            spaceAfter={spaceAfter}
            selectedSet={selectedSet}
            selectedShown={selectedShown}
            allShown={allShown}
            currentSort={currentSort}
            sortBy={sortBy}
            toggleRow={toggleRow}
            toggleAll={toggleAll}
            onWorkerOpen={onWorkerOpen}
            timezone={timezone}
            baseUnit={baseUnit}
            label={label}
            t={t}
          />
        )}
      </div>
    );
  }

  return (
    <div className={cx(widget.card, className)}>
      <StatusTabs
        baseId={baseId}
        statusFilter={statusFilter}
        setStatusFilter={setStatusFilter}
        counts={counts}
        loading={loading}
        label={label}
        language={language}
      />
      <WorkerFilters
        query={query}
        setQuery={setQuery}
        groups={groups}
        groupFilter={groupFilter}
        setGroup={setGroup}
        label={label}
      />
      {selection.length > 0 ? (
        <BatchBar
          selection={selection}
          setSelection={setSelection}
          groups={groups}
          onDelete={onDelete}
          onMove={onMove}
          moveTarget={moveTarget}
          setMoveTarget={setMoveTarget}
          label={label}
        />
      ) : null}
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${statusFilter}`}>
        {content}
      </div>
    </div>
  );
}
