import { Button, Table } from '@poolkit/widgets';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../app/feedback';
import { AnswerPager } from '../../app/listControls';
import { Card, DataSection, DataTable, EmptyState, uiStyles } from '../../app/ui';
import type { ApiData } from '../../app/useApiData';
import { ConfirmDialog, ReasonDialog } from './ReasonDialog';
import type { PagedAnswer, Paging } from './usePaging';

/** A column of an operator list. */
export interface ReviewColumn<Row> {
  key: string;
  header: string;
  /** Right-aligned tabular figures (the wide layout only). Default `false`. */
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
}

/**
 * The approve / reject decision of a queue: a last column with both buttons, the approval's
 * optional confirmation and the rejection's dialog with its required reason. `run` sends the
 * write and shows its success; a failure is reported and, for an approval, the list is fetched
 * again (another operator may have decided meanwhile).
 */
export interface ReviewDecision<Row> {
  /** The decision column's header. */
  header: string;
  /** The row restated in both dialogs (amount, address…). */
  summary?: (row: Row) => ReactNode;
  approve: {
    /** The button's text and its accessible name for `row`. */
    text: string;
    label: (row: Row) => string;
    /** Asks first, in a dialog, for an approval that acts at once (pays). Default: none. */
    confirm?: {
      title: (row: Row) => string;
      description?: (row: Row) => string;
      action: string;
    };
    run: (row: Row) => Promise<void>;
  };
  reject: {
    text: string;
    label: (row: Row) => string;
    title: (row: Row) => string;
    description?: string;
    reasonLabel: string;
    reasonRequired: string;
    /** The longest reason the server takes. */
    maxLength: number;
    /** The dialog's confirming button. */
    action: string;
    run: (row: Row, reason: string) => Promise<void>;
  };
}

/** The pager of a paged list (`usePaging`); `showCount` adds "page x of y". */
type TablePaging = Pick<Paging<unknown>, 'page' | 'setPage'> & { showCount?: boolean };

/** The props of {@link ReviewTable}. */
export interface ReviewTableProps<Row, Answer> {
  caption: string;
  /** The list's request (`useEndpoint`). */
  data: ApiData<Answer>;
  /** The rows of an answer. */
  rows: (answer: Answer) => readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly (ReviewColumn<Row> | false)[];
  /** Shown when the list is empty. Default: the tables' own "No data". */
  emptyText?: string;
  /**
   * Under 768 px each row becomes a block of labelled lines (buttons inside it) instead of a
   * table that scrolls sideways. Default `false`.
   */
  stackOnPhones?: boolean;
  /** Lines of the loading skeleton of a stacked list. Default 3. */
  skeletonLines?: number;
  /** The pager under the list, for an answer with `total` and `page_size`. Default: none. */
  paging?: Answer extends PagedAnswer ? TablePaging : never;
  /** The approve / reject column and dialogs of a queue. Default: none. */
  decision?: ReviewDecision<Row> | undefined;
}

/**
 * The one table of the operator pages: a list in its loading, error (with a retry), empty and
 * ready states, its pager, and for a queue the approve / reject decision with its dialogs.
 * A column given as `false` is left out, for columns that depend on the filter.
 */
