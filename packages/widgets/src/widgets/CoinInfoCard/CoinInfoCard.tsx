import {
  type CoinInfo,
  convertCurrency,
  formatCurrency,
  formatDecimal,
  type RateEntry,
} from '@poolkit/core';
import type { ReactNode } from 'react';
import { ErrorBlock, LoadingBlock } from '../../components/DataState/StateBlocks';
import { cx } from '../../internal/cx';
import { HashrateValue, Stat } from '../../lib/parts';
import { useLabels } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';

/**
 * The coin facts the card shows: pass `COINS.kas` (core) or your own. `algorithmNote`, when
 * given, shows under the algorithm's short name.
 */
export type CoinInfoCardCoin = Pick<
  CoinInfo,
  'symbol' | 'name' | 'algorithm' | 'blockTimeSec' | 'blockReward' | 'hashrateUnit' | 'emissionRule'
> &
  Partial<Pick<CoinInfo, 'algorithmNote'>>;

/** Keys of the texts of {@link CoinInfoCard}; each defaults to `t('mining.<key>')`. */
export type CoinInfoCardLabelKey =
  | 'coinInfo'
  | 'algorithm'
  | 'blockTime'
  | 'blockReward'
  | 'price'
  | 'networkHashrate'
  | 'emission'
  | 'secondsShort'
  | 'minutesShort'
  | 'coinLoading'
  | 'coinError'
  | 'retry';

/** Props of {@link CoinInfoCard}. */
export interface CoinInfoCardProps {
  /** The coin, e.g. `COINS.kas`. */
  coin: CoinInfoCardCoin;
  /** Current block reward (live), overriding `coin.blockReward`. */
  blockReward?: string | null;
  /** Price of one coin in CNY (as the API sends it); `null` when unknown. Default unknown. */
  price?: string | null;
  /** The currency to show the price in. Default CNY at rate 1. */
  currency?: Pick<RateEntry, 'rate' | 'symbol'>;
  /** The network's hashrate in the coin's base unit per second. Default unknown. */
  networkHashrate?: number | null;
  /** Shows the coin's emission rule under the figures. Default `false`. */
  showEmission?: boolean;
  /** Shows a skeleton. Default `false`. */
  loading?: boolean;
  /** An error to show; `true` shows the generic message. */
  error?: ReactNode;
  /** Shows a retry button in the error state. */
  onRetry?: () => void;
  /** Heading level of the title. Default `3`. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<CoinInfoCardLabelKey, string>>;
  /** Extra class on the card. */
  className?: string;
}

const CNY = { rate: '1.000000', symbol: '￥' };

/**
 * A coin's facts: algorithm (with its note), target block time, block reward, price and network
 * hashrate (spec section 1: coin information); optionally its emission rule.
 */
export function CoinInfoCard({
  coin,
  blockReward = coin.blockReward,
  price = null,
  currency = CNY,
  networkHashrate = null,
  showEmission = false,
  loading = false,
  error,
  onRetry,
  headingLevel = 3,
  labels,
  className,
}: CoinInfoCardProps) {
  const { label } = useLabels(labels);
  const Heading = `h${headingLevel}` as const;
  const seconds = coin.blockTimeSec;
  const blockTime =
    seconds === null
      ? '--'
      : seconds >= 60
        ? label('minutesShort', { count: Number((seconds / 60).toFixed(2)) })
        : label('secondsShort', { count: seconds });

  let body: ReactNode;
  if (loading) {
    body = <LoadingBlock label={label('coinLoading')} height={120} />;
  } else if (error) {
    body = (
      <ErrorBlock
        error={error}
        fallback={label('coinError')}
        retryLabel={label('retry')}
        onRetry={onRetry}
      />
    );
  } else {
    body = (
      <>
        <dl className={widget.statGrid}>
          <Stat label={label('algorithm')}>
            {coin.algorithm}
            {coin.algorithmNote ? (
              <span className={widget.statNote}>{coin.algorithmNote}</span>
            ) : null}
          </Stat>
          <Stat label={label('blockTime')}>{blockTime}</Stat>
          <Stat label={label('blockReward')}>
            {blockReward ? formatDecimal(blockReward, 4, { grouping: true }) : '--'}
            <span className={widget.unit}>{coin.symbol}</span>
          </Stat>
          <Stat label={label('price')}>
            {price === null ? '--' : formatCurrency(convertCurrency(price, currency), currency)}
          </Stat>
          <Stat label={label('networkHashrate')}>
            {networkHashrate === null ? (
              '--'
            ) : (
              <HashrateValue value={networkHashrate} baseUnit={coin.hashrateUnit} />
            )}
          </Stat>
        </dl>
        {showEmission ? (
          <p className={widget.note}>
            {label('emission')}: {coin.emissionRule}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <section className={cx(widget.card, className)}>
      <div className={widget.header}>
        <Heading className={widget.title}>
          {coin.name} <span className={widget.unit}>{coin.symbol}</span>
        </Heading>
        <span className={widget.muted}>{label('coinInfo')}</span>
      </div>
      {body}
    </section>
  );
}
