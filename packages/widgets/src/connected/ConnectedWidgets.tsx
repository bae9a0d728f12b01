import { type CoinId, getCoin, type SeriesInterval } from '@poolkit/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Pagination } from '../components/Pagination/Pagination';
import { BlockTable, type BlockTableProps } from '../widgets/BlockTable/BlockTable';
import {
  HashrateChart,
  type HashrateChartProps,
  type HashrateRange,
} from '../widgets/HashrateChart/HashrateChart';
import { PoolStatsCard, type PoolStatsCardProps } from '../widgets/PoolStatsCard/PoolStatsCard';
import {
  dataStatus,
  followTopics,
  type PoolApiOptions,
  useLiveReload,
  useLoad,
  usePoolApi,
} from './usePoolApi';

/** What every connected widget needs: the coin's pool and where its API is. */
export interface ConnectedProps extends PoolApiOptions {
  /** The coin whose pool to show (the pool is named after it), e.g. `'kas'`. */
  coin: CoinId;
  /** Reloads this often, in ms; `0` never. Default `60000`. Ignored when `live`. */
  refreshMs?: number;
  /**
   * Follow the pool's live updates (Server-Sent Events, `GET {baseUrl}/live`): the figures
   * reload as soon as the pool rolls up or finds a block, instead of every `refreshMs`; when the
   * stream is unavailable they reload once a minute. Default `false`.
   */
  live?: boolean;
}

/** Props of {@link ConnectedPoolStatsCard}: the card's own props, less the data. */
export type ConnectedPoolStatsCardProps = ConnectedProps &
  Omit<PoolStatsCardProps, 'stats' | 'coin' | 'loading' | 'error' | 'onRetry'>;

/**
 * {@link PoolStatsCard} for a coin, fed by the pool's public API (`GET /pools/{pool}/stats`)
 * through core's client, refreshed every minute. For partners who embed a pool's figures.
 */
export function ConnectedPoolStatsCard({
  coin,
  baseUrl,
  fetch,
  refreshMs = 60_000,
  live = false,
  ...props
}: ConnectedPoolStatsCardProps) {
  const api = usePoolApi({ baseUrl, fetch });
  const load = useCallback(() => api.poolStats({ params: { pool: coin } }), [api, coin]);
  const loaded = useLoad(load, live ? 0 : refreshMs);
  const { data } = loaded;
  useLiveReload(live ? [`pool:${coin}`, `blocks:${coin}`] : null, baseUrl, loaded.reload);
  return <PoolStatsCard {...props} coin={getCoin(coin)} stats={data} {...dataStatus(loaded)} />;
}

/** Props of {@link ConnectedHashrateChart}: the chart's own props, less the data. */
export type ConnectedHashrateChartProps = ConnectedProps &
  Omit<
    HashrateChartProps,
    'series' | 'range' | 'onRangeChange' | 'loading' | 'error' | 'onRetry' | 'baseUnit'
  >;

/** The step the API is asked for per span: 10-minute points for a day, hourly beyond. */
const INTERVAL: Record<HashrateRange, SeriesInterval> = { '24h': '10m', '7d': '1h', '30d': '1h' };

/**
 * {@link HashrateChart} of a coin's pool, fed by `GET /pools/{pool}/hashrates` for the span
 * the user picks, refreshed every minute.
 */
export function ConnectedHashrateChart({
  coin,
  baseUrl,
  fetch,
  refreshMs = 60_000,
  live = false,
  defaultRange = '24h',
  ...props
}: ConnectedHashrateChartProps) {
  const api = usePoolApi({ baseUrl, fetch });
  const [range, setRange] = useState<HashrateRange>(defaultRange);
  const load = useCallback(
    () =>
      api.poolHashrates({ params: { pool: coin }, query: { range, interval: INTERVAL[range] } }),
    [api, coin, range],
  );
  const loaded = useLoad(load, live ? 0 : refreshMs);
  const { data } = loaded;
  useLiveReload(live ? [`pool:${coin}`] : null, baseUrl, loaded.reload);
  return (
    <HashrateChart
      {...props}
      baseUnit={getCoin(coin).hashrateUnit}
      series={data ? [{ key: 'pool', kind: 'accepted', points: data.points }] : []}
      range={range}
      onRangeChange={setRange}
      {...dataStatus(loaded)}
    />
  );
}

/** Props of {@link PagedBlockTable}. */
export type PagedBlockTableProps = Omit<
  BlockTableProps,
  'blocks' | 'coin' | 'loading' | 'error' | 'onRetry' | 'footer'
> & {
  /** The coin whose pool's blocks to show. */
  coin: CoinId;
  /** A client of `GET /pools/{pool}/blocks` (the connected widgets' or the embeds'). */
  api: Pick<ReturnType<typeof usePoolApi>, 'poolBlocks'>;
  /** Blocks per page. */
  pageSize: number;
  /** Reloads the first page this often, in ms; `0` never. Default `0`. */
  refreshMs?: number;
  /** Calls its argument on the pool's live updates while on page 1; returns the unsubscribe. */
  follow?: (reload: () => void) => () => void;
};

/**
 * {@link BlockTable} of a coin's pool, a page at a time (`GET /pools/{pool}/blocks`), with the
 * base `Pagination` under it: the paged block table of {@link ConnectedBlockTable} and of the
 * `<poolkit-blocks>` element.
 */
export function PagedBlockTable({
  coin,
  api,
  pageSize,
  refreshMs = 0,
  follow,
  ...props
}: PagedBlockTableProps) {
  const [page, setPage] = useState(1);
  const load = useCallback(
    () => api.poolBlocks({ params: { pool: coin }, query: { page, page_size: pageSize } }),
    [api, coin, page, pageSize],
  );
  const loaded = useLoad(load, page === 1 ? refreshMs : 0);
  const { data } = loaded;
  // New blocks and confirmations matter on the first page only.
  useEffect(
    () => (follow && page === 1 ? follow(loaded.reload) : undefined),
    [follow, page, loaded.reload],
  );
  return (
    <BlockTable
      {...props}
      coin={getCoin(coin)}
      blocks={data?.list ?? []}
      {...dataStatus(loaded)}
      footer={
        data && data.total > pageSize ? (
          <Pagination
            total={data.total}
            page={page}
            pageSize={pageSize}
            onPageChange={setPage}
            showJumper={false}
          />
        ) : null
      }
    />
  );
}

/** Props of {@link ConnectedBlockTable}: the table's own props, less the data. */
export type ConnectedBlockTableProps = ConnectedProps &
  Omit<BlockTableProps, 'blocks' | 'coin' | 'loading' | 'error' | 'onRetry' | 'footer'> & {
    /** Blocks per page. Default `10` (spec section 9). */
    pageSize?: number;
  };

/**
 * {@link BlockTable} of a coin's pool, a page at a time (`GET /pools/{pool}/blocks`), with the
 * base `Pagination` under it; the first page refreshes every minute.
 */
export function ConnectedBlockTable({
  coin,
  baseUrl,
  fetch,
  refreshMs = 60_000,
  live = false,
  pageSize = 10,
  ...props
}: ConnectedBlockTableProps) {
  const api = usePoolApi({ baseUrl, fetch });
  const follow = useMemo(
    () =>
      live
        ? (reload: () => void) => followTopics([`blocks:${coin}`, `pool:${coin}`], baseUrl, reload)
        : undefined,
    [live, coin, baseUrl],
  );
  return (
    <PagedBlockTable
      {...props}
      coin={coin}
      api={api}
      pageSize={pageSize}
      refreshMs={live ? 0 : refreshMs}
      follow={follow}
    />
  );
}
