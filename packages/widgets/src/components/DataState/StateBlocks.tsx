import type { CSSProperties, ReactNode } from 'react';
import * as styles from '../../lib/widget.css';

/*
 * The three state blocks of a widget (skeleton, error with retry, empty or error message), in a
 * module of their own: a widget that draws its states itself (a card, a dialog) loads these
 * alone, without the list card, the state switch and their helpers it would not use.
 */

/** Props of {@link LoadingBlock}. */
export interface LoadingBlockProps {
  /** Accessible text, e.g. "Loading…". */
  label: string;
  /** Height of the placeholder. */
  height: number | string;
  /** Extra class. */
  className?: string;
}

/** A skeleton placeholder with a busy status for screen readers (DESIGN.md: skeletons, not spinners). */
export function LoadingBlock({ label, height, className }: LoadingBlockProps) {
  const style: CSSProperties = { height };
  return (
    <div role="status" aria-busy="true" aria-label={label} className={className}>
      <span className={styles.skeleton} style={style} />
    </div>
  );
}

/** Props of {@link MessageBlock}. */
export interface MessageBlockProps {
  /** `'empty'`: a sentence and the next action; `'error'`: the message and a retry. */
  kind: 'empty' | 'error';
  /** The sentence. */
  message: ReactNode;
  /** The action's text. */
  actionLabel?: string;
  /** Runs the action (retry, clear filters…); without it no button is shown. */
  onAction?: () => void;
  /** Minimum height, so the card does not jump. */
  minHeight?: number | string;
}

/** The empty and error states of a widget. An error is announced (`role="alert"`). */
export function MessageBlock({
  kind,
  message,
  actionLabel,
  onAction,
  minHeight,
}: MessageBlockProps) {
  return (
    <div className={styles.stateBox} style={{ minHeight }}>
      <p
        role={kind === 'error' ? 'alert' : undefined}
        className={kind === 'error' ? styles.stateError : undefined}
        style={{ margin: 0 }}
      >
        {message}
      </p>
      {onAction && actionLabel ? (
        <button
          type="button"
          className={styles.button}
          data-variant="secondary"
          data-size="sm"
          onClick={onAction}
        >
          {actionLabel}
        </button>
      ) : null}
    </div>
  );
}

/** Props of {@link ErrorBlock}. */
export interface ErrorBlockProps {
  /** The widget's `error` prop: `true` shows `fallback`; any other node is shown as it is. */
  error: ReactNode;
  /** The widget's own error sentence, shown for `error={true}`. */
  fallback: string;
  /** The retry button's text. */
  retryLabel: string;
  /** Runs the retry; without it no button is shown. */
  onRetry?: () => void;
  /** Minimum height, so the card does not jump. */
  minHeight?: number | string;
}

/** A widget's error state: its `error` prop (or its own sentence) and a retry button. */
export function ErrorBlock({ error, fallback, retryLabel, onRetry, minHeight }: ErrorBlockProps) {
  return (
    <MessageBlock
      kind="error"
      message={error && error !== true ? error : fallback}
      actionLabel={retryLabel}
      onAction={onRetry}
      minHeight={minHeight}
    />
  );
}
