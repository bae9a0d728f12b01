import { DEFAULT_TIMEZONE, enMessages, type InboxMessage, type MessageType } from '@poolkit/core';
import type { ReactElement } from 'react';
import { LoadingBlock, MessageBlock } from '../../components/DataState/StateBlocks';
import { cx } from '../../internal/cx';
import { interpolate, useMiningT } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import { formatZoned } from '../../lib/zonedTime';
import * as styles from './MessageList.css';

/**
 * The English of this widget's texts (core's `messages` group): `PoolKitProvider` holds only
 * the groups every widget shows.
 */
const ENGLISH = { messages: enMessages };

/** Keys of the texts of {@link MessageList}; each defaults to `t('messages.<key>')`. */
export type MessageListLabelKey =
  | 'typeAll'
  | 'typeHashrateAlert'
  | 'typeMinerOffline'
  | 'typeSettingUpdate'
  | 'typeTicketReply'
  | 'typeWalletUpdate'
  | 'markRead'
  | 'markAllRead'
  | 'delete'
  | 'empty'
  | 'unread';

const TYPE_KEYS: Record<MessageType, MessageListLabelKey> = {
  hashrate_alert: 'typeHashrateAlert',
  miner_offline: 'typeMinerOffline',
  setting_update: 'typeSettingUpdate',
  ticket_reply: 'typeTicketReply',
  wallet_update: 'typeWalletUpdate',
};
const TYPE_TONES: Record<MessageType, string> = {
  hashrate_alert: 'warning',
  miner_offline: 'danger',
  setting_update: 'info',
  ticket_reply: 'success',
  wallet_update: 'neutral',
};

/** Props of {@link MessageList}. */
export interface MessageListProps {
  /** The page of messages (`GET /messages`), newest first. */
  messages: readonly InboxMessage[];
  /** `'loading'` shows a skeleton, `'error'` the error with a retry. Default `'ready'`. */
  status?: 'loading' | 'ready' | 'error';
  /** The error's text when `status` is `'error'`. */
  errorMessage?: string;
  /** Retries after an error. */
  onRetry?: () => void;
  /** The kind shown (controlled); `null` for all. */
  type: MessageType | null;
  /** Called with the kind the user picks; `null` for all. */
  onTypeChange: (type: MessageType | null) => void;
  /** Marks one message read; the button shows on unread messages only. */
  onMarkRead?: (id: string) => void;
  /** Marks every message read; the button shows when one on the page is unread. */
  onMarkAllRead?: () => void;
  /** Deletes one message. */
  onDelete?: (id: string) => void;
  /** The ids with an action in flight: their buttons are disabled. */
  busyIds?: readonly string[];
  /** The user's zone, `UTC±hh:mm`, for times. Default `'UTC+00:00'`. */
  timezone?: string;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<MessageListLabelKey, string>>;
  /** Extra class on the root. */
  className?: string;
}

/**
 * The message center's list (spec section 1): a filter by kind (all, hashrate alert, miner
 * offline, setting update, ticket reply, wallet) as toggle buttons, and the messages with their kind, time, account
 * and text; unread ones are marked (`data-state="unread"`, a stripe and "Unread" for screen
 * readers) and offer "Mark read"; each can be deleted. Paging is the page's (`Pagination`).
 */
export function MessageList({
  messages,
  status = 'ready',
  errorMessage,
  onRetry,
  type,
  onTypeChange,
  onMarkRead,
  onMarkAllRead,
  onDelete,
  busyIds = [],
  timezone = DEFAULT_TIMEZONE,
  labels,
  className,
}: MessageListProps) {
  const { t } = useMiningT(ENGLISH);
  const label = (key: MessageListLabelKey) =>
    labels?.[key] === undefined ? t(`messages.${key}`) : interpolate(labels[key] ?? '');
  const anyUnread = messages.some((message) => !message.read);
  const filters: (MessageType | null)[] = [
    null,
    'hashrate_alert',
    'miner_offline',
    'setting_update',
    'ticket_reply',
    'wallet_update',
  ];

  let body: ReactElement;
  if (status === 'loading') {
    body = <LoadingBlock label={t('common.loading')} height={240} />;
  } else if (status === 'error') {
    body = (
      <MessageBlock
        kind="error"
        message={errorMessage ?? t('common.retry')}
        actionLabel={t('common.retry')}
        {...(onRetry === undefined ? {} : { onAction: onRetry })}
        minHeight={160}
      />
    );
  } else if (messages.length === 0) {
    body = <MessageBlock kind="empty" message={label('empty')} minHeight={160} />;
  } else {
    body = (
      <ul className={styles.list}>
        {messages.map((message) => {
          const busy = busyIds.includes(message.id);
          return (
            <li
              key={message.id}
              className={styles.item}
              data-state={message.read ? 'read' : 'unread'}
              aria-label={message.title}
            >
              <div>
                <div className={styles.meta}>
                  <span className={widget.statusTag} data-tone={TYPE_TONES[message.type]}>
                    {label(TYPE_KEYS[message.type])}
                  </span>
                  <time dateTime={message.created_at}>
                    {formatZoned(message.created_at, timezone, 'YYYY-MM-DD HH:mm')}
                  </time>
                  {message.account === null ? null : <span>{message.account}</span>}
                  {message.read ? null : <span className={widget.srOnly}>{label('unread')}</span>}
                </div>
                <h3 className={styles.title}>{message.title}</h3>
                <p className={styles.content}>{message.content}</p>
              </div>
              <div className={styles.actions}>
                {!message.read && onMarkRead ? (
                  <button
                    type="button"
                    className={widget.button}
                    data-variant="secondary"
                    data-size="sm"
                    disabled={busy}
                    onClick={() => onMarkRead(message.id)}
                  >
                    {label('markRead')}
                  </button>
                ) : null}
                {onDelete ? (
                  <button
                    type="button"
                    className={widget.button}
                    data-variant="ghost"
                    data-size="sm"
                    disabled={busy}
                    aria-label={`${label('delete')}: ${message.title}`}
                    onClick={() => onDelete(message.id)}
                  >
                    {label('delete')}
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className={cx(widget.card, className)} aria-busy={status === 'loading'}>
      <div className={styles.toolbar}>
        <fieldset className={cx(widget.segmented, styles.typeFilter)}>
          <legend className={widget.srOnly}>{label('typeAll')}</legend>
          {filters.map((value) => (
            <button
              key={value ?? 'all'}
              type="button"
              className={widget.segment}
              aria-pressed={type === value}
              onClick={() => onTypeChange(value)}
            >
              {value === null ? label('typeAll') : label(TYPE_KEYS[value])}
            </button>
          ))}
        </fieldset>
        {onMarkAllRead && anyUnread && status === 'ready' ? (
          <button
            type="button"
            className={widget.button}
            data-variant="secondary"
            data-size="sm"
            onClick={onMarkAllRead}
          >
            {label('markAllRead')}
          </button>
        ) : null}
      </div>
      {body}
    </section>
  );
}
