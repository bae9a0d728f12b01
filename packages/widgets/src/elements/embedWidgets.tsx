import {
  type AddressMiningCoin,
  type CoinId,
  createApi,
  createHttpClient,
  endpoints,
  getCoin,
  type LiveSubscription,
  type SeriesInterval,
  subscribeLive,
} from '@poolkit/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { PagedBlockTable } from '../connected/ConnectedWidgets';
import { dataStatus, useLoad } from '../connected/usePoolApi';
import { useMiningT } from '../lib/useMiningT';
import { HalvingCountdown } from '../widgets/HalvingCountdown/HalvingCountdown';
import { HashrateChart, type HashrateRange } from '../widgets/HashrateChart/HashrateChart';
import { Luck } from '../widgets/Luck/Luck';
import { PoolStatsCard } from '../widgets/PoolStatsCard/PoolStatsCard';
import { WorkerTable } from '../widgets/WorkerTable/WorkerTable';

/**
 * The public reads the embeds use: a coin's pool (statistics, blocks, hashrate; the pool pages'
 * own calls) and an address's workers (address mining). The PoolKit server answers them to any
 * origin (`Access-Control-Allow-Origin: *`, no credentials), so a partner's page reads them
 * without a preflight.
 */
const EMBED_ENDPOINTS = {
  poolStats: endpoints.poolStats,
  poolBlocks: endpoints.poolBlocks,
  poolHashrates: endpoints.poolHashrates,
  addressMinerWorkers: endpoints.addressMinerWorkers,
};

/** What every embed needs: the coin and the pool's API base (`https://pool.example/api`). */
export interface EmbedProps {
  coin: CoinId;
  /** The pool's API base, e.g. `'https://pool.example/api'`. */
  baseUrl: string;
}

/** A client of {@link EMBED_ENDPOINTS} for `baseUrl`, without credentials or custom headers. */
function useEmbedApi(baseUrl: string) {
  const { language } = useMiningT();
  return useMemo(
    () =>
      createApi(
        createHttpClient({
          baseUrl,
          getLanguage: () => language,
          credentials: 'omit',
          noCacheHeaders: false,
        }),
        EMBED_ENDPOINTS,
      ),
    [baseUrl, language],
  );
}

/** One live stream per pool and coin, shared by every element of the page that shows them. */
const streams = new Map<string, { subscription: LiveSubscription; listeners: Set<() => void> }>();

/**
 * Calls `listener` whenever the pool's live stream (`GET {baseUrl}/live`, core's
 * `subscribeLive`) says the coin's pool rolled up or found a block, or, while the stream is
 * unavailable, once a minute. The elements of a page share one stream per pool and coin: the
 * server admits a few streams per visitor's address, and a page may hold six elements. Returns
 * the unsubscribe function; the stream closes with its last listener.
 */
export function followPool(baseUrl: string, coin: CoinId, listener: () => void) {
  const key = `${baseUrl} ${coin}`;
  let stream = streams.get(key);
  if (stream === undefined) {
    const listeners = new Set<() => void>();
    const subscription = subscribeLive(
      [`pool:${coin}`, `blocks:${coin}`],
      (notice) => {
        if (notice.type === 'ready') return;
        for (const each of [...listeners]) each();
      },
      { baseUrl },
    );
    stream = { subscription, listeners };
    streams.set(key, stream);
  }
  const current = stream;
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size > 0 || streams.get(key) !== current) return;
    streams.delete(key);
    current.subscription.close();
  };
}

/** Reloads on the pool's live updates ({@link followPool}). */
function usePoolLive({ coin, baseUrl }: EmbedProps, reload: () => void): void {
  useEffect(() => followPool(baseUrl, coin, reload), [baseUrl, coin, reload]);
}

/** The pool's statistics, reloaded when the pool rolls up or finds a block. */
function usePoolStats({ coin, baseUrl }: EmbedProps) {
  const api = useEmbedApi(baseUrl);
  const load = useCallback(() => api.poolStats({ params: { pool: coin } }), [api, coin]);
  const loaded = useLoad(load);
  usePoolLive({ coin, baseUrl }, loaded.reload);
  return loaded;
}

