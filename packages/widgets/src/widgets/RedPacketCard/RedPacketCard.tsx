import {
  type CoinInfo,
  canActivateRedPacket,
  DEFAULT_TIMEZONE,
  formatDecimal,
  formatHashrate,
  type RedPacket,
  type RedPacketStatus,
  redPacketStatus,
  STATUS_LABELS,
} from '@poolkit/core';
import { useId } from 'react';
import { cx } from '../../internal/cx';
import { LoadingBlock } from '../../lib/StateView';
import { useLabels } from '../../lib/useMiningT';
import { useNow } from '../../lib/useNow';
import * as widget from '../../lib/widget.css';
import { formatZoned, isoToMs } from '../../lib/zonedTime';
import * as styles from './RedPacketCard.css';

/** The fields of a received red packet the card shows. */
export type RedPacketCardPacket = Pick<
  RedPacket,
  | 'name'
  | 'hashrate'
  | 'duration_days'
  | 'activation_deadline'
  | 'status'
  | 'activated_at'
  | 'ends_at'
  | 'total_profit'
>;

/** How amounts of the packet's coin are shown: pass `COINS[packet.coin]` (core). */
export type RedPacketCoin = Pick<CoinInfo, 'symbol' | 'displayDecimals' | 'hashrateUnit'>;

/** Keys of the texts of {@link RedPacketCard}; each defaults to `t('mining.<key>')`. */
export type RedPacketCardLabelKey =
  | 'redPacket'
  | 'packetHashrate'
  | 'packetDuration'
  | 'packetDays'
  | 'activationDeadline'
  | 'totalProfit'
  | 'incomeUntil'
  | 'activate'
  | 'activateHint'
  | 'packetLoading';

/** Props of {@link RedPacketCard}. */
export interface RedPacketCardProps {
  /** The packet, as `GET /users/red-packets` lists it. */
  packet?: RedPacketCardPacket;
  /** The packet's coin, e.g. `COINS[packet.coin]`. */
  coin: RedPacketCoin;
  /**
   * The time its state is judged at (epoch ms): an inactive packet past its deadline shows as
   * expired. Default: the clock, checked every minute.
   */
  now?: number;
  /** The user's zone, `UTC±hh:mm`, for dates. Default `'UTC+00:00'`. */
  timezone?: string;
  /** Activates the packet; the button shows only while it can be activated. */
  onActivate?: () => void;
  /** Shows the activate button as busy while the call runs. Default `false`. */
  activating?: boolean;
  /** Shows a skeleton (also when `packet` is missing). Default `false`. */
  loading?: boolean;
  /** Heading level of the name. Default `3`. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<RedPacketCardLabelKey, string>>;
  /** Extra class on the card. */
  className?: string;
}

/**
 * The state to show: an `inactive` or `activated` packet is judged again at `now` with core's
 * `redPacketStatus`, so one whose deadline has passed shows as invalid (and one past its end as
 * expired) before the server's job says so; the other states are final.
 */
function stateOf(packet: RedPacketCardPacket, now: number): RedPacketStatus {
  if (packet.status !== 'inactive' && packet.status !== 'activated') return packet.status;
  return redPacketStatus({
    activatedAtMs: packet.activated_at ? isoToMs(packet.activated_at) : null,
    activationDeadlineMs: isoToMs(packet.activation_deadline),
    endsAtMs: packet.ends_at ? isoToMs(packet.ends_at) : null,
    nowMs: now,
  });
}

/**
 * A received hashrate red packet (spec sections 3 and 4): its name, the hashrate it gives and
 * for how long, its state (inactive, activated, expired, invalid) as a tag with the word, the
 * activation deadline, the profit so far, and an activate action while it may still be
 * activated (income starts once active).
 */
export function RedPacketCard({
  packet,
  coin,
  now,
  timezone = DEFAULT_TIMEZONE,
  onActivate,
  activating = false,
  loading = false,
  headingLevel = 3,
  labels,
  className,
}: RedPacketCardProps) {
  const { label, t } = useLabels(labels);
  const baseId = useId();
  const nowMs = useNow(now, 60_000);
  const Heading = `h${headingLevel}` as const;

  if (loading || !packet) {
    return (
      <article className={cx(widget.card, styles.packet, className)}>
        <LoadingBlock label={label('packetLoading')} height={148} />
      </article>
    );
  }

  const state = stateOf(packet, nowMs);
  const tag = STATUS_LABELS.redPacket[state];
  const canActivate = canActivateRedPacket(state);
  const profit = formatDecimal(packet.total_profit, coin.displayDecimals, { rounding: 'down' });

  return (
    <article className={cx(widget.card, styles.packet, className)} data-state={state}>
      <div className={styles.titleRow}>
        <Heading className={widget.title}>{packet.name || label('redPacket')}</Heading>
        <span className={widget.statusTag} data-tone={tag.tone}>
          {t(tag.i18nKey)}
        </span>
      </div>
      <dl className={widget.statGrid}>
        <div className={widget.stat}>
          <dt className={widget.statLabel}>{label('packetHashrate')}</dt>
          <dd className={widget.statValue}>{formatHashrate(packet.hashrate, coin.hashrateUnit)}</dd>
        </div>
        <div className={widget.stat}>
          <dt className={widget.statLabel}>{label('packetDuration')}</dt>
          <dd className={widget.statValue}>
            {label('packetDays', { count: packet.duration_days })}
          </dd>
        </div>
        <div className={widget.stat}>
          <dt className={widget.statLabel}>{label('totalProfit')}</dt>
          <dd className={widget.statValue}>
            {profit}
            <span className={widget.unit}>{coin.symbol}</span>
          </dd>
        </div>
      </dl>
      <div className={styles.footer}>
        <span className={styles.deadline}>
          {state === 'activated' && packet.ends_at
            ? label('incomeUntil', {
                date: formatZoned(packet.ends_at, timezone, 'YYYY-MM-DD HH:mm'),
              })
            : `${label('activationDeadline')}: ${formatZoned(packet.activation_deadline, timezone, 'YYYY-MM-DD HH:mm')}`}
        </span>
        {canActivate && onActivate ? (
          <button
            type="button"
            className={widget.button}
            aria-busy={activating || undefined}
            aria-describedby={`${baseId}-hint`}
            onClick={activating ? undefined : onActivate}
          >
            {label('activate')}
          </button>
        ) : null}
      </div>
      {canActivate ? (
        <p id={`${baseId}-hint`} className={styles.hint}>
          {label('activateHint')}
        </p>
      ) : null}
    </article>
  );
}
