import type {
  HashratePoint,
  PoolBlock,
  PoolInfo,
  SeriesInterval,
  SeriesRange,
} from '@poolkit/core/contract';
import { Button } from '@poolkit/widgets';
import type { HashrateRange } from '@poolkit/widgets/HashrateChart';
import type { TFunction } from 'i18next';
import { type ComponentProps, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coinMoney, count, dateTime, hashrate, hashrateUnit, percentText, ratio } from './format';
import { Card, DataSection, DataTable, Skeleton, Stats, uiStyles } from './ui';
import type { ApiData } from './useApiData';
import { useNearViewport } from './useNearViewport';

/** The columns of a {@link DataTable} over `Row`. */
export type TableColumns<Row> = ComponentProps<typeof DataTable<Row>>['columns'];

/** A card of label/value figures from one request, in its loading, empty and error states. */
export function StatsCard<T>({
  title,
  data,
  items,
}: {
  title: string;
  data: ApiData<T>;
  items: (value: T) => readonly { label: string; value: ReactNode; wide?: boolean }[];
}) {
  return (
    <Card title={title}>
      {/* About the height of two columns of figures on a phone, so the page shifts little. */}
      <DataSection data={data} skeletonLines={7}>
        {(value) => <Stats items={items(value)} />}
      </DataSection>
    </Card>
  );
}

/**
 * A card with a table of a list request (`{ list }`), in its loading, empty and error states;
 * `footer` renders under the table (a pager). `title` heads the card and names the table;
 * with `hideTitle` it only names the table, for a page whose own heading already says it.
 */
export function TableCard<T extends { list: readonly unknown[] }>({
  title,
  hideTitle = false,
  data,
  emptyText,
  rowKey,
  columns,
  footer,
}: {
  title: string;
  /** Leaves the card without a visible heading (the table keeps `title` as its caption). */
  hideTitle?: boolean;
  data: ApiData<T>;
  emptyText?: string;
  rowKey: (row: T['list'][number], index: number) => string;
  columns: TableColumns<T['list'][number]>;
  footer?: (value: T) => ReactNode;
}) {
  return (
    <Card {...(hideTitle ? {} : { title })}>
      <DataSection
        data={data}
        isEmpty={(value) => value.list.length === 0}
        emptyText={emptyText}
        skeletonLines={6}
      >
        {(value) => (
          <>
            <DataTable caption={title} rows={value.list} rowKey={rowKey} columns={columns} />
            {footer?.(value)}
          </>
        )}
      </DataSection>
    </Card>
  );
}

/**
 * The `footer` of a paged {@link TableCard}: a {@link Pager} over the answer's `page_size` and
 * `total`.
 */
export function pagerFooter(page: number, onPageChange: (page: number) => void) {
  return (value: { page_size: number; total: number }) => (
    <Pager page={page} pageSize={value.page_size} total={value.total} onPageChange={onPageChange} />
  );
}

/** Previous / next buttons of a paged list, with "page x of y" when `showCount`. */
export function Pager({
  page,
  pageSize,
  total,
  onPageChange,
  showCount = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Shows "page x of y" between the buttons. Default `false`. */
  showCount?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={`${uiStyles.row} ${uiStyles.rowEnd}`}>
      <Button
        variant="secondary"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        {t('site.common.previous')}
      </Button>
      {showCount ? (
        <span className={uiStyles.muted}>
          {t('site.common.pageOf', { page, pages: Math.max(1, Math.ceil(total / pageSize)) })}
        </span>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        disabled={page * pageSize >= total}
        onClick={() => onPageChange(page + 1)}
      >
        {t('site.common.next')}
      </Button>
    </div>
  );
}

// The chart (visx) is the heaviest part of a page: it loads in its own chunk after first paint.
const HashrateChart = lazy(() =>
  import('@poolkit/widgets/HashrateChart').then((module) => ({ default: module.HashrateChart })),
);

/** The series step of each span the chart offers: about 150 to 720 points. */
const RANGE_INTERVALS: Readonly<Record<HashrateRange, SeriesInterval>> = {
  '24h': '10m',
  '7d': '1h',
  '30d': '1h',
};

/**
 * The span a page's hashrate chart shows (24 h at first) and the series query for it: pass
 * `query` to the series request (with `range` among its dependencies) and `range`/`setRange`
 * to {@link HashrateCard}, so the 24 h / 7 d / 30 d switch loads that span.
 */
export function useSeriesRange(): {
  range: HashrateRange;
  setRange: (range: HashrateRange) => void;
  query: { interval: SeriesInterval; range: SeriesRange };
} {
  const [range, setRange] = useState<HashrateRange>('24h');
  return { range, setRange, query: { interval: RANGE_INTERVALS[range], range } };
}

/**
 * The widgets' HashrateChart over one series request, loaded lazily: a placeholder of the
 * chart's height until the card nears the viewport and the chart's chunk arrives (so a chart
 * below the fold does not compete with the first paint), then the chart's own loading, empty and
 * error (with retry) states.
 */
export function HashrateCard({
  title,
  coin,
  data,
  seriesLabel,
  toolbar,
  span,
}: {
  title: string;
  /** The coin whose unit the axis and tooltip use (`Sol/s` for Zcash). */
  coin: string;
  data: ApiData<{ points: readonly HashratePoint[] }>;
  /** The legend name of the series. Default: the widget's "accepted". */
  seriesLabel?: string;
  /** Controls in the chart card's header (the home page's pool picker). Default none. */
  toolbar?: ReactNode;
  /** The span shown, which the range switch sets ({@link useSeriesRange}). Default: no switch. */
  span?: { range: HashrateRange; setRange: (range: HashrateRange) => void };
}) {
  const { t } = useTranslation();
  const [ref, near] = useNearViewport();
  const points = data.status === 'ready' ? data.data.points : [];
  // Before the card nears the viewport nothing loads, so it announces no loading state.
  const placeholder = (loading: boolean) => (
    <Card title={title} className={uiStyles.chartPlaceholder}>
      {loading ? <Skeleton /> : null}
    </Card>
  );
  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={placeholder(true)}>
          <HashrateChart
            className={uiStyles.chartCard}
            title={title}
            headingLevel={2}
            toolbar={toolbar}
            {...(span === undefined ? {} : { range: span.range, onRangeChange: span.setRange })}
            baseUnit={hashrateUnit(coin)}
            series={[
              {
                key: 'hashrate',
                kind: 'accepted',
                points,
                ...(seriesLabel === undefined ? {} : { label: seriesLabel }),
              },
            ]}
            loading={data.status === 'loading'}
            error={data.status === 'error' ? true : undefined}
            onRetry={data.reload}
            labels={{ chartEmpty: t('site.common.noChartData') }}
          />
        </Suspense>
      ) : (
        placeholder(false)
      )}
    </div>
  );
}