/** `<poolkit-pool-stats>`: the coin's pool figures. */
export function EmbedPoolStats(props: EmbedProps) {
  const loaded = usePoolStats(props);
  const { data } = loaded;
  return <PoolStatsCard coin={getCoin(props.coin)} stats={data} {...dataStatus(loaded)} />;
}

/** `<poolkit-halving-countdown>`: the next halving, counted from the pool's current height. */
export function EmbedHalvingCountdown(props: EmbedProps) {
  const loaded = usePoolStats(props);
  const { data } = loaded;
  return (
    <HalvingCountdown
      coin={getCoin(props.coin)}
      currentHeight={data?.block_height ?? 0}
      {...dataStatus(loaded)}
      loading={loaded.loading && data === undefined}
    />
  );
}

/** The step asked for per span: 10-minute points for a day, hourly beyond. */
const INTERVAL: Record<HashrateRange, SeriesInterval> = { '24h': '10m', '7d': '1h', '30d': '1h' };

/** `<poolkit-hashrate-chart>`: the pool's hashrate over `range`, which the chart's tabs change. */
export function EmbedHashrateChart({
  range: initial,
  ...props
}: EmbedProps & { range: HashrateRange }) {
  const { coin, baseUrl } = props;
  const api = useEmbedApi(baseUrl);
  const [range, setRange] = useState<HashrateRange>(initial);
  // A new `range` attribute wins over the tab the reader picked.
  useEffect(() => setRange(initial), [initial]);
  const load = useCallback(
    () =>
      api.poolHashrates({
        params: { pool: coin },
        query: { range, interval: INTERVAL[range] },
      }),
    [api, coin, range],
  );
  const loaded = useLoad(load);
  const { data } = loaded;
  usePoolLive(props, loaded.reload);
  return (
    <HashrateChart
      baseUnit={getCoin(coin).hashrateUnit}
      series={data ? [{ key: 'pool', kind: 'accepted', points: data.points }] : []}
      range={range}
      onRangeChange={setRange}
      {...dataStatus(loaded)}
    />
  );
}

/** Blocks per page of `<poolkit-blocks>` (spec section 9). */
const BLOCK_PAGE_SIZE = 10;

/** `<poolkit-blocks>`: the pool's blocks, a page at a time; new blocks arrive live on page 1. */
export function EmbedBlocks({ coin, baseUrl }: EmbedProps) {
  const api = useEmbedApi(baseUrl);
  const follow = useCallback(
    (reload: () => void) => followPool(baseUrl, coin, reload),
    [baseUrl, coin],
  );
  return <PagedBlockTable coin={coin} api={api} pageSize={BLOCK_PAGE_SIZE} follow={follow} />;
}

/** Blocks `<poolkit-luck>` draws and averages (the widget's default window). */
const LUCK_WINDOW = 30;

/** `<poolkit-luck>`: the luck of the pool's last blocks. */
export function EmbedLuck({ coin, baseUrl }: EmbedProps) {
  const api = useEmbedApi(baseUrl);
  const load = useCallback(
    () => api.poolBlocks({ params: { pool: coin }, query: { page: 1, page_size: LUCK_WINDOW } }),
    [api, coin],
  );
  const loaded = useLoad(load);
  const { data } = loaded;
  usePoolLive({ coin, baseUrl }, loaded.reload);
  return <Luck blocks={data?.list ?? []} window={LUCK_WINDOW} {...dataStatus(loaded)} />;
}

/** Workers `<poolkit-worker-table>` lists (the first page of the address page's list). */
const WORKER_PAGE_SIZE = 50;

/** `<poolkit-worker-table>`: the workers of a mining address (the `/mining` address look-up). */
export function EmbedWorkerTable({
  coin,
  baseUrl,
  address,
}: Omit<EmbedProps, 'coin'> & { coin: AddressMiningCoin; address: string }) {
  const api = useEmbedApi(baseUrl);
  const load = useCallback(
    () =>
      api.addressMinerWorkers({
        params: { coin, addr: address },
        query: { page: 1, page_size: WORKER_PAGE_SIZE },
      }),
    [api, coin, address],
  );
  const loaded = useLoad(load);
  const { data } = loaded;
  usePoolLive({ coin, baseUrl }, loaded.reload);
  return (
    <WorkerTable
      rows={data?.list ?? []}
      baseUnit={getCoin(coin).hashrateUnit}
      {...dataStatus(loaded)}
    />
  );
}
