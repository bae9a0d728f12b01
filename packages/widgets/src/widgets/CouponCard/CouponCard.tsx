import {
  type Coupon,
  type CouponStatus,
  couponStatus,
  DEFAULT_TIMEZONE,
  STATUS_LABELS,
} from '@poolkit/core';
import { cx } from '../../internal/cx';
import { Stat } from '../../lib/parts';
import { useLabels } from '../../lib/useMiningT';
import { useNow } from '../../lib/useNow';
import * as widget from '../../lib/widget.css';
import { formatZoned, isoToMs } from '../../lib/zonedTime';
import * as styles from './CouponCard.css';

/** The fields of a coupon the card shows. */
export type CouponCardCoupon = Pick<
  Coupon,
  | 'code'
  | 'fee_reduction_percent'
  | 'coin'
  | 'validity_days'
  | 'use_before'
  | 'started_at'
  | 'ends_at'
  | 'status'
>;

/** Keys of the texts of {@link CouponCard}; each defaults to `t('mining.<key>')`. */
export type CouponCardLabelKey =
  | 'feeReduction'
  | 'couponCode'
  | 'couponCoin'
  | 'anyCoin'
  | 'validity'
  | 'validityDays'
  | 'useBefore'
  | 'inUseUntil'
  | 'useCoupon'
  | 'couponDetails';

/** Props of {@link CouponCard}. */
export interface CouponCardProps {
  /** The coupon, as `GET /coupons` lists it. */
  coupon: CouponCardCoupon;
  /** The coin's ticker when `coupon.coin` is set (e.g. `COINS[coupon.coin].symbol`). Default: the id in capitals. */
  coinSymbol?: string;
  /** The time the state is judged at (epoch ms). Default: the clock, checked every minute. */
  now?: number;
  /** The user's zone, `UTC±hh:mm`, for dates. Default `'UTC+00:00'`. */
  timezone?: string;
  /** Starts using the coupon (confirm first); shown only while it is unused. */
  onUse?: () => void;
  /** Shows the use button as busy. Default `false`. */
  using?: boolean;
  /** Opens the coupon's savings (`/user/coupon/:couponId/:itemId`); shown once started. */
  onOpenDetails?: () => void;
  /** Heading level. Default `3`. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<CouponCardLabelKey, string>>;
  /** Extra class on the card. */
  className?: string;
}

/**
 * A fee coupon (spec sections 3 and 4): the fee reduction, its code and coin, how long it lasts
 * once started, the use-before date, and its state (unused, in use, used, expired) as a tag with
 * the word. An unused coupon offers "Use"; the state is judged again at `now` with core's
 * `couponStatus`, so an unused coupon past its date shows as expired and an in-use one past its
 * end as used.
 */
export function CouponCard({
  coupon,
  coinSymbol,
  now,
  timezone = DEFAULT_TIMEZONE,
  onUse,
  using = false,
  onOpenDetails,
  headingLevel = 3,
  labels,
  className,
}: CouponCardProps) {
  const { label, t } = useLabels(labels);
  const nowMs = useNow(now, 60_000);
  const Heading = `h${headingLevel}` as const;
  const state: CouponStatus =
    coupon.status === 'unused' || coupon.status === 'in_use'
      ? couponStatus({
          startedAtMs: coupon.started_at ? isoToMs(coupon.started_at) : null,
          useBeforeMs: isoToMs(coupon.use_before),
          validityMs: coupon.validity_days * 86_400_000,
          nowMs,
        })
      : coupon.status;
  const tag = STATUS_LABELS.coupon[state];
  const date = (iso: string) => formatZoned(iso, timezone, 'YYYY-MM-DD HH:mm');

  return (
    <article className={cx(widget.card, styles.coupon, className)} data-state={state}>
      <div className={styles.titleRow}>
        <div>
          <Heading className={styles.reduction}>
            {label('feeReduction', { percent: `${coupon.fee_reduction_percent}%` })}
          </Heading>
          <span className={styles.code}>
            {label('couponCode')}: {coupon.code}
          </span>
        </div>
        <span className={widget.statusTag} data-tone={tag.tone}>
          {t(tag.i18nKey)}
        </span>
      </div>
      <dl className={widget.statGrid}>
        <Stat label={label('couponCoin')}>
          {coupon.coin === null ? label('anyCoin') : (coinSymbol ?? coupon.coin.toUpperCase())}
        </Stat>
        <Stat label={label('validity')}>
          {label('validityDays', { count: coupon.validity_days })}
        </Stat>
      </dl>
      <div className={styles.footer}>
        <span className={widget.note}>
          {state === 'in_use' && coupon.ends_at
            ? label('inUseUntil', { date: date(coupon.ends_at) })
            : `${label('useBefore')}: ${date(coupon.use_before)}`}
        </span>
        {state === 'unused' && onUse ? (
          <button
            type="button"
            className={widget.button}
            aria-busy={using || undefined}
            onClick={using ? undefined : onUse}
          >
            {label('useCoupon')}
          </button>
        ) : null}
        {state !== 'unused' && coupon.started_at && onOpenDetails ? (
          <button
            type="button"
            className={widget.button}
            data-variant="secondary"
            data-size="sm"
            onClick={onOpenDetails}
          >
            {label('couponDetails')}
          </button>
        ) : null}
      </div>
    </article>
  );
}
