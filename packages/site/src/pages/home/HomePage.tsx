import type { CoinListItem, EndpointOutput, Endpoints } from '@poolkit/core';
import { lazy, memo, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices, useSessionState } from '../../app/servicesContext';
import { AppLink, Card, DataSection, PageFrame, Skeleton, uiStyles } from '../../app/ui';
import { type ApiData, useApiData } from '../../app/useApiData';
import { useNearViewport } from '../../app/useNearViewport';
import { usePools } from '../../app/usePools';
import * as styles from './HomePage.css';

// The parts that show loaded data come with the data (see `homeData.tsx`): the page is usable,
// and hydrates, without them.
const loadHomeData = () => import('./homeData');
const PoolStatsTable = lazy(() =>
  loadHomeData().then((module) => ({ default: module.PoolStatsTable })),
);
const CoinFacts = lazy(() => loadHomeData().then((module) => ({ default: module.CoinFacts })));
const AnnouncementList = lazy(() =>
  loadHomeData().then((module) => ({ default: module.AnnouncementList })),
);
const PoolChart = lazy(() => loadHomeData().then((module) => ({ default: module.PoolChart })));

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
          <Suspense fallback={<Skeleton lines={expectedRows} />}>
            <PoolStatsTable list={page.list} />
          </Suspense>
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
          <Suspense fallback={<Skeleton lines={expectedRows} />}>
            <CoinFacts list={list} />
          </Suspense>
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
  // Fetched beside the data, not after it.
  useEffect(() => {
    void loadHomeData();
  }, []);
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
            <Suspense fallback={<Skeleton lines={4} />}>
              <AnnouncementList list={list} />
            </Suspense>
          )}
        </DataSection>
      </Card>

      <PoolStatsSection data={coinPages} expectedRows={expectedRows} />

      <DataSection
        data={pools}
        isEmpty={(list) => list.length === 0}
        emptyText={t('site.home.noPools')}
      >
        {(list) => (
          <Suspense fallback={<div className={uiStyles.chartPlaceholder} />}>
            <PoolChart pools={list} />
          </Suspense>
        )}
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
