import {
  type CoinInfo,
  coinHalvingCountdown,
  DEFAULT_TIMEZONE,
  durationParts,
  formatNumber,
  type HalvingCountdown as HalvingEstimate,
} from '@poolkit/core';
import { type ReactNode, useId, useState } from 'react';
import {
  type DataWidgetProps,
  ErrorBlock,
  LoadingBlock,
  MessageBlock,
} from '../../components/DataState/DataState';
import { cx } from '../../internal/cx';
import { useLabels } from '../../lib/useMiningT';
import { useNow } from '../../lib/useNow';
import * as widget from '../../lib/widget.css';
import { formatZoned } from '../../lib/zonedTime';
import * as styles from './HalvingCountdown.css';

/** What the countdown needs to know about a coin: pass `COINS.btc` (core) or your own facts. */
export type HalvingCoin = Pick<
  CoinInfo,
  | 'symbol'
  | 'name'
  | 'blockTimeSec'
  | 'halvingIntervalBlocks'
  | 'referenceHeight'
  | 'referenceEvent'
> &
  Partial<Pick<CoinInfo, 'halvingAnchorHeight'>>;

/** Keys of the texts of {@link HalvingCountdown}; each defaults to `t('mining.<key>')`. */
export type HalvingCountdownLabelKey =
  | 'halvingTitle'
  | 'timeLeft'
  | 'days'
  | 'hours'
  | 'minutes'
  | 'seconds'
  | 'blocksLeft'
  | 'halvingHeight'
  | 'estimatedDate'
  | 'currentHeight'
  | 'epochProgress'
  | 'noHalving'
  | 'halvingDue'
  | 'halvingLoading'
  | 'halvingError'
  | 'retry';

/** Props of {@link HalvingCountdown}. */
export interface HalvingCountdownProps extends DataWidgetProps {
  /** The coin, e.g. `COINS.btc` from `@poolkit/core`. */
  coin: HalvingCoin;
  /** The chain's current height (e.g. `PoolStats.block_height`). */
  currentHeight: number;
  /**
   * When `currentHeight` was read (epoch ms); the countdown runs from there at the coin's block
   * time. Default: when the widget first saw this height.
   */
  heightAt?: number;
  /** A fixed current time (epoch ms) for stories and tests; default: the clock, ticking every second. */
  now?: number;
  /** The user's zone, `UTC±hh:mm`, for the estimated date. Default `'UTC+00:00'`. */
  timezone?: string;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<HalvingCountdownLabelKey, string>>;
}

/**
 * The height halvings count from: the coin's `halvingAnchorHeight` (core's `COINS` carry it);
 * for facts without one, the reference height when that height is itself a halving (or an ETC
 * era start), so chains whose halvings are not multiples of the interval (ZEC) come out right;
 * otherwise 0.
 */
function anchorOf(coin: HalvingCoin): number {
  if (coin.halvingAnchorHeight !== undefined && coin.halvingAnchorHeight !== null) {
    return coin.halvingAnchorHeight;
  }
  return coin.referenceHeight !== null && /halving|era/i.test(coin.referenceEvent ?? '')
    ? coin.referenceHeight
    : 0;
}

function estimate(coin: HalvingCoin, height: number, at: number): HalvingEstimate | null | Error {
  try {
    return coinHalvingCountdown({ ...coin, halvingAnchorHeight: anchorOf(coin) }, height, at);
  } catch (problem) {
    return problem instanceof Error ? problem : new Error(String(problem));
  }
}

/**
 * A coin's next halving: days, hours, minutes and seconds left, ticking every second; blocks
 * left, the halving height and its estimated date in the user's zone (core's
 * `halvingCountdown`: blocks left × target block time), and how far the current halving period
 * has come. Coins without a halving say so.
 */
