import {
  COIN_DISPLAY,
  type ContractDashboard as ContractDashboardData,
  enContracts,
  formatCoinAmount,
  formatCoinHashrate,
} from '@poolkit/core';
import { type MouseEvent, useId } from 'react';
import {
  type DataWidgetProps,
  ErrorBlock,
  LoadingBlock,
} from '../../components/DataState/DataState';
import { cx } from '../../internal/cx';
import { Stat } from '../../lib/parts';
import { useCatalogueLabels } from '../../lib/useCatalogueLabels';
import * as widget from '../../lib/widget.css';
import * as styles from './ContractDashboard.css';

/**
 * The English of this widget's texts (core's `contracts` group): `PoolKitProvider` holds only
 * the groups every widget shows.
 */
const ENGLISH = { contracts: enContracts };

/** One coin's totals, as `GET /contracts/dashboard` lists them. */
export type ContractDashboardCoin = ContractDashboardData['list'][number];

const CATALOGUE = {
  power: 'contracts.dashboard.power',
  active: 'contracts.dashboard.active',
  yesterday: 'contracts.dashboard.yesterday',
  total: 'contracts.dashboard.total',
  chart: 'contracts.dashboard.chart',
  empty: 'contracts.dashboard.empty',
  browse: 'contracts.orders.browse',
  error: 'contracts.dashboard.error',
  loading: 'widgets.loading',
  retry: 'common.retry',
} as const;

/** Keys of the texts of {@link ContractDashboard}; each defaults to core's `contracts.*`. */
export type ContractDashboardLabelKey = keyof typeof CATALOGUE;

/** Props of {@link ContractDashboard}. */
export interface ContractDashboardProps extends DataWidgetProps {
  /** Per coin, the user's contract totals. */
  coins: readonly ContractDashboardCoin[];
  /** The contract list (`/contract/list`): the empty state links to it. */
  browseHref?: string;
  /** Called when the link is clicked (a router can `preventDefault` and navigate). */
  onNavigate?: (href: string, event: MouseEvent<HTMLAnchorElement>) => void;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<ContractDashboardLabelKey, string>>;
}

/** Above zero, read from a decimal string without floating-point surprises for the check. */
function positive(amount: string): boolean {
  return /[1-9]/.test(amount) && !amount.startsWith('-');
}

/**
 * The user's cloud-mining contracts at a glance (`/contract/dashboard`): per coin, the hashrate
 * under contract, the active orders, yesterday's and the total output in the coin's display
 * decimals (cut toward zero); under them a bar chart of each coin's total output as a share of
 * the largest (coins differ in unit, so bars compare shares, each labelled with its amount).
 * Loading shows skeletons, an error the message and a retry, no contracts a sentence and the
 * way to the contract list.
 */
export function ContractDashboard({
  coins,
  browseHref,
  onNavigate,
  loading = false,
  error,
  onRetry,
  headingLevel = 3,
  labels,
  className,
}: ContractDashboardProps) {
  const { label } = useCatalogueLabels(CATALOGUE, labels, ENGLISH);
  const Heading = `h${headingLevel}` as const;
  const chartId = useId();

  if (loading) {
    return (
      <div className={cx(styles.grid, className)}>
        <article className={widget.card}>
          <LoadingBlock label={label('loading')} height={148} />
        </article>
      </div>
    );
  }
  if (error || coins.length === 0) {
    return (
      <div className={cx(widget.card, className)}>
        {error ? (
          <ErrorBlock
            error={error}
            fallback={label('error')}
            retryLabel={label('retry')}
            onRetry={onRetry}
          />
        ) : (
          <div className={widget.stateBox}>
            <p style={{ margin: 0 }}>{label('empty')}</p>
            {browseHref ? (
              <a
                className={styles.link}
                href={browseHref}
                onClick={onNavigate ? (event) => onNavigate(browseHref, event) : undefined}
              >
                {label('browse')}
              </a>
            ) : null}
          </div>
        )}
      </div>
    );
  }

  const values = coins.map((row) => Number(row.total_net_amount));
  const largest = Math.max(...values, 0);

  return (
    <div className={cx(styles.view, className)}>
      <div className={styles.grid}>
        {coins.map((row) => (
          <article key={row.coin} className={widget.card} data-coin={row.coin}>
            <Heading className={widget.title}>{COIN_DISPLAY[row.coin].symbol}</Heading>
            <dl className={widget.statGrid}>
              <Stat label={label('power')}>{formatCoinHashrate(row.power, row.coin)}</Stat>
              <Stat label={label('active')}>{row.active_orders}</Stat>
              <Stat label={label('yesterday')}>
                {formatCoinAmount(row.yesterday_net_amount, row.coin)}
              </Stat>
              <Stat label={label('total')}>{formatCoinAmount(row.total_net_amount, row.coin)}</Stat>
            </dl>
          </article>
        ))}
      </div>
      {coins.some((row) => positive(row.total_net_amount)) ? (
        <figure className={cx(widget.card, styles.chart)} aria-labelledby={chartId}>
          <figcaption id={chartId} className={widget.muted}>
            {label('chart')}
          </figcaption>
          <ul className={styles.bars}>
            {coins.map((row, index) => {
              const share = largest > 0 ? (values[index] ?? 0) / largest : 0;
              return (
                <li key={row.coin} className={styles.barRow}>
                  <span className={styles.barLabel}>{COIN_DISPLAY[row.coin].symbol}</span>
                  <span className={styles.barTrack} aria-hidden="true">
                    <span className={styles.bar} style={{ width: `${Math.round(share * 100)}%` }} />
                  </span>
                  <span className={styles.barValue}>
                    {formatCoinAmount(row.total_net_amount, row.coin)}
                  </span>
                </li>
              );
            })}
          </ul>
        </figure>
      ) : null}
    </div>
  );
}
