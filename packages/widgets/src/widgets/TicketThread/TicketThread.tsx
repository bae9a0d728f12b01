import { DEFAULT_TIMEZONE, enTickets } from '@poolkit/core';
import { cx } from '../../internal/cx';
import { interpolate, useMiningT } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import { formatZoned } from '../../lib/zonedTime';
import * as styles from './TicketThread.css';

/**
 * The English of this widget's texts (core's `tickets` group): `PoolKitProvider` holds only
 * the groups every widget shows.
 */
const ENGLISH = { tickets: enTickets };

/** One entry of a thread: the ticket's first message or a reply. */
export interface TicketThreadEntry {
  readonly id: string;
  readonly author: 'user' | 'support';
  readonly content: string;
  readonly created_at: string;
  /** An operator's note the user never sees (operators' view only). Default `false`. */
  readonly internal?: boolean;
  /** The operator's name (operators' view). */
  readonly operator?: string | null;
}

/** Keys of the texts of {@link TicketThread}; each defaults to `t('tickets.<key>')`. */
export type TicketThreadLabelKey =
  | 'author_user'
  | 'author_support'
  | 'authorUserAdmin'
  | 'internalNote'
  | 'empty';

/** Props of {@link TicketThread}. */
export interface TicketThreadProps {
  /** The entries, oldest first. */
  entries: readonly TicketThreadEntry[];
  /** `'user'`: the author reads "You"; `'operator'`: "User", with operators' names. Default `'user'`. */
  viewer?: 'user' | 'operator';
  /** The reader's zone, `UTC±hh:mm`. Default `'UTC+00:00'`. */
  timezone?: string;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<TicketThreadLabelKey, string>>;
  /** Extra class on the list. */
  className?: string;
}

/**
 * A support ticket's conversation (spec section 2, work order): the user's messages and
 * support's answers, oldest first, each with its author and time; support answers sit at the
 * end of the line, and in the operators' view internal notes are marked and tinted.
 */
export function TicketThread({
  entries,
  viewer = 'user',
  timezone = DEFAULT_TIMEZONE,
  labels,
  className,
}: TicketThreadProps) {
  const { t } = useMiningT(ENGLISH);
  const label = (key: TicketThreadLabelKey) =>
    labels?.[key] === undefined ? t(`tickets.${key}`) : interpolate(labels[key] ?? '');
  if (entries.length === 0) return <p className={widget.note}>{label('empty')}</p>;
  return (
    <ol className={cx(styles.thread, className)}>
      {entries.map((entry) => {
        const who =
          entry.author === 'support'
            ? viewer === 'operator' && entry.operator
              ? `${label('author_support')} · ${entry.operator}`
              : label('author_support')
            : viewer === 'operator'
              ? label('authorUserAdmin')
              : label('author_user');
        return (
          <li
            key={entry.id}
            className={styles.entry}
            data-author={entry.author}
            data-internal={entry.internal === true ? 'true' : undefined}
          >
            <div className={styles.meta}>
              <span className={styles.author}>{who}</span>
              <time dateTime={entry.created_at}>
                {formatZoned(entry.created_at, timezone, 'YYYY-MM-DD HH:mm')}
              </time>
              {entry.internal === true ? (
                <span className={widget.statusTag} data-tone="warning">
                  {label('internalNote')}
                </span>
              ) : null}
            </div>
            <p className={styles.content}>{entry.content}</p>
          </li>
        );
      })}
    </ol>
  );
}
