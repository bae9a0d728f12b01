import {
  type CoinInfo,
  convertCurrency,
  DEFAULT_TIMEZONE,
  formatCurrency,
  formatDecimal,
  formatNumber,
  formatPercent,
  type PoolStats,
  type RateEntry,
} from '@poolkit/core';
import type { ReactNode } from 'react';
import {
  type DataWidgetProps,
  ErrorBlock,
  LoadingBlock,
} from '../../components/DataState/DataState';
import { cx } from '../../internal/cx';
import { formatCompact, HashrateValue, Stat } from '../../lib/parts';
import { useLabels } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import { formatZoned } from '../../lib/zonedTime';
import * as styles from './PoolStatsCard.css';

/** What the card needs to know about the pool's coin: pass `COINS[stats.coin]` (core). */
export type PoolStatsCoin = Pick<CoinInfo, 'symbol' | 'name' | 'hashrateUnit' | 'displayDecimals'>;

/** Keys of the texts of {@link PoolStatsCard}; each defaults to `t('mining.<key>')`. */
export type PoolStatsCardLabelKey =
  | 'poolStats'
  | 'poolHashrate'
  | 'hashrate24hShort'
  | 'networkHashrate'
  | 'networkDifficulty'
  | 'blockHeight'
  | 'miners'
  | 'activeWorkers'
  | 'blocks24h'
  | 'lastBlock'
  | 'luck24h'
  | 'luck7d'
  | 'poolFee'
  | 'minPayout'
  | 'price'
  | 'statsLoading'
  | 'statsError'
  | 'retry';

/** Props of {@link PoolStatsCard}. */
export interface PoolStatsCardProps extends DataWidgetProps {
  /** The pool's statistics (`GET /address-mining/{coin}/pool/stats`); missing while loading. */
  stats?: PoolStats;
  /** The pool's coin, e.g. `COINS[stats.coin]`. */
  coin: PoolStatsCoin;
  /** The currency to show the price in (prices arrive in CNY). Default CNY at rate 1. */
  currency?: Pick<RateEntry, 'rate' | 'symbol'>;
  /** The user's zone, `UTC±hh:mm`, for the last block's time. Default `'UTC+00:00'`. */
  timezone?: string;
  /** Shows a skeleton (also when `stats` is missing). Default `false`. */
  loading?: boolean;
  /** The card's title. Default `t('mining.poolStats', { coin })`. */
  title?: string;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<PoolStatsCardLabelKey, string>>;
}

const CNY = { rate: '1.000000', symbol: '￥' };

/**
 * A pool's statistics at a glance: pool hashrate (15 min, with 24 h beside it), network
 * hashrate and difficulty, height, miners and active workers, blocks in 24 h and the last
 * block's time, luck over 24 h and 7 days, the fee and payout model, the minimum payout and the
 * coin's price.
 */
export function PoolStatsCard({
  stats,
  coin,
  currency = CNY,
  timezone = DEFAULT_TIMEZONE,
  loading = false,
  error,
  onRetry,
  title,
  headingLevel = 3,
  labels,
  className,
}: PoolStatsCardProps) {
  const { label, language } = useLabels(labels);
  const Heading = `h${headingLevel}` as const;

  let body: ReactNode;
  if (error) {
    body = (
      <ErrorBlock
        error={error}
        fallback={label('statsError')}
        retryLabel={label('retry')}
        onRetry={onRetry}
      />
    );
  } else if (loading || !stats) {
    body = <LoadingBlock label={label('statsLoading')} height={176} />;
  } else {
    const luck = (value: number | null) => (value === null ? '--' : formatPercent(value));
    body = (
      <>
        <div className={styles.headline}>
          <span className={styles.headlineValue}>
            <HashrateValue value={stats.pool_hashrate} baseUnit={coin.hashrateUnit} />
          </span>
          <span className={widget.muted}>
            {label('poolHashrate')} · {label('hashrate24hShort')}{' '}
            <HashrateValue value={stats.pool_hashrate_24h} baseUnit={coin.hashrateUnit} />
          </span>
        </div>
        <dl className={cx(widget.statGrid, styles.statGrid)}>
          <Stat label={label('networkHashrate')}>
            <HashrateValue value={stats.network_hashrate} baseUnit={coin.hashrateUnit} />
          </Stat>
          <Stat label={label('networkDifficulty')}>{formatCompact(stats.network_difficulty)}</Stat>
          <Stat label={label('blockHeight')} className={styles.count}>
            {formatNumber(stats.block_height, language)}
          </Stat>
          <Stat label={label('miners')} className={styles.count}>
            {formatNumber(stats.miners, language)}
          </Stat>
          <Stat label={label('activeWorkers')} className={styles.count}>
            {formatNumber(stats.workers, language)}
          </Stat>
          <Stat label={label('blocks24h')} className={styles.count}>
            {formatNumber(stats.blocks_24h, language)}
          </Stat>
          <Stat label={label('luck24h')}>{luck(stats.luck_24h)}</Stat>
          <Stat label={label('luck7d')}>{luck(stats.luck_7d)}</Stat>
          <Stat label={label('poolFee')}>
            {formatPercent(Number(stats.fee_percent) / 100, 1)}
            <span className={widget.unit}>{stats.payout_model}</span>
          </Stat>
          <Stat label={label('minPayout')}>
            {formatDecimal(stats.min_payout, coin.displayDecimals, { rounding: 'down' })}
            <span className={widget.unit}>{coin.symbol}</span>
          </Stat>
          <Stat label={label('price')}>
            {stats.price === null
              ? '--'
              : formatCurrency(convertCurrency(stats.price, currency), currency)}
          </Stat>
          <Stat label={label('lastBlock')}>
            {stats.last_block_time ? (
              // The date and the time wrap apart in a narrow column, never inside either.
              <span className={widget.statDateTime}>
                <span className={widget.statDate}>
                  {formatZoned(stats.last_block_time, timezone, 'YYYY-MM-DD')}
                </span>{' '}
                <span className={widget.statDate}>
                  {formatZoned(stats.last_block_time, timezone, 'HH:mm')}
                </span>
              </span>
            ) : (
              <span className={widget.statDate}>--</span>
            )}
          </Stat>
        </dl>
      </>
    );
  }

  return (
    <section className={cx(widget.card, className)}>
      <div className={widget.header}>
        <Heading className={widget.title}>
          {title ?? label('poolStats', { coin: coin.symbol })}
        </Heading>
        <span className={widget.muted}>{coin.name}</span>
      </div>
      {body}
    </section>
  );
}