/** The block columns shared by the pool statistics pages. */
export function blockColumns(t: TFunction, coin: string): TableColumns<PoolBlock> {
  return [
    { key: 'height', header: t('site.mining.height'), cell: (row) => count(row.height) },
    { key: 'time', header: t('site.mining.time'), cell: (row) => dateTime(row.time) },
    // A block's reward is money the pool earned: every satoshi of it, with its unit.
    { key: 'reward', header: t('site.mining.reward'), cell: (row) => coinMoney(row.reward, coin) },
    { key: 'luck', header: t('site.mining.luck'), cell: (row) => ratio(row.luck) },
    {
      key: 'status',
      header: t('site.mining.status'),
      cell: (row) => t(`site.mining.block.${row.status}`),
    },
  ];
}

/** A pool's facts: algorithm, payout models, fees, minimum payout and stratum endpoints. */
export function PoolFactsCard({
  pool,
  soloFee = false,
}: {
  pool: PoolInfo;
  /** Shows the solo mining fee too. Default `false`. */
  soloFee?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card title={pool.label}>
      <Stats
        items={[
          { label: t('site.home.algorithm'), value: pool.algorithm },
          { label: t('site.home.payout'), value: pool.payout_models.join(', ') },
          { label: t('site.mining.fee'), value: percentText(pool.fee_percent) },
          ...(soloFee
            ? [{ label: t('site.pool.soloFee'), value: percentText(pool.solo_fee_percent) }]
            : []),
          { label: t('site.mining.minPayout'), value: coinMoney(pool.min_payout, pool.coin) },
        ]}
      />
      <h3 className={uiStyles.label}>{t('site.mining.stratum')}</h3>
      <ul>
        {pool.stratum.map((endpoint) => (
          <li key={endpoint.url}>
            <span className={uiStyles.muted}>{endpoint.region}</span> <code>{endpoint.url}</code>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** What every pool statistics card shows first. */
interface PoolFigures {
  coin: string;
  pool_hashrate: number;
  network_hashrate: number;
  miners: number;
  workers: number;
  block_height: number;
}

/**
 * A pool's statistics card: the figures every pool page shows (hashrates, miners, workers,
 * height), then `more`, the page's own.
 */
export function PoolStatsCard<T extends PoolFigures>({
  data,
  more,
}: {
  data: ApiData<T>;
  more: (value: T) => readonly { label: string; value: ReactNode }[];
}) {
  const { t } = useTranslation();
  return (
    <StatsCard
      title={t('site.mining.poolStats')}
      data={data}
      items={(value) => [
        { label: t('site.home.poolHashrate'), value: hashrate(value.pool_hashrate, value.coin) },
        {
          label: t('site.home.networkHashrate'),
          value: hashrate(value.network_hashrate, value.coin),
        },
        { label: t('site.home.miners'), value: count(value.miners) },
        { label: t('site.mining.workers'), value: count(value.workers) },
        { label: t('site.mining.blockHeight'), value: count(value.block_height) },
        ...more(value),
      ]}
    />
  );
}

/**
 * The earnings every account page of a pool starts with: the balance, today's estimate and
 * yesterday's profit, as money in the pool's coin (`0.05247299 BTC`: the coin's precision and
 * unit, see {@link coinMoney}).
 */
export function earningFigures(
  t: TFunction,
  value: { balance: string; today_estimated: string; yesterday_profit: string },
  coin: string,
): { label: string; value: ReactNode }[] {
  return [
    { label: t('site.mining.balance'), value: coinMoney(value.balance, coin) },
    { label: t('site.mining.todayEstimated'), value: coinMoney(value.today_estimated, coin) },
    { label: t('site.mining.yesterdayProfit'), value: coinMoney(value.yesterday_profit, coin) },
  ];
}

/** The daily profit columns shared by address mining and the account's income: date, hashrate, amount. */
export function profitColumns(
  t: TFunction,
  coin: string,
): TableColumns<{ date: string; hashrate: number; amount: string }> {
  return [
    { key: 'date', header: t('site.mining.date'), cell: (row) => row.date },
    {
      key: 'hashrate',
      header: t('site.mining.hashrate'),
      cell: (row) => hashrate(row.hashrate, coin),
    },
    // Income the user received: the coin's precision and unit, like every other coin amount.
    { key: 'amount', header: t('site.mining.amount'), cell: (row) => coinMoney(row.amount, coin) },
  ];
}
