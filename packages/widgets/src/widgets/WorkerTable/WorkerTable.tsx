import {
  DEFAULT_TIMEZONE,
  formatNumber,
  formatPercent,
  type MinerStatus,
  type MinerStatusOptions,
  minerStatus,
  STATUS_LABELS,
  splitHashrate,
  type WorkerGroup,
  type WorkerRow,
  type WorkerSort,
} from '@poolkit/core';
import { type KeyboardEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { cx } from '../../internal/cx';
import { useControllableState } from '../../internal/useControllableState';
import { rowWindow } from '../../lib/rowWindow';
import { ErrorBlock, MessageBlock } from '../../lib/StateView';
import { useLabels } from '../../lib/useMiningT';
import { useScrollViewport } from '../../lib/useScrollViewport';
import * as widget from '../../lib/widget.css';
import { formatZoned, isoToMs } from '../../lib/zonedTime';
import * as styles from './WorkerTable.css';

/** Which workers the tabs show: all, or one state of core's `minerStatus`. */
export type WorkerStatusFilter = 'all' | MinerStatus;

/** A column to sort by: the API's sort keys plus the state. */
export type WorkerSortKey = WorkerSort | 'status';

/** A sort: column and direction (the values of `aria-sort`). */
export interface WorkerTableSort {
  key: WorkerSortKey;
  direction: 'ascending' | 'descending';
}

/** The group filter: `null` for every group, `'ungrouped'`, or a group id. */
export type WorkerGroupFilter = string | null;

/** Keys of the texts of {@link WorkerTable}; each defaults to `t('mining.<key>')`. */
export type WorkerTableLabelKey =
  | 'workers'
  | 'workerFilters'
  | 'filterAll'
  | 'filterActive'
  | 'filterInactive'
  | 'filterDead'
  | 'searchWorkers'
  | 'groupFilter'
  | 'allGroups'
  | 'ungrouped'
  | 'columnWorker'
  | 'columnAccept15m'
  | 'columnAccept1h'
  | 'columnAccept24h'
  | 'columnRejectRate'
  | 'columnLastShare'
  | 'columnStatus'
  | 'selectAll'
  | 'selectWorker'
  | 'selectedCount'
  | 'moveTo'
  | 'move'
  | 'deleteWorkers'
  | 'clearSelection'
  | 'workersLoading'
  | 'workersEmpty'
  | 'workersNoMatch'
  | 'clearFilters'
  | 'workersError'
  | 'retry';

/** Props of {@link WorkerTable}. */
export interface WorkerTableProps {
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
  /** Shows skeleton rows. Default `false`. */
  loading?: boolean;
  /** An error to show instead of the rows; `true` shows the generic message. */
  error?: ReactNode;
  /** Shows a retry button in the error state. */
  onRetry?: () => void;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<WorkerTableLabelKey, string>>;
  /** Extra class on the root. */
  className?: string;
}

const STATUS_CODES: readonly MinerStatus[] = ['active', 'inactive', 'dead'];
const FILTERS: readonly WorkerStatusFilter[] = ['all', 'active', 'inactive', 'dead'];
const FILTER_LABEL = {
  all: 'filterAll',
  active: 'filterActive',
  inactive: 'filterInactive',
  dead: 'filterDead',
} as const;
const EMPTY: readonly string[] = [];

interface Column {
  key: WorkerSortKey;
  label: WorkerTableLabelKey;
  width: number;
  numeric?: boolean;
}

const COLUMNS: readonly Column[] = [
  { key: 'worker_name', label: 'columnWorker', width: 200 },
  { key: 'accept_15m', label: 'columnAccept15m', width: 130, numeric: true },
  { key: 'accept_1h', label: 'columnAccept1h', width: 130, numeric: true },
  { key: 'accept_24h', label: 'columnAccept24h', width: 130, numeric: true },
  { key: 'reject_rate', label: 'columnRejectRate', width: 110, numeric: true },
  { key: 'last_share_time', label: 'columnLastShare', width: 190 },
  { key: 'status', label: 'columnStatus', width: 110 },
];

/** Per-row facts computed once per `rows`: last share instant and state code. */
interface Derived {
  lastShare: Float64Array;
  status: Uint8Array;
}

function derive(rows: readonly WorkerRow[], now: number, options?: MinerStatusOptions): Derived {
  const lastShare = new Float64Array(rows.length);
  const status = new Uint8Array(rows.length);
  rows.forEach((row, index) => {
    const time = isoToMs(row.last_share_time);
    lastShare[index] = time;
    status[index] = STATUS_CODES.indexOf(
      minerStatus(Number.isNaN(time) ? null : time, now, options),
    );
  });
  return { lastShare, status };
}

/** Orders names naturally (`rig2` before `rig10`): each digit run is prefixed by its length. */
function naturalKey(name: string): string {
  return name.replace(/\d+/g, (digits) => {
    const trimmed = digits.replace(/^0+(?=\d)/, '');
    return String.fromCharCode(64 + Math.min(trimmed.length, 60)) + trimmed;
  });
}

/** The rank of every row by natural name order, computed when first sorting by name. */
function nameRanks(rows: readonly WorkerRow[]): Float64Array {
  const keys = rows.map((row) => naturalKey(row.worker_name));
  const order = rows.map((_, index) => index);
  order.sort((a, b) => {
    const left = keys[a] ?? '';
    const right = keys[b] ?? '';
    return left < right ? -1 : left > right ? 1 : a - b;
  });
  const ranks = new Float64Array(rows.length);
  order.forEach((rowIndex, rank) => {
    ranks[rowIndex] = rank;
  });
  return ranks;
}

function sortKeys(
  key: WorkerSortKey,
  rows: readonly WorkerRow[],
  derived: Derived,
  ranks: Float64Array | null,
): Float64Array {
  if (key === 'worker_name' && ranks) return ranks;
  if (key === 'last_share_time') {
    // Workers that never shared count as the oldest.
    return derived.lastShare.map((time) => (Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time));
  }
  if (key === 'status') return Float64Array.from(derived.status);
  const keys = new Float64Array(rows.length);
  rows.forEach((row, index) => {
    keys[index] =
      key === 'reject_rate' ? row.reject_rate : key === 'worker_name' ? index : row[key].value;
  });
  return keys;
}

/** A state as core's `STATUS_LABELS` shows it: its tone's dot and its word. */
function StatusTag({ code, translate }: { code: number; translate: (key: string) => string }) {
  const { i18nKey, tone } = STATUS_LABELS.miner[STATUS_CODES[code] ?? 'dead'];
  return (
    <span className={widget.statusTag} data-tone={tone}>
      {translate(i18nKey)}
    </span>
  );
}

function Hashrate({ value, baseUnit }: { value: number; baseUnit: string }) {
  const parts = splitHashrate(value, baseUnit);
  return (
    <>
      {parts.value}
      <span className={widget.unit}>{parts.unit}</span>
    </>
  );
}

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

  // States are judged once per `rows` (or `now`), so the counts and tabs stay put between polls.
  const derived = useMemo(
    () => derive(rows, now ?? Date.now(), statusOptions),
    [rows, now, statusOptions],
  );

  // Search and group narrow the list first; the tabs count what is left.
  const { matching, counts } = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const list: number[] = [];
    const tally = [0, 0, 0];
    rows.forEach((row, index) => {
      if (needle && !row.worker_name.toLowerCase().includes(needle)) return;
      if (groupFilter !== null) {
        const id = row.group?.id ?? null;
        if (groupFilter === 'ungrouped' ? id !== null : id !== groupFilter) return;
      }
      list.push(index);
      const code = derived.status[index] ?? 0;
      tally[code] = (tally[code] ?? 0) + 1;
    });
    return { matching: list, counts: tally };
  }, [rows, derived, query, groupFilter]);

  const sortKey = currentSort?.key;
  const ranks = useMemo(
    () => (sortKey === 'worker_name' ? nameRanks(rows) : null),
    [rows, sortKey],
  );

  const order = useMemo(() => {
    const code = statusFilter === 'all' ? -1 : STATUS_CODES.indexOf(statusFilter);
    const list =
      code < 0 ? matching.slice() : matching.filter((index) => derived.status[index] === code);
    if (!currentSort) return list;
    const keys = sortKeys(currentSort.key, rows, derived, ranks);
    const sign = currentSort.direction === 'ascending' ? 1 : -1;
    // Ties keep the order of `rows`, in either direction.
    list.sort((a, b) => ((keys[a] ?? 0) - (keys[b] ?? 0)) * sign || a - b);
    return list;
  }, [matching, statusFilter, currentSort, rows, derived, ranks]);

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

  const tabKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const nextIndex = (FILTERS.indexOf(statusFilter) + step + FILTERS.length) % FILTERS.length;
    setStatusFilter(FILTERS[nextIndex] ?? 'all');
    (event.currentTarget.children[nextIndex] as HTMLElement | undefined)?.focus();
  };

  const total = (counts[0] ?? 0) + (counts[1] ?? 0) + (counts[2] ?? 0);
  const countOf = (filter: WorkerStatusFilter) =>
    filter === 'all' ? total : (counts[STATUS_CODES.indexOf(filter)] ?? 0);

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
          <table
            className={styles.table}
            aria-rowcount={order.length + 1}
            aria-label={label('workers')}
          >
            <colgroup>
              <col style={{ width: styles.SELECT_WIDTH }} />
              {COLUMNS.map((column) =>
                column.key === 'worker_name' ? (
                  <col key={column.key} className={styles.nameColumn} />
                ) : (
                  <col key={column.key} style={{ width: column.width }} />
                ),
              )}
            </colgroup>
            <thead>
              <tr aria-rowindex={1}>
                <th scope="col" className={cx(styles.headCell, styles.pinSelect)}>
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    aria-label={label('selectAll')}
                    checked={allShown}
                    ref={(input) => {
                      if (input) input.indeterminate = selectedShown > 0 && !allShown;
                    }}
                    onChange={toggleAll}
                  />
                </th>
                {COLUMNS.map((column) => {
                  const sorted =
                    currentSort?.key === column.key ? currentSort.direction : undefined;
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={sorted}
                      className={cx(
                        styles.headCell,
                        column.numeric && styles.numberCell,
                        column.key === 'worker_name' && styles.pinName,
                      )}
                    >
                      <button
                        type="button"
                        className={cx(styles.sortButton, column.numeric && styles.sortButtonEnd)}
                        onClick={() => sortBy(column.key)}
                      >
                        {label(column.label)}
                        <svg
                          className={styles.sortIcon}
                          width="10"
                          height="12"
                          viewBox="0 0 10 12"
                          aria-hidden="true"
                          fill="currentColor"
                        >
                          {sorted !== 'descending' ? <path d="M5 0 9 5H1z" /> : null}
                          {sorted !== 'ascending' ? <path d="M5 12 1 7h8z" /> : null}
                        </svg>
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {spaceBefore > 0 ? (
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds nothing and takes no focus.
                <tr aria-hidden="true">
                  <td
                    className={styles.spacer}
                    colSpan={COLUMNS.length + 1}
                    style={{ height: spaceBefore }}
                  />
                </tr>
              ) : null}
              {shown.map((rowIndex, offset) => {
                const row = rows[rowIndex];
                if (!row) return null;
                const isSelected = selectedSet.has(row.worker_name);
                const code = derived.status[rowIndex] ?? 0;
                const lastShare = derived.lastShare[rowIndex] ?? Number.NaN;
                return (
                  <tr
                    key={row.worker_name}
                    aria-rowindex={start + offset + 2}
                    data-state={isSelected ? 'selected' : undefined}
                    className={styles.row}
                  >
                    <td className={cx(styles.cell, styles.pinSelect)}>
                      <input
                        type="checkbox"
                        className={styles.checkbox}
                        aria-label={label('selectWorker', { name: row.worker_name })}
                        checked={isSelected}
                        onChange={() => toggleRow(row.worker_name)}
                      />
                    </td>
                    <th
                      scope="row"
                      className={cx(styles.cell, styles.pinName)}
                      title={row.worker_name}
                    >
                      {onWorkerOpen ? (
                        <button
                          type="button"
                          className={styles.nameButton}
                          onClick={() => onWorkerOpen(row)}
                        >
                          {row.worker_name}
                        </button>
                      ) : (
                        row.worker_name
                      )}
                    </th>
                    <td className={cx(styles.cell, styles.numberCell)}>
                      <Hashrate value={row.accept_15m.value} baseUnit={baseUnit} />
                    </td>
                    <td className={cx(styles.cell, styles.numberCell)}>
                      <Hashrate value={row.accept_1h.value} baseUnit={baseUnit} />
                    </td>
                    <td className={cx(styles.cell, styles.numberCell)}>
                      <Hashrate value={row.accept_24h.value} baseUnit={baseUnit} />
                    </td>
                    <td className={cx(styles.cell, styles.numberCell)}>
                      {formatPercent(row.reject_rate)}
                    </td>
                    <td className={styles.cell}>{formatZoned(lastShare, timezone)}</td>
                    <td className={styles.cell}>
                      <StatusTag code={code} translate={t} />
                    </td>
                  </tr>
                );
              })}
              {spaceAfter > 0 ? (
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds nothing and takes no focus.
                <tr aria-hidden="true">
                  <td
                    className={styles.spacer}
                    colSpan={COLUMNS.length + 1}
                    style={{ height: spaceAfter }}
                  />
                </tr>
              ) : null}
            </tbody>
          </table>
        )}
      </div>
    );
  }

  const selectionCount = selection.length;
  return (
    <div className={cx(widget.card, className)}>
      <div
        role="tablist"
        aria-label={label('workerFilters')}
        className={styles.tabs}
        onKeyDown={tabKeyDown}
      >
        {FILTERS.map((filter) => (
          <button
            key={filter}
            id={`${baseId}-tab-${filter}`}
            type="button"
            role="tab"
            aria-selected={filter === statusFilter}
            aria-controls={`${baseId}-panel`}
            tabIndex={filter === statusFilter ? 0 : -1}
            className={styles.tab}
            onClick={() => setStatusFilter(filter)}
          >
            {label(FILTER_LABEL[filter])}
            <span className={styles.count}>
              {loading ? '–' : formatNumber(countOf(filter), language)}
            </span>
          </button>
        ))}
      </div>
      <div className={styles.toolbar}>
        <input
          type="search"
          className={styles.search}
          value={query}
          placeholder={label('searchWorkers')}
          aria-label={label('searchWorkers')}
          onChange={(event) => setQuery(event.target.value)}
        />
        {groups && groups.length > 0 ? (
          <select
            className={widget.nativeSelect}
            aria-label={label('groupFilter')}
            value={groupFilter ?? ''}
            onChange={(event) => setGroup(event.target.value === '' ? null : event.target.value)}
          >
            <option value="">{label('allGroups')}</option>
            <option value="ungrouped">{label('ungrouped')}</option>
            {groups.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      {selectionCount > 0 ? (
        <div
          role="toolbar"
          aria-label={label('selectedCount', { count: selectionCount })}
          className={styles.batchBar}
        >
          <span className={styles.batchCount} aria-live="polite">
            {label('selectedCount', { count: selectionCount })}
          </span>
          {onMove && groups && groups.length > 0 ? (
            <>
              <select
                className={widget.nativeSelect}
                aria-label={label('moveTo')}
                value={moveTarget}
                onChange={(event) => setMoveTarget(event.target.value)}
              >
                <option value="">{label('ungrouped')}</option>
                {groups.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.name}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className={widget.button}
                data-variant="secondary"
                data-size="sm"
                onClick={() => {
                  onMove(selection, moveTarget === '' ? null : moveTarget);
                  setSelection(EMPTY);
                }}
              >
                {label('move')}
              </button>
            </>
          ) : null}
          {onDelete ? (
            <button
              type="button"
              className={widget.button}
              data-variant="danger"
              data-size="sm"
              onClick={() => {
                onDelete(selection);
                setSelection(EMPTY);
              }}
            >
              {label('deleteWorkers')}
            </button>
          ) : null}
          <button
            type="button"
            className={widget.button}
            data-variant="ghost"
            data-size="sm"
            onClick={() => setSelection(EMPTY)}
          >
            {label('clearSelection')}
          </button>
        </div>
      ) : null}
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${statusFilter}`}>
        {content}
      </div>
    </div>
  );
}
