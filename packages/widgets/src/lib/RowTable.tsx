import type { CSSProperties, ReactNode } from 'react';
import { scrollArea } from '../components/DataState/DataState';
import { cx } from '../internal/cx';
import * as styles from './rowTable.css';
import * as widget from './widget.css';

/** Props of {@link ExportButton}. */
export interface ExportButtonProps {
  /** The button's text. */
  label: string;
  /** Shows the button as busy while the export runs (a click then does nothing). */
  exporting: boolean;
  /** Nothing to export (loading, failed, empty). */
  disabled: boolean;
  /** Runs the export. */
  onExport: () => void;
}

/** The export button of a list widget (the host's CSV of every page). */
export function ExportButton({ label, exporting, disabled, onExport }: ExportButtonProps) {
  return (
    <button
      type="button"
      className={widget.button}
      data-variant="secondary"
      data-size="sm"
      aria-busy={exporting || undefined}
      disabled={disabled}
      onClick={exporting ? undefined : onExport}
    >
      {label}
    </button>
  );
}

/** One column of a {@link RowTable}. */
export interface RowTableColumn<Row> {
  /** Stable key of the column. */
  key: string;
  /** The header, also the label of the cell on phones. */
  header: string;
  /** The cell of a row. */
  cell: (row: Row) => ReactNode;
  /** A number: aligned to the end. */
  end?: boolean;
  /** The header is read by screen readers only (an actions column). */
  hiddenHeader?: boolean;
}

/** Props of {@link RowTable}. */
export interface RowTableProps<Row> {
  /** What the table lists (its caption and the name of its scroll area). */
  caption: string;
  columns: readonly RowTableColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row) => string;
  /** The least width before it scrolls sideways on wider screens. Default `'640px'`. */
  minWidth?: string;
  /** `data-*` of a row, e.g. its state. */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
}

/**
 * The plain data table of the light list widgets (OrderTable, RewardTable, InviteeTable): the
 * first column heads each row, numbers end-aligned, sideways scroll (keyboard-focusable) on
 * wide screens and a block per row on phones. Not the base Table, whose translations would
 * break the widgets' size budget; states (loading, empty, error) are the widget's.
 */
export function RowTable<Row>({
  caption,
  columns,
  rows,
  getRowKey,
  minWidth,
  rowData,
}: RowTableProps<Row>) {
  const [first, ...rest] = columns;
  if (!first) return null;
  return (
    <div className={styles.scroller} {...scrollArea(caption)}>
      <table
        className={styles.table}
        style={minWidth ? ({ [styles.MIN_WIDTH_PROPERTY]: minWidth } as CSSProperties) : undefined}
      >
        <caption className={widget.srOnly}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th
                key={column.key}
                scope="col"
                className={cx(styles.head, index === 0 && styles.pinned, column.end && styles.end)}
              >
                {column.hiddenHeader ? (
                  <span className={widget.srOnly}>{column.header}</span>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={getRowKey(row)} {...rowData?.(row)}>
              <th scope="row" className={cx(styles.cell, styles.pinned, first.end && styles.end)}>
                {first.cell(row)}
              </th>
              {rest.map((column) => (
                <td
                  key={column.key}
                  className={cx(styles.cell, column.end && styles.end)}
                  data-label={column.hiddenHeader ? '' : column.header}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
