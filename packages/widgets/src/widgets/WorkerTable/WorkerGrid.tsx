import { formatPercent, STATUS_LABELS, splitHashrate, type WorkerRow } from '@poolkit/core';
import { cx } from '../../internal/cx';
import * as widget from '../../lib/widget.css';
import { formatZoned } from '../../lib/zonedTime';
import * as styles from './WorkerTable.css';
import {
  type Derived,
  STATUS_CODES,
  type WorkerLabel,
  type WorkerSortKey,
  type WorkerTableLabelKey,
  type WorkerTableSort,
} from './workerTableModel';

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

/** Props of {@link WorkerGrid}. */
export interface WorkerGridProps {
  rows: readonly WorkerRow[];
  derived: Derived;
  /** Every row to show, as indices into `rows`, in display order. */
  order: readonly number[];
  /** The rows in view (a slice of `order`) and the index of the first in `order`. */
  shown: readonly number[];
  start: number;
  /** Heights of the spacer rows before and after the rows in view. */
  spaceBefore: number;
  spaceAfter: number;
  selectedSet: ReadonlySet<string>;
  /** How many of `order` are selected, and whether all are. */
  selectedShown: number;
  allShown: boolean;
  currentSort: WorkerTableSort | null;
  sortBy: (key: WorkerSortKey) => void;
  toggleRow: (name: string) => void;
  toggleAll: () => void;
  onWorkerOpen?: (row: WorkerRow) => void;
  timezone: string;
  baseUnit: string;
  label: WorkerLabel;
  t: (key: string) => string;
}

/**
 * The table of {@link WorkerTable}: sortable headers, a checkbox per row, and only the rows in
 * view between two spacer rows that keep the scroll height.
 */
export function WorkerGrid({
  rows,
  derived,
  order,
  shown,
  start,
  spaceBefore,
  spaceAfter,
  selectedSet,
  selectedShown,
  allShown,
  currentSort,
  sortBy,
  toggleRow,
  toggleAll,
  onWorkerOpen,
  timezone,
  baseUnit,
  label,
  t,
}: WorkerGridProps) {
  return (
    <table className={styles.table} aria-rowcount={order.length + 1} aria-label={label('workers')}>
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
            const sorted = currentSort?.key === column.key ? currentSort.direction : undefined;
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
              <th scope="row" className={cx(styles.cell, styles.pinName)} title={row.worker_name}>
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
  );
}
