import {
  type CoinListItem,
  type EndpointOutput,
  type Endpoints,
  halvingCountdown,
  type PoolInfo,
} from '@poolkit/core';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coinAmount, dateTime, hashrate } from '../../app/format';
import { HashrateCard, useNearViewport } from '../../app/sections';
import { useServices, useSessionState } from '../../app/servicesContext';
import {
  AppLink,
  Card,
  CardGrid,
  DataSection,
  DataTable,
  PageFrame,
  Stats,
  uiStyles,
} from '../../app/ui';
import { type ApiData, useApiData } from '../../app/useApiData';
import { coinHome, usePools } from '../../app/usePools';
import * as styles from './HomePage.css';

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function HalvingCard({ coin }: { coin: CoinListItem }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const halving = coin.halving;
  if (halving === null) return null;
  const estimatedAt = Date.parse(halving.estimated_at);
  const countdown = halvingCountdown({
    currentHeight:
      halving.next_height - Math.max(0, Math.round((estimatedAt - now) / 1000 / coin.block_time_s)),
    halvingIntervalBlocks: halving.interval_blocks,
    blockTimeSec: coin.block_time_s,
    nowMs: now,
  });
  const remaining = countdown?.remaining;
  return (
    <Card title={t('site.home.halvingOf', { coin: coin.symbol })}>
      <Stats
        items={[
          {
            label: t('site.home.halvingIn'),
            value: remaining
              ? t('site.home.countdown', {
                  days: remaining.days,
                  hours: remaining.hours,
                  minutes: remaining.minutes,
                  seconds: remaining.seconds,
                })
              : '--',
          },
          {
            label: t('site.home.halvingHeight'),
            value: halving.next_height.toLocaleString('en-US'),
          },
          { label: t('site.home.nextReward'), value: coinAmount(halving.next_reward, coin.coin) },
          { label: t('site.home.estimatedAt'), value: dateTime(halving.estimated_at) },
        ]}
      />
    </Card>
  );
}

function PoolChart({ pools }: { pools: readonly PoolInfo[] }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [selected, setSelected] = useState(pools[0]?.name ?? '');
  const series = useApiData(
    selected === ''
      ? null
      : async (signal) =>
          api.poolHashrates(
            { params: { pool: selected }, query: { interval: '1h', range: '24h' } },
            { signal },
          ),
    [selected],
  );
  return (
    <div>
      <div className={`${uiStyles.row} ${uiStyles.spacedBelow}`}>
        <label className={uiStyles.muted} htmlFor="home-chart-pool">
          {t('site.home.pool')}
        </label>
        <select
          id="home-chart-pool"
          className={uiStyles.input}
          value={selected}
          onChange={(event) => setSelected(event.target.value)}
        >
          {pools.map((pool) => (
            <option key={pool.name} value={pool.name}>
              {pool.label}
            </option>
          ))}
        </select>
      </div>
      <HashrateCard title={t('site.home.hashrateChart')} data={series} />
    </div>
  );
}

/** What a section shows before its data is wanted. */
const LOADING: ApiData<never> = { status: 'loading', data: undefined, reload: () => {} };

/** A page of the home page's coin table (`GET /pools/coin-pages`). */
type CoinPage = EndpointOutput<Endpoints['coinPages']>;

/**
 * The pool statistics table. Memoised, like {@link CoinInfoSection}: the page re-renders as each
 * of its requests answers, and these two tables (a row per coin) are its heaviest part.
 */
