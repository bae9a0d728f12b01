import { DEFAULT_TIMEZONE, type ObserverExpiry, type ObserverLink } from '@poolkit/core';
import { useEffect, useState } from 'react';
import { QRCodeImage } from '../../components/QRCode/QRCodeImage';
import { cx } from '../../internal/cx';
import { Stat, StatusBadge } from '../../lib/parts';
import { useLabels } from '../../lib/useMiningT';
import { useNow } from '../../lib/useNow';
import * as widget from '../../lib/widget.css';
import { formatZoned, isoToMs } from '../../lib/zonedTime';
import * as styles from './ObserverLinkCard.css';

/** The fields of an observer link the card shows. */
export type ObserverLinkCardLink = Pick<
  ObserverLink,
  'nickname' | 'url' | 'expiry' | 'expires_at' | 'pools'
>;

/** Keys of the texts of {@link ObserverLinkCard}; each defaults to `t('mining.<key>')`. */
export type ObserverLinkCardLabelKey =
  | 'observerLink'
  | 'observerQr'
  | 'expiry'
  | 'expiryOneDay'
  | 'expiryOneWeek'
  | 'expiryOneMonth'
  | 'expiryForever'
  | 'expiresAt'
  | 'observerPools'
  | 'allPools'
  | 'linkActive'
  | 'linkExpired'
  | 'copyLink'
  | 'linkCopied'
  | 'copyFailed'
  | 'deleteLink';

/** Props of {@link ObserverLinkCard}. */
export interface ObserverLinkCardProps {
  /** The link, as `GET /accounts/{account}/observers` lists it. */
  link: ObserverLinkCardLink;
  /** The time expiry is judged at (epoch ms). Default: the clock, checked every minute. */
  now?: number;
  /** The user's zone, `UTC±hh:mm`, for the expiry date. Default `'UTC+00:00'`. */
  timezone?: string;
  /** Edge of the QR code in CSS pixels. Default `128`. */
  qrSize?: number;
  /** Deletes the link (confirm first); without it there is no delete button. */
  onDelete?: () => void;
  /** Heading level of the nickname. Default `3`. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<ObserverLinkCardLabelKey, string>>;
  /** Extra class on the card. */
  className?: string;
}

const EXPIRY_LABEL: Record<ObserverExpiry, ObserverLinkCardLabelKey> = {
  one_day: 'expiryOneDay',
  one_week: 'expiryOneWeek',
  one_month: 'expiryOneMonth',
  forever: 'expiryForever',
};

/**
 * A read-only observer link (spec sections 3 and 6): its nickname, the link with a copy button,
 * a QR code of it (the base kit's encoder, dark on light in both themes), its lifetime (one day,
 * one week, one month, forever) and expiry date, the pools it shows, whether it still works,
 * and a delete action.
 */
export function ObserverLinkCard({
  link,
  now,
  timezone = DEFAULT_TIMEZONE,
  qrSize = 128,
  onDelete,
  headingLevel = 3,
  labels,
  className,
}: ObserverLinkCardProps) {
  const { label } = useLabels(labels);
  const nowMs = useNow(now, 60_000);
  const Heading = `h${headingLevel}` as const;
  const [copy, setCopy] = useState<'idle' | 'done' | 'failed'>('idle');
  const expired = link.expires_at !== null && isoToMs(link.expires_at) <= nowMs;

  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), 2000);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopy('done');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <article className={cx(widget.card, className)}>
      <div className={styles.layout}>
        <div className={styles.details}>
          <div className={styles.titleRow}>
            <Heading className={widget.title}>{link.nickname || label('observerLink')}</Heading>
            <StatusBadge tone={expired ? 'neutral' : 'success'}>
              {label(expired ? 'linkExpired' : 'linkActive')}
            </StatusBadge>
          </div>
          <div className={styles.link}>
            <span className={styles.url} title={link.url}>
              {link.url}
            </span>
            <button
              type="button"
              className={widget.button}
              data-variant="secondary"
              data-size="sm"
              onClick={copyLink}
            >
              {label('copyLink')}
            </button>
          </div>
          <p className={widget.srOnly} aria-live="polite">
            {copy === 'done' ? label('linkCopied') : copy === 'failed' ? label('copyFailed') : ''}
          </p>
          <dl className={widget.statGrid}>
            <Stat label={label('expiry')}>{label(EXPIRY_LABEL[link.expiry])}</Stat>
            <Stat label={label('expiresAt')}>
              <span className={widget.statDate}>
                {link.expires_at
                  ? formatZoned(link.expires_at, timezone, 'YYYY-MM-DD HH:mm')
                  : '--'}
              </span>
            </Stat>
            <Stat label={label('observerPools')}>
              {link.pools.length === 0
                ? label('allPools')
                : link.pools.map((pool) => pool.toUpperCase()).join(', ')}
            </Stat>
          </dl>
          {onDelete ? (
            <div className={styles.actions}>
              <button
                type="button"
                className={widget.button}
                data-variant="danger"
                data-size="sm"
                onClick={onDelete}
              >
                {label('deleteLink')}
              </button>
            </div>
          ) : null}
        </div>
        <QRCodeImage
          value={link.url}
          size={qrSize}
          label={label('observerQr', { name: link.nickname })}
          className={styles.qr}
        />
      </div>
    </article>
  );
}
