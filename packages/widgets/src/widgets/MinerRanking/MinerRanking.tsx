import {
  type CatalogueMiner,
  COIN_HASHRATE_UNITS,
  formatDecimal,
  formatMoney,
  formatNumber,
} from '@poolkit/core';
import {
  DataCard,
  type ListWidgetProps,
  scrollArea,
  stateTexts,
} from '../../components/DataState/DataState';
import { cx } from '../../internal/cx';
import { useControllableState } from '../../internal/useControllableState';
import { currencySymbol, HashrateValue } from '../../lib/parts';
import { useLabels } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import * as styles from './MinerRanking.css';

/** A column to rank by: the catalogue's sort keys. */
export type MinerRankingSortKey = 'profit' | 'release_date' | 'hashrate' | 'power' | 'unit_power';

/** A ranking order: column and direction (the values of `aria-sort`). */
export interface MinerRankingSort {
  key: MinerRankingSortKey;
  direction: 'ascending' | 'descending';
}

/** Keys of the texts of {@link MinerRanking}; each defaults to `t('mining.<key>')`. */
export type MinerRankingLabelKey =
  | 'minerRanking'
  | 'rank'
  | 'model'
  | 'released'
  | 'minerHashrate'
  | 'power'
  | 'unitPower'
  | 'breakEven'
  | 'dailyProfit'
  | 'rankingEmpty'
  | 'rankingLoading'
  | 'rankingError'
  | 'retry';

/** Props of {@link MinerRanking}. */
export interface MinerRankingProps extends ListWidgetProps {
  /** The machines (one page of `GET /catalogue/miners`). */
  miners: readonly CatalogueMiner[];
  /** The order (controlled). */
  sort?: MinerRankingSort;
  /** The first order (uncontrolled). Default: profit, highest first. */
  defaultSort?: MinerRankingSort;
  /** Called when the user ranks by another column (fetch that order for server sorting). */
  onSortChange?: (sort: MinerRankingSort) => void;
  /** Keeps `miners` in the order given (the server sorted them). Default `false`. */
  manualSorting?: boolean;
  /** Makes model names buttons that open the machine. */
  onMinerOpen?: (miner: CatalogueMiner) => void;
  /** Rank of the first row, for a page after the first (`(page - 1) × pageSize + 1`). Default `1`. */
  firstRank?: number;
  /** The card's title (and the table's caption). Default `t('mining.minerRanking')`. */
  title?: string;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<MinerRankingLabelKey, string>>;
}

const DEFAULT_SORT: MinerRankingSort = { key: 'profit', direction: 'descending' };

const COLUMNS: readonly [MinerRankingSortKey | null, MinerRankingLabelKey, boolean][] = [
  ['release_date', 'released', false],
  ['hashrate', 'minerHashrate', true],
  ['power', 'power', true],
  ['unit_power', 'unitPower', true],
  [null, 'breakEven', true],
  ['profit', 'dailyProfit', true],
];

function rankValue(miner: CatalogueMiner, key: MinerRankingSortKey): number {
  switch (key) {
    case 'profit':
      return Number(miner.profit);
    case 'release_date':
      return miner.release_date ? Date.parse(`${miner.release_date}-01`) : Number.NEGATIVE_INFINITY;
    case 'hashrate':
      return miner.hashrate;
    case 'power':
      return miner.power;
    case 'unit_power':
      return miner.unit_power;
    default:
      return key satisfies never;
  }
}

/**
 * The unit of a machine's hashrate: its main coin's (Sol/s for Equihash), else H/s. From the
 * units table, not `COINS`, whose prose would be most of this widget's weight.
 */
function hashrateBaseUnit(miner: CatalogueMiner): string {
  const coin = miner.coins[0];
  return coin === undefined ? 'H/s' : COIN_HASHRATE_UNITS[coin];
}

/**
 * The profitability ranking of the miner catalogue: rank, model and vendor, release date,
 * hashrate, power, power per unit of hashrate, break-even electricity price and daily profit
 * (losses in the danger colour with their sign). Every numeric column ranks (`aria-sort`); by
 * default the most profitable machine comes first.
 */