const PoolStatsSection = memo(function PoolStatsSection({
  data,
  expectedRows,
}: {
  data: ApiData<CoinPage>;
  expectedRows: number;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('site.home.poolStats')}>
      <DataSection
        skeletonLines={expectedRows}
        data={data}
        isEmpty={(page) => page.list.length === 0}
        emptyText={t('site.home.noCoins')}
      >
        {(page) => (
          <DataTable
            caption={t('site.home.poolStats')}
            rows={page.list}
            rowKey={(row) => row.coin}
            columns={[
              {
                key: 'coin',
                header: t('site.home.coin'),
                cell: (row) => (
                  <AppLink to={coinHome(row.coin)} className={uiStyles.link}>
                    {row.symbol} <span className={uiStyles.muted}>{row.name}</span>
                  </AppLink>
                ),
              },
              {
                key: 'algorithm',
                header: t('site.home.algorithm'),
                cell: (row) => row.algorithm,
              },
              {
                key: 'price',
                header: t('site.home.price'),
                cell: (row) => (row.price === null ? '--' : `$${row.price}`),
              },
              {
                key: 'pool',
                header: t('site.home.poolHashrate'),
                cell: (row) => hashrate(row.pool_hashrate),
              },
              {
                key: 'network',
                header: t('site.home.networkHashrate'),
                cell: (row) => hashrate(row.network_hashrate),
              },
              {
                key: 'miners',
                header: t('site.home.miners'),
                cell: (row) => row.miners.toLocaleString('en-US'),
              },
              {
                key: 'profit',
                header: t('site.home.dailyProfit'),
                cell: (row) =>
                  `${coinAmount(row.daily_profit, row.coin)} / ${hashrate(row.profit_unit_hashrate)}`,
              },
              {
                key: 'payout',
                header: t('site.home.payout'),
                cell: (row) => row.payout_models.join(', '),
              },
            ]}
          />
        )}
      </DataSection>
    </Card>
  );
});

/**
 * Coin facts and the halving countdowns. Far below the first screen, so they render (a table
 * row per coin, a ticking card per halving) only when the reader scrolls near them.
 */
const CoinInfoSection = memo(function CoinInfoSection({
  data,
  expectedRows,
}: {
  data: ApiData<readonly CoinListItem[]>;
  expectedRows: number;
}) {
  const { t } = useTranslation();
  const [ref, near] = useNearViewport();
  return (
    <div ref={ref}>
      <h2 className={styles.sectionTitle}>{t('site.home.coinInfo')}</h2>
      <DataSection
        skeletonLines={expectedRows}
        data={near ? data : LOADING}
        isEmpty={(list) => list.length === 0}
        emptyText={t('site.home.noCoins')}
      >
        {(list) => (
          <>
            <Card>
              <DataTable
                caption={t('site.home.coinInfo')}
                rows={list}
                rowKey={(coin) => coin.coin}
                columns={[
                  {
                    key: 'coin',
                    header: t('site.home.coin'),
                    cell: (coin) => (
                      <AppLink to={coinHome(coin.coin)} className={uiStyles.link}>
                        {coin.symbol} <span className={uiStyles.muted}>{coin.name}</span>
                      </AppLink>
                    ),
                  },
                  {
                    key: 'algorithm',
                    header: t('site.home.algorithm'),
                    cell: (coin) => coin.algorithm,
                  },
                  {
                    key: 'blockTime',
                    header: t('site.home.blockTime'),
                    cell: (coin) => t('site.home.seconds', { count: coin.block_time_s }),
                  },
                  {
                    key: 'reward',
                    header: t('site.home.blockReward'),
                    cell: (coin) => coinAmount(coin.block_reward, coin.coin),
                  },
                  {
                    key: 'price',
                    header: t('site.home.price'),
                    cell: (coin) => (coin.price === null ? '--' : `$${coin.price}`),
                  },
                ]}
              />
            </Card>
            <h2 className={styles.sectionTitle}>{t('site.home.halvings')}</h2>
            {list.some((coin) => coin.halving !== null) ? (
              <CardGrid>
                {list.map((coin) => (
                  <HalvingCard key={coin.coin} coin={coin} />
                ))}
              </CardGrid>
            ) : (
              <Card>
                <p className={uiStyles.muted}>{t('site.home.noHalvings')}</p>
              </Card>
            )}
          </>
        )}
      </DataSection>
    </div>
  );
});

