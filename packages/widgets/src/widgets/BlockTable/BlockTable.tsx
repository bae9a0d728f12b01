import {
  type BlockStatus,
  type CoinInfo,
  DEFAULT_TIMEZONE,
  formatDecimal,
  formatNumber,
  formatPercent,
  type PoolBlock,
} from '@poolkit/core';
import type { ReactNode } from 'react';
import { DataState, ListCard } from '../../components/DataState/DataState';
import { cx } from '../../internal/cx';
import { StatusBadge, type Tone } from '../../lib/parts';
import { useLabels } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import { formatZoned } from '../../lib/zonedTime';
import * as styles from './BlockTable.css';

/** How amounts of the coin are shown: pass `COINS[coin]` (core). */
export type BlockTableCoin = Pick<CoinInfo, 'symbol' | 'displayDecimals'>;

/** Keys of the texts of {@link BlockTable}; each defaults to `t('mining.<key>')`. */
export type BlockTableLabelKey =
  | 'blocks'
  | 'columnHeight'
  | 'columnTime'
  | 'columnReward'
  | 'columnLuck'
  | 'columnStatus'
  | 'blockPending'
  | 'blockConfirmed'
  | 'blockOrphaned'
  | 'confirmationsOf'
  | 'blocksEmpty'
  | 'blocksLoading'
  | 'blocksError'
  | 'retry';

/** Props of {@link BlockTable}. */
export interface BlockTableProps {
  /** One page of blocks, newest first. */
  blocks: readonly PoolBlock[];
  /** The pool's coin, e.g. `COINS[coin]`. */
  coin: BlockTableCoin;
  /** The user's zone, `UTC±hh:mm`, for block times. Default `'UTC+00:00'`. */
  timezone?: string;
  /** A block explorer's page for a block; makes the height a link. Default none. */
  explorerUrl?: (block: PoolBlock) => string;
  /** Shows skeleton rows. Default `false`. */
  loading?: boolean;
  /** An error to show; `true` shows the generic message. */
  error?: ReactNode;
  /** Shows a retry button in the error state. */
  onRetry?: () => void;
  /** Under the table, e.g. the base `Pagination`. */
  footer?: ReactNode;
  /** The card's title (and the table's caption). Default `t('mining.blocks')`. */
  title?: string;
  /** Heading level of the title. Default `3`. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<BlockTableLabelKey, string>>;
  /** Extra class on the card. */
  className?: string;
}

const STATUS: Record<BlockStatus, [BlockTableLabelKey, Tone]> = {
  pending: ['blockPending', 'info'],
  confirmed: ['blockConfirmed', 'success'],
  orphaned: ['blockOrphaned', 'danger'],
};

/**
 * The blocks a pool found: height (a link to an explorer when given), time in the user's zone,
 * reward in the coin's display decimals, luck (1 = 100 %), and state (pending with its
 * confirmations, confirmed, orphaned) as a tag with the word. One page at a time: pagination is
 * the host's (`footer`). Scrolls sideways on phones with the height pinned.
 */
export function BlockTable({
  blocks,
  coin,
  timezone = DEFAULT_TIMEZONE,
  explorerUrl,
  loading = false,
  error,
  onRetry,
  footer,
  title,
  headingLevel = 3,
  labels,
  className,
}: BlockTableProps) {
  const { label, language } = useLabels(labels);
  const caption = title ?? label('blocks');

  return (
    <ListCard title={caption} headingLevel={headingLevel} footer={footer} className={className}>
      <DataState
        loading={loading}
        error={error}
        onRetry={onRetry}
        empty={blocks.length === 0}
        loadingLabel={label('blocksLoading')}
        errorText={label('blocksError')}
        retryLabel={label('retry')}
        emptyMessage={label('blocksEmpty')}
      >
        {() => (
          // A table that scrolls sideways on phones takes focus, so the keyboard can scroll it.
          // biome-ignore lint/a11y/useSemanticElements: a group, not a form fieldset.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
          <div className={styles.scroller} role="group" aria-label={caption} tabIndex={0}>
            <table className={styles.table}>
              <caption className={widget.srOnly}>{caption}</caption>
              <thead>
                <tr>
                  <th scope="col" className={cx(styles.head, styles.pinned)}>
                    {label('columnHeight')}
                  </th>
                  <th scope="col" className={styles.head}>
                    {label('columnTime')}
                  </th>
                  <th scope="col" className={cx(styles.head, styles.end)}>
                    {label('columnReward')}
                  </th>
                  <th scope="col" className={cx(styles.head, styles.end)}>
                    {label('columnLuck')}
                  </th>
                  <th scope="col" className={styles.head}>
                    {label('columnStatus')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {blocks.map((block) => {
                  const [statusKey, tone] = STATUS[block.status];
                  return (
                    <tr key={`${block.height}-${block.hash}`}>
                      <th scope="row" className={cx(styles.cell, styles.pinned)}>
                        {explorerUrl ? (
                          <a
                            className={styles.link}
                            href={explorerUrl(block)}
                            target="_blank"
                            rel="noreferrer"
                          >
                            {formatNumber(block.height, language)}
                          </a>
                        ) : (
                          formatNumber(block.height, language)
                        )}
                      </th>
                      <td className={styles.cell}>{formatZoned(block.time, timezone)}</td>
                      <td className={cx(styles.cell, styles.end)}>
                        {formatDecimal(block.reward, coin.displayDecimals, {
                          grouping: true,
                          rounding: 'down',
                        })}
                        <span className={widget.unit}>{coin.symbol}</span>
                      </td>
                      <td className={cx(styles.cell, styles.end)}>
                        {block.luck === null ? '--' : formatPercent(block.luck)}
                      </td>
                      <td className={styles.cell}>
                        <StatusBadge tone={tone}>{label(statusKey)}</StatusBadge>
                        {block.status === 'pending' ? (
                          <span className={styles.confirmations}>
                            {label('confirmationsOf', {
                              count: block.confirmations,
                              required: block.required_confirmations,
                            })}
                          </span>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </DataState>
    </ListCard>
  );
}
