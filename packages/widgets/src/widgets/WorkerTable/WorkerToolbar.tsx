import { formatNumber, type WorkerGroup } from '@poolkit/core';
import type { KeyboardEvent } from 'react';
import * as widget from '../../lib/widget.css';
import * as styles from './WorkerTable.css';
import {
  STATUS_CODES,
  type WorkerGroupFilter,
  type WorkerLabel,
  type WorkerStatusFilter,
} from './workerTableModel';

const FILTERS: readonly WorkerStatusFilter[] = ['all', 'active', 'inactive', 'dead'];
const FILTER_LABEL = {
  all: 'filterAll',
  active: 'filterActive',
  inactive: 'filterInactive',
  dead: 'filterDead',
} as const;

/** Props of {@link StatusTabs}. */
export interface StatusTabsProps {
  /** The prefix of the tabs' and the panel's ids. */
  baseId: string;
  statusFilter: WorkerStatusFilter;
  setStatusFilter: (status: WorkerStatusFilter) => void;
  /** The rows of each state (active, inactive, dead) that search and group leave. */
  counts: readonly number[];
  /** Counts show a dash while the rows load. */
  loading: boolean;
  label: WorkerLabel;
  language: string;
}

/** The state tabs with their counts; the arrow keys move between them. */
export function StatusTabs({
  baseId,
  statusFilter,
  setStatusFilter,
  counts,
  loading,
  label,
  language,
}: StatusTabsProps) {
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

  return (
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
  );
}

/** Props of {@link WorkerFilters}. */
export interface WorkerFiltersProps {
  query: string;
  setQuery: (query: string) => void;
  groups: readonly Pick<WorkerGroup, 'id' | 'name'>[] | undefined;
  groupFilter: WorkerGroupFilter;
  setGroup: (group: WorkerGroupFilter) => void;
  label: WorkerLabel;
}

/** The search by name and, when the account has groups, the group filter. */
export function WorkerFilters({
  query,
  setQuery,
  groups,
  groupFilter,
  setGroup,
  label,
}: WorkerFiltersProps) {
  return (
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
  );
}

/** Props of {@link BatchBar}. */
export interface BatchBarProps {
  /** The selected workers' names. */
  selection: readonly string[];
  setSelection: (selection: readonly string[]) => void;
  groups: readonly Pick<WorkerGroup, 'id' | 'name'>[] | undefined;
  onDelete?: (workerNames: readonly string[]) => void;
  onMove?: (workerNames: readonly string[], groupId: string | null) => void;
  /** The group chosen to move into (`''`: out of any), kept while the bar comes and goes. */
  moveTarget: string;
  setMoveTarget: (groupId: string) => void;
  label: WorkerLabel;
}

const EMPTY: readonly string[] = [];

/** What can be done with the selected workers: move them to a group, delete them, unselect. */
export function BatchBar({
  selection,
  setSelection,
  groups,
  onDelete,
  onMove,
  moveTarget,
  setMoveTarget,
  label,
}: BatchBarProps) {
  const selectionCount = selection.length;
  return (
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
  );
}