export function HalvingCountdown({
  coin,
  currentHeight,
  heightAt,
  now,
  timezone = DEFAULT_TIMEZONE,
  loading = false,
  error,
  onRetry,
  headingLevel = 3,
  labels,
  className,
}: HalvingCountdownProps) {
  const { label, language } = useLabels(labels);
  const nowMs = useNow(now);
  const baseId = useId();
  // Remember when this height was first seen, so the countdown runs between height updates.
  const [seen, setSeen] = useState({ height: currentHeight, at: nowMs });
  if (seen.height !== currentHeight) setSeen({ height: currentHeight, at: nowMs });
  const observedAt = heightAt ?? (seen.height === currentHeight ? seen.at : nowMs);
  const Heading = `h${headingLevel}` as const;

  let body: ReactNode;
  const result = loading || error ? null : estimate(coin, currentHeight, observedAt);
  if (loading) {
    body = <LoadingBlock label={label('halvingLoading')} height={168} />;
  } else if (error || result instanceof Error) {
    body = (
      <ErrorBlock
        error={error}
        fallback={label('halvingError')}
        retryLabel={label('retry')}
        onRetry={onRetry}
      />
    );
  } else if (!result) {
    body = <MessageBlock kind="empty" message={label('noHalving', { coin: coin.symbol })} />;
  } else {
    const remainingMs = result.estimatedAtMs - nowMs;
    const parts = durationParts(remainingMs);
    const units = [
      [parts.days, 'days'],
      [parts.hours, 'hours'],
      [parts.minutes, 'minutes'],
      [parts.seconds, 'seconds'],
    ] as const;
    const interval = coin.halvingIntervalBlocks ?? 1;
    const done = Math.min(1, Math.max(0, 1 - result.blocksLeft / interval));
    const percent = `${(done * 100).toFixed(2)}%`;
    body = (
      <>
        {remainingMs > 0 ? (
          <div
            role="timer"
            aria-label={`${label('timeLeft')}: ${units.map(([value, key]) => `${value} ${label(key)}`).join(', ')}`}
            className={styles.clock}
          >
            {units.map(([value, key]) => (
              <div key={key} className={styles.unitBox} aria-hidden="true">
                <span className={styles.unitValue}>
                  {key === 'days' ? formatNumber(value, language) : String(value).padStart(2, '0')}
                </span>
                <span className={styles.unitLabel}>{label(key)}</span>
              </div>
            ))}
          </div>
        ) : (
          <p className={widget.statValue}>{label('halvingDue')}</p>
        )}
        <dl className={widget.statGrid}>
          <div className={widget.stat}>
            <dt className={widget.statLabel}>{label('blocksLeft')}</dt>
            <dd className={widget.statValue}>{formatNumber(result.blocksLeft, language)}</dd>
          </div>
          <div className={widget.stat}>
            <dt className={widget.statLabel}>{label('halvingHeight')}</dt>
            <dd className={widget.statValue}>{formatNumber(result.nextHalvingHeight, language)}</dd>
          </div>
          <div className={cx(widget.stat, styles.wideStat)}>
            <dt className={widget.statLabel}>{label('estimatedDate')}</dt>
            <dd className={cx(widget.statValue, styles.date)}>
              <time dateTime={new Date(result.estimatedAtMs).toISOString()}>
                {formatZoned(result.estimatedAtMs, timezone, 'YYYY-MM-DD HH:mm')}
              </time>
              <span className={widget.unit}>{timezone}</span>
            </dd>
          </div>
          <div className={widget.stat}>
            <dt className={widget.statLabel}>{label('currentHeight')}</dt>
            <dd className={widget.statValue}>{formatNumber(currentHeight, language)}</dd>
          </div>
        </dl>
        <div>
          <div className={styles.progressLabel}>
            <span id={`${baseId}-progress`}>{label('epochProgress')}</span>
            <span>{percent}</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby={`${baseId}-progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Number((done * 100).toFixed(2))}
            aria-valuetext={percent}
            className={styles.progress}
          >
            <span className={styles.progressFill} style={{ width: percent }} />
          </div>
        </div>
      </>
    );
  }

  return (
    <section className={cx(widget.card, className)}>
      <div className={widget.header}>
        <Heading className={widget.title}>{label('halvingTitle', { coin: coin.symbol })}</Heading>
        <span className={widget.muted}>{coin.name}</span>
      </div>
      {body}
    </section>
  );
}
