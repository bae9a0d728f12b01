import type { HTMLAttributes, ReactNode } from 'react';
import * as styles from '../../lib/widget.css';
import { ErrorBlock, LoadingBlock, MessageBlock } from './StateBlocks';

export {
  ErrorBlock,
  type ErrorBlockProps,
  LoadingBlock,
  type LoadingBlockProps,
  MessageBlock,
  type MessageBlockProps,
} from './StateBlocks';

/*
 * The one switch of a widget's states, and the card and table frame of a list widget, in one
 * module: the list widgets load these together (one chunk), instead of each paying for a chunk
 * of its own (a chunk of its own cost a table widget about 0.25 KB gzip, more than its code).
 * The state blocks themselves live in `StateBlocks`, re-exported here, so a widget that draws
 * its states itself loads them without the rest.
 */

/** The state props every widget that shows loaded data takes. */
export interface DataStatus {
  /** Shows a skeleton instead of the data. Default `false`. */
  loading?: boolean;
  /** An error to show; `true` shows the widget's own sentence, any other node itself. */
  error?: ReactNode;
  /** Shows a retry button in the error state; without it there is none. */
  onRetry?: () => void;
}

/** The props every widget that shows loaded data on a card takes: its state, heading and class. */
export interface DataWidgetProps extends DataStatus {
  /** Heading level of the title. Default `3`. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Extra class on the card. */
  className?: string;
}

/** The props every list widget takes for its state and its card. */
export interface ListWidgetProps extends DataWidgetProps {
  /** Under the table, e.g. the base `Pagination`. */
  footer?: ReactNode;
}

/** Props of {@link DataState}. */
export interface DataStateProps extends DataStatus {
  /** Whether the data is empty (checked after loading and error). */
  empty: boolean;
  /** The states' texts, e.g. from {@link stateTexts}. */
  texts: DataStateTexts;
  /** Height of the skeleton, so the card does not jump when the data comes. Default `240`. */
  skeletonHeight?: number;
  /** The data's view (a table…), called only when there is data to show. */
  children: () => ReactNode;
}

/**
 * The one switch of a widget that shows loaded data (DESIGN.md: every screen has its loading,
 * empty and error state): a skeleton while `loading`, else the error with a retry, else the
 * empty sentence, else `children()`.
 *
 * @example
 * <DataState loading={loading} error={error} onRetry={onRetry} empty={rows.length === 0}
 *   texts={stateTexts(label, 'loading', 'error', 'empty', 'retry')}>
 *   {() => <table>…</table>}
 * </DataState>
 */
export function DataState({
  loading,
  error,
  onRetry,
  empty,
  texts,
  skeletonHeight = 240,
  children,
}: DataStateProps) {
  if (loading) return <LoadingBlock label={texts.loading} height={skeletonHeight} />;
  if (error) {
    return (
      <ErrorBlock error={error} fallback={texts.error} retryLabel={texts.retry} onRetry={onRetry} />
    );
  }
  if (empty) return <MessageBlock kind="empty" message={texts.empty} />;
  return children();
}

/** Props of {@link ListCard}; other attributes (`aria-label`, `data-*`) go on the section. */
export interface ListCardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The card's visible title; without it (or with `hideTitle`) there is no header row. */
  title?: string;
  /** Heading level of the title. Default `3`. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Hides the header row (the page's heading already says it). Default `false`. */
  hideTitle?: boolean;
  /** Beside the title, e.g. an export button. */
  actions?: ReactNode;
  /** Under the content, e.g. the base `Pagination`. */
  footer?: ReactNode;
}

/**
 * The card of a list widget: a header row with the title and its actions, the content (a table,
 * usually in a `DataState`), and a footer for paging.
 */
export function ListCard({
  title,
  headingLevel = 3,
  hideTitle,
  actions,
  footer,
  className,
  children,
  ...section
}: ListCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section {...section} className={className ? `${styles.card} ${className}` : styles.card}>
      {hideTitle || title === undefined ? null : (
        <div className={styles.header}>
          <Heading className={styles.title}>{title}</Heading>
          {actions}
        </div>
      )}
      {children}
      {footer}
    </section>
  );
}

/** The texts of a {@link DataCard}'s states. */
export interface DataStateTexts {
  /** The skeleton's accessible name, e.g. "Loading blocks…". */
  loading: string;
  /** The widget's own error sentence, shown for `error={true}`. */
  error: string;
  /** The retry button's text. */
  retry: string;
  /** What the empty state says (and, ideally, why). */
  empty: ReactNode;
}

/**
 * The texts of a widget's states from its label function, by key, in the order
 * loading, error, empty, retry; `emptyMessage` (the host's, e.g. "no order has this state")
 * replaces the empty key's text.
 *
 * @example
 * stateTexts(label, 'blocksLoading', 'blocksError', 'blocksEmpty', 'retry')
 */
export function stateTexts<K extends string>(
  label: (key: K) => string,
  loading: K,
  error: K,
  empty: K,
  retry: K,
  emptyMessage?: ReactNode,
): DataStateTexts {
  return {
    loading: label(loading),
    error: label(error),
    retry: label(retry),
    empty: emptyMessage ?? label(empty),
  };
}

/** Props of {@link DataCard}: a {@link ListCard}'s and a {@link DataState}'s. */
export interface DataCardProps extends Omit<ListCardProps, 'children'>, DataStateProps {
  /** Between the header and the states, shown in every state (a note, a total, a toolbar). */
  lead?: ReactNode;
}

/**
 * A list widget whole: its card ({@link ListCard}) around the one switch of its states
 * ({@link DataState}), so each widget names its texts and draws its table, and nothing else.
 */
export function DataCard({
  loading,
  error,
  onRetry,
  empty,
  texts,
  skeletonHeight,
  lead,
  children,
  ...card
}: DataCardProps) {
  return (
    <ListCard {...card}>
      {lead}
      <DataState
        loading={loading}
        error={error}
        onRetry={onRetry}
        empty={empty}
        texts={texts}
        skeletonHeight={skeletonHeight}
      >
        {children}
      </DataState>
    </ListCard>
  );
}

/**
 * The attributes of a data table's scroll area: a named group that takes focus, so the keyboard
 * can scroll the table sideways (a spread, as a `div` with a role and a tab stop of its own is
 * what the linter would otherwise question each time).
 *
 * @example
 * <div className={styles.scroller} {...scrollArea(caption)}><table>…</table></div>
 */
export function scrollArea(name: string) {
  return { role: 'group', 'aria-label': name, tabIndex: 0 } as const;
}
