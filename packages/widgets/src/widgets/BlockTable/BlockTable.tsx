import {
  type BlockStatus,
  type CoinInfo,
  DEFAULT_TIMEZONE,
  formatDecimal,
  formatNumber,
  formatPercent,
  type PoolBlock,
} from '@poolkit/core';
import {
  DataCard,
  type ListWidgetProps,
  scrollArea,
  stateTexts,
} from '../../components/DataState/DataState';
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
export interface BlockTableProps extends ListWidgetProps {
  /** One page of blocks, newest first. */
  blocks: readonly PoolBlock[];
  /** The pool's coin, e.g. `COINS[coin]`. */
  coin: BlockTableCoin;
  /** The user's zone, `UTC±hh:mm`, for block times. Default `'UTC+00:00'`. */
  timezone?: string;
  /** A block explorer's page for a block; makes the height a link. Default none. */
  explorerUrl?: (block: PoolBlock) => string;
  /** The card's title (and the table's caption). Default `t('mining.blocks')`. */
  title?: string;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<BlockTableLabelKey, string>>;
}

/** The columns' names and classes: the height stays in view, amounts align to the end. */
const HEADS: readonly [BlockTableLabelKey, string | false][] = [
  ['columnHeight', styles.pinned],
  ['columnTime', false],
  ['columnReward', styles.end],
  ['columnLuck', styles.end],
  ['columnStatus', false],
];

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
  title,
  labels,
  ...card
}: BlockTableProps) {
  const { label, language } = useLabels(labels);
  const caption = title ?? label('blocks');

  return (
    <DataCard
      {...card}
      title={caption}
      empty={blocks.length === 0}
      texts={stateTexts(label, 'blocksLoading', 'blocksError', 'blocksEmpty', 'retry')}
    >
      {() => (
        <div className={styles.scroller} {...scrollArea(caption)}>
          <table className={styles.table}>
            <caption className={widget.srOnly}>{caption}</caption>
            <thead>
              <tr>
                {HEADS.map(([key, className]) => (
                  <th key={key} scope="col" className={cx(styles.head, className)}>
                    {label(key)}
                  </th>
                ))}
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
    </DataCard>
  );
}