export function ReviewTable<Row, Answer>({
  caption,
  data,
  rows,
  rowKey,
  columns,
  emptyText,
  stackOnPhones = false,
  skeletonLines,
  paging,
  decision,
}: ReviewTableProps<Row, Answer>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const [approving, setApproving] = useState<Row | null>(null);
  const [rejecting, setRejecting] = useState<Row | null>(null);

  async function approve(row: Row) {
    if (decision === undefined) return;
    setBusy(rowKey(row));
    try {
      await decision.approve.run(row);
    } catch (error) {
      reportError(error);
      // Another operator may have decided it meanwhile: show the list as it is now.
      data.reload();
    } finally {
      setApproving(null);
      setBusy(null);
    }
  }

  async function reject(row: Row, reason: string) {
    if (decision === undefined) return;
    setBusy(rowKey(row));
    try {
      await decision.reject.run(row, reason);
      setRejecting(null);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(null);
    }
  }

  const shown = columns.filter((column): column is ReviewColumn<Row> => column !== false);
  if (decision !== undefined) {
    shown.push({
      key: 'decide',
      header: decision.header,
      cell: (row) => (
        <div className={uiStyles.row}>
          <Button
            size="sm"
            aria-label={decision.approve.label(row)}
            loading={busy === rowKey(row)}
            onClick={() => {
              if (decision.approve.confirm === undefined) void approve(row);
              else setApproving(row);
            }}
          >
            {decision.approve.text}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={decision.reject.label(row)}
            disabled={busy === rowKey(row)}
            onClick={() => setRejecting(row)}
          >
            {decision.reject.text}
          </Button>
        </div>
      ),
    });
  }

  const retry = (
    <Button variant="secondary" size="sm" onClick={data.reload}>
      {t('common.retry')}
    </Button>
  );
  const confirm = decision?.approve.confirm;
  return (
    <>
      {stackOnPhones ? (
        <DataSection
          data={data}
          isEmpty={(answer) => rows(answer).length === 0}
          emptyText={emptyText}
          skeletonLines={skeletonLines}
        >
          {(answer) => (
            <DataTable
              caption={caption}
              rows={rows(answer)}
              rowKey={rowKey}
              stackOnPhones
              columns={shown}
            />
          )}
        </DataSection>
      ) : (
        <Table<Row>
          caption={caption}
          rows={data.status === 'ready' ? rows(data.data) : []}
          getRowKey={rowKey}
          loading={data.status === 'loading'}
          density="compact"
          labels={emptyText === undefined ? undefined : { empty: emptyText }}
          error={
            data.status === 'error' ? (
              <EmptyState text={t('site.common.loadFailed')} action={retry} />
            ) : undefined
          }
          columns={shown}
        />
      )}
      {paging === undefined ? null : (
        <AnswerPager
          // `paging` is only accepted for an answer with `total` and `page_size`.
          answer={data.status === 'ready' ? (data.data as PagedAnswer) : undefined}
          page={paging.page}
          onPageChange={paging.setPage}
          showCount={paging.showCount ?? false}
        />
      )}
      {decision === undefined || confirm === undefined ? null : (
        <ConfirmDialog
          open={approving !== null}
          onOpenChange={(open) => {
            if (!open) setApproving(null);
          }}
          title={approving === null ? '' : confirm.title(approving)}
          description={
            approving === null || confirm.description === undefined
              ? undefined
              : confirm.description(approving)
          }
          action={confirm.action}
          busy={approving !== null && busy === rowKey(approving)}
          onConfirm={() => {
            if (approving !== null) void approve(approving);
          }}
        >
          {approving === null ? null : decision.summary?.(approving)}
        </ConfirmDialog>
      )}
      {decision === undefined ? null : (
        <ReasonDialog
          open={rejecting !== null}
          onOpenChange={(open) => {
            if (!open) setRejecting(null);
          }}
          title={rejecting === null ? '' : decision.reject.title(rejecting)}
          description={decision.reject.description}
          action={decision.reject.action}
          busy={rejecting !== null && busy === rowKey(rejecting)}
          reason={{
            label: decision.reject.reasonLabel,
            requiredMessage: decision.reject.reasonRequired,
            maxLength: decision.reject.maxLength,
          }}
          onConfirm={(reason) => {
            if (rejecting !== null) void reject(rejecting, reason);
          }}
        >
          {rejecting === null ? null : decision.summary?.(rejecting)}
        </ReasonDialog>
      )}
    </>
  );
}

/** A card of its own holding a {@link ReviewTable}: the card's title names the table too. */
export function ReviewCard<Row, Answer>({
  title,
  ...table
}: Omit<ReviewTableProps<Row, Answer>, 'caption'> & { title: string }) {
  return (
    <Card title={title}>
      <ReviewTable<Row, Answer> caption={title} {...table} />
    </Card>
  );
}
