import {
  type MinerStatus,
  type MinerStatusOptions,
  minerStatus,
  type WorkerRow,
  type WorkerSort,
} from '@poolkit/core';
import { useMemo } from 'react';
import { isoToMs } from '../../lib/zonedTime';

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

/** The label function of {@link WorkerTable}'s parts. */
export type WorkerLabel = (key: WorkerTableLabelKey, values?: Record<string, unknown>) => string;

export const STATUS_CODES: readonly MinerStatus[] = ['active', 'inactive', 'dead'];

/** Per-row facts computed once per `rows`: last share instant and state code. */
export interface Derived {
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

/** What {@link useWorkerOrder} narrows and sorts by. */
export interface WorkerOrderInput {
  rows: readonly WorkerRow[];
  now: number | undefined;
  statusOptions: MinerStatusOptions | undefined;
  query: string;
  groupFilter: WorkerGroupFilter;
  statusFilter: WorkerStatusFilter;
  currentSort: WorkerTableSort | null;
}

/**
 * The rows to show, as indices into `rows` in display order, with each row's facts and the
 * count of each state among the rows that search and group leave.
 */
export function useWorkerOrder({
  rows,
  now,
  statusOptions,
  query,
  groupFilter,
  statusFilter,
  currentSort,
}: WorkerOrderInput) {
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

  return { derived, counts, order };
}
