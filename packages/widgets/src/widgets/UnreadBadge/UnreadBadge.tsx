import { enMessages } from '@poolkit/core';
import { cx } from '../../internal/cx';
import { interpolate, useMiningT } from '../../lib/useMiningT';
import * as styles from './UnreadBadge.css';

/**
 * The English of this widget's texts (core's `messages` group): `PoolKitProvider` holds only
 * the groups every widget shows.
 */
const ENGLISH = { messages: enMessages };

/** Props of {@link UnreadBadge}. */
export interface UnreadBadgeProps {
  /** Unread messages (`GET /messages/unread-count`'s `count`). */
  count: number;
  /** Above this the badge shows `max+`. Default `99`. */
  max?: number;
  /** Overrides the accessible text; `{{count}}` is filled. Default `t('messages.unreadBadge')`. */
  label?: string;
  /** Extra class. */
  className?: string;
}

/**
 * The header's unread-message count (spec section 3, app state): a pill with the number,
 * capped at `max+`, that reads "12 unread messages" to screen readers. Renders nothing at zero.
 */
export function UnreadBadge({ count, max = 99, label, className }: UnreadBadgeProps) {
  const { t } = useMiningT(ENGLISH);
  if (!(count > 0)) return null;
  const whole = Math.floor(count);
  const text =
    label === undefined
      ? t('messages.unreadBadge', { count: whole })
      : interpolate(label, { count: whole });
  return (
    <span
      className={cx(styles.badge, className)}
      role="status"
      aria-label={text}
      data-count={whole}
    >
      <span aria-hidden="true">{whole > max ? `${max}+` : whole}</span>
    </span>
  );
}