/** Home: pool statistics per coin, the hashrate chart, coin facts, halvings and news. */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { loggedIn } = useSessionState();
  const pools = usePools();
  const coinPages = useApiData(
    async (signal) => api.coinPages({ query: { page: 1, page_size: 50 } }, { signal }),
    [],
  );
  const coins = useApiData(async (signal) => (await api.coins({}, { signal })).list, []);
  const announcements = useApiData(
    async (signal) => (await api.announcements({}, { signal })).list,
    [],
  );
  const sliders = useApiData(async (signal) => (await api.sliders({}, { signal })).list, [], {
    silent: true,
  });
  const ads = useApiData(async (signal) => (await api.advertisements({}, { signal })).list, [], {
    silent: true,
  });
  const blogroll = useApiData(async (signal) => (await api.blogroll({}, { signal })).list, [], {
    silent: true,
  });
  // One skeleton line per expected table row (a row and a line are about the same height): the
  // pool list usually arrives first and gives the count, so the cards below keep their place
  // when a table fills in.
  const expectedRows = pools.status === 'ready' ? pools.data.length + 1 : 12;

  return (
    <PageFrame title={t('site.home.title')} subtitle={t('site.home.subtitle')}>
      <div className={styles.hero}>
        <p className={styles.heroText}>{t('site.home.heroText')}</p>
        <div className={uiStyles.row}>
          <AppLink to={loggedIn ? '/user/mining' : '/register/email'} className={styles.primaryCta}>
            {loggedIn ? t('site.nav.myMining') : t('site.home.startMining')}
          </AppLink>
          <AppLink to="/mining/kas/dashboard" className={styles.secondaryCta}>
            {t('site.home.addressMining')}
          </AppLink>
        </div>
      </div>

      {sliders.status === 'ready' && sliders.data.length > 0 ? (
        <div className={styles.slides}>
          {sliders.data.map((slide) => (
            <a
              key={String(slide.id)}
              href={slide.link_url ?? '#'}
              className={styles.slide}
              rel="noopener noreferrer"
            >
              <img src={slide.image_url} alt={slide.title} loading="lazy" />
            </a>
          ))}
        </div>
      ) : null}

      <Card title={t('site.home.announcements')}>
        {/* Four skeleton lines: about the height of the empty state, so the cards below stay put. */}
        <DataSection
          skeletonLines={4}
          data={announcements}
          isEmpty={(list) => list.length === 0}
          emptyText={t('site.home.noAnnouncements')}
        >
          {(list) => (
            <ul className={styles.newsList}>
              {list.map((item) => (
                <li key={String(item.id)}>
                  {item.url ? (
                    <a href={item.url} className={uiStyles.link} rel="noopener noreferrer">
                      {item.title}
                    </a>
                  ) : (
                    item.title
                  )}{' '}
                  <span className={uiStyles.muted}>{dateTime(item.published_at).slice(0, 10)}</span>
                </li>
              ))}
            </ul>
          )}
        </DataSection>
      </Card>

      <PoolStatsSection data={coinPages} expectedRows={expectedRows} />

      <DataSection
        data={pools}
        isEmpty={(list) => list.length === 0}
        emptyText={t('site.home.noPools')}
      >
        {(list) => <PoolChart pools={list} />}
      </DataSection>

      <CoinInfoSection data={coins} expectedRows={expectedRows} />

      {ads.status === 'ready' && ads.data.length > 0 ? (
        <div className={styles.slides}>
          {ads.data.map((ad) => (
            <a
              key={String(ad.id)}
              href={ad.link_url ?? '#'}
              className={styles.slide}
              rel="noopener noreferrer"
            >
              <img src={ad.image_url} alt={ad.title} loading="lazy" />
            </a>
          ))}
        </div>
      ) : null}

      <Card title={t('site.home.blogroll')}>
        <DataSection
          data={blogroll}
          isEmpty={(list) => list.length === 0}
          emptyText={t('site.home.noBlogroll')}
        >
          {(list) => (
            <div className={uiStyles.row}>
              {list.map((link) => (
                <a
                  key={link.url}
                  href={link.url}
                  className={uiStyles.link}
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  {link.title}
                </a>
              ))}
            </div>
          )}
        </DataSection>
      </Card>
    </PageFrame>
  );
}