export function MinerRanking({
  miners,
  sort,
  defaultSort = DEFAULT_SORT,
  onSortChange,
  manualSorting = false,
  onMinerOpen,
  firstRank = 1,
  title,
  labels,
  ...card
}: MinerRankingProps) {
  const { label, language } = useLabels(labels);
  const [current, setSort] = useControllableState({
    value: sort,
    defaultValue: defaultSort,
    onChange: onSortChange,
  });
  const caption = title ?? label('minerRanking');
  const sign = current.direction === 'ascending' ? 1 : -1;
  const rows = manualSorting
    ? miners
    : [...miners].sort(
        (a, b) => (rankValue(a, current.key) - rankValue(b, current.key)) * sign || 0,
      );

  return (
    <DataCard
      {...card}
      title={caption}
      empty={miners.length === 0}
      texts={stateTexts(label, 'rankingLoading', 'rankingError', 'rankingEmpty', 'retry')}
    >
      {() => (
        <div className={styles.scroller} {...scrollArea(caption)}>
          <table className={styles.table}>
            <caption className={widget.srOnly}>{caption}</caption>
            <thead>
              <tr>
                <th scope="col" className={cx(styles.head, styles.rank)}>
                  {label('rank')}
                </th>
                <th scope="col" className={cx(styles.head, styles.pinned)}>
                  {label('model')}
                </th>
                {COLUMNS.map(([key, text, numeric]) => {
                  const sorted =
                    key !== null && current.key === key ? current.direction : undefined;
                  return (
                    <th
                      key={text}
                      scope="col"
                      aria-sort={sorted}
                      className={cx(styles.head, numeric && styles.end)}
                    >
                      {key === null ? (
                        label(text)
                      ) : (
                        <button
                          type="button"
                          className={styles.sortButton}
                          onClick={() =>
                            setSort({
                              key,
                              direction: sorted === 'descending' ? 'ascending' : 'descending',
                            })
                          }
                        >
                          {label(text)}
                          <span aria-hidden="true">
                            {sorted === 'ascending' ? '↑' : sorted === 'descending' ? '↓' : '↕'}
                          </span>
                        </button>
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((miner, index) => {
                const symbol = currencySymbol(miner.currency);
                const losing = miner.profit.trim().startsWith('-');
                return (
                  <tr key={miner.id}>
                    <td className={cx(styles.cell, styles.rank)}>{firstRank + index}</td>
                    <th
                      scope="row"
                      className={cx(styles.cell, styles.pinned)}
                      title={`${miner.vendor} ${miner.model}`}
                    >
                      {onMinerOpen ? (
                        <button
                          type="button"
                          className={styles.openButton}
                          onClick={() => onMinerOpen(miner)}
                        >
                          {miner.model}
                        </button>
                      ) : (
                        <span className={styles.model}>{miner.model}</span>
                      )}
                      <span className={styles.vendor}>{miner.vendor}</span>
                    </th>
                    <td className={styles.cell}>{miner.release_date ?? '--'}</td>
                    <td className={cx(styles.cell, styles.end)}>
                      <HashrateValue value={miner.hashrate} baseUnit={hashrateBaseUnit(miner)} />
                    </td>
                    <td className={cx(styles.cell, styles.end)}>
                      {formatNumber(miner.power, language)}
                      <span className={widget.unit}>W</span>
                    </td>
                    <td className={cx(styles.cell, styles.end)}>
                      {miner.unit_power}
                      <span className={widget.unit}>{miner.unit_power_unit}</span>
                    </td>
                    <td className={cx(styles.cell, styles.end)}>
                      {symbol}
                      {formatDecimal(miner.break_even, 3, { rounding: 'half-up' })}
                      <span className={widget.unit}>/kWh</span>
                    </td>
                    <td className={cx(styles.cell, styles.end, losing && styles.loss)}>
                      {formatMoney(miner.profit, miner.currency)}
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
