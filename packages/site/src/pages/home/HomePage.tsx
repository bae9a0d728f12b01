import type { EndpointOutput } from '@poolkit/core/client';
import { FIRST_SLIDE_PICTURE_PATH } from '@poolkit/core/constants';
import type { Announcement, CoinListItem, Endpoints } from '@poolkit/core/contract';
import { lazy, memo, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveVersion } from '../../app/live';
import { useServices, useSessionState } from '../../app/servicesContext';
import {
  AppLink,
  Card,
  ContentLink,
  DataSection,
  PageFrame,
  Skeleton,
  uiStyles,
} from '../../app/ui';
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

/**
 * Links of the site content, given to the island's widgets: paths of the site open in the app.
 * Passed from here so the island's chunk imports nothing of the app's main chunk.
 */
function renderContentLink({
  href,
  className,
  children,
}: {
  href: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <ContentLink href={href} className={className}>
      {children}
    </ContentLink>
  );
}

/** The announcement bar and the carousel: their own chunk, with their widgets. */
type HomeContentModule = typeof import('./homeContent');

/** Runs `task` when the browser is idle (at the latest after 2 s), or soon without the API. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

/**
 * The home page's site content island: the announcement bar and the carousel of slides. Their
 * widgets come in a chunk of their own (`homeContent.tsx`), loaded once the island is near the
 * viewport and the browser is idle, so the first screen's JavaScript does not grow. They render
 * once their data is in, which comes through the API client, and the client loads the rest of
 * the reader's messages (their labels) before it answers (`services.ts`). Until then a
 * placeholder of their size holds their place, the carousel's showing its first picture.
 */
const ContentIsland = memo(function ContentIsland({
  announcements,
  slides,
  label,
}: {
  announcements: ApiData<readonly Announcement[]>;
  slides: ApiData<readonly Picture[]>;
  label: string;
}) {
  const [ref, near] = useNearViewport();
  const [loaded, setLoaded] = useState<HomeContentModule | null>(null);
  useEffect(() => {
    if (!near || loaded !== null) return;
    let live = true;
    const cancel = whenIdle(() => {
      void import('./homeContent').then((module) => {
        if (live) setLoaded(module);
      });
    });
    return () => {
      live = false;
      cancel();
    };
  }, [near, loaded]);
  const barList = announcements.status === 'ready' ? announcements.data : null;
  const slideList = slides.status === 'ready' ? slides.data : null;
  return (
    <div ref={ref} className={styles.island}>
      {loaded === null || barList === null ? (
        barList?.length === 0 ? null : (
          <div className={styles.barPlaceholder} aria-hidden="true" />
        )
      ) : (
        <loaded.HomeAnnouncementBar list={barList} renderLink={renderContentLink} />
      )}
      {loaded === null || slideList === null ? (
        slideList?.length === 0 ? null : (
          // The first slide's picture (the server redirects to it) in the box the carousel
          // shows it in: in the prerendered HTML, it paints without waiting for any script.
          <div className={styles.sliderPlaceholder} aria-hidden="true">
            <div className={styles.sliderPosterFrame}>
              <img
                className={styles.sliderPoster}
                src={FIRST_SLIDE_PICTURE_PATH}
                alt=""
                width={1200}
                height={400}
                fetchPriority="high"
              />
            </div>
          </div>
        )
      ) : (
        <loaded.HomeSlider list={slideList} label={label} renderLink={renderContentLink} />
      )}
    </div>
  );
});

/** What a section shows before its data is wanted. */
const LOADING: ApiData<never> = { status: 'loading', data: undefined, reload: () => {} };

/** A page of the home page's coin table (`GET /pools/coin-pages`). */
type CoinPage = EndpointOutput<Endpoints['coinPages']>;

/** A slide or an advertisement: a picture with a caption, maybe a link. */
type Picture = Pick<
  EndpointOutput<Endpoints['sliders']>['list'][number],
  'id' | 'title' | 'image_url' | 'link_url'
>;

/** The advertisement slot the home page shows. */
const HOME_AD_SLOT = 'home_banner';

/**
 * A row of captioned pictures (the slides, or the home page's ads), one picture high whatever
 * their number, scrolling sideways when they do not fit. While they load, a placeholder of the
 * same height holds their place, so the page below does not move when they arrive.
 */
const PictureStrip = memo(function PictureStrip({
  data,
  label,
}: {
  data: ApiData<readonly Picture[]>;
  label: string;
}) {
  if (data.status === 'loading') {
    return (
      <div className={styles.slides} aria-hidden="true">
        <div className={`${styles.slide} ${styles.slidePlaceholder}`}>
          <div className={styles.slideImage} />
          <span className={styles.slideCaption}>{'\u00a0'}</span>
        </div>
      </div>
    );
  }
  if (data.status !== 'ready' || data.data.length === 0) return null;
  return (
    <ul className={styles.slides} aria-label={label}>
      {data.data.map((picture) => {
        // The caption says what the picture shows, so the picture itself is decorative.
        const body = (
          <>
            <img
              className={styles.slideImage}
              src={picture.image_url}
              alt=""
              width={1200}
              height={400}
              loading="lazy"
            />
            <span className={styles.slideCaption}>{picture.title}</span>
          </>
        );
        return (
          <li key={picture.id} className={styles.slide}>
            {picture.link_url === null ? (
              body
            ) : (
              <ContentLink href={picture.link_url} className={styles.slideLink}>
                {body}
              </ContentLink>
            )}
          </li>
        );
      })}
    </ul>
  );
});

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
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const { loggedIn } = useSessionState();
  const pools = usePools();
  // Fetched beside the data, not after it.
  useEffect(() => {
    void loadHomeData();
  }, []);
  // Live: the table is read again after each roll-up (one stream, loaded after the first render).
  const rolledUp = useLiveVersion(
    pools.status === 'ready'
      ? pools.data.slice(0, 32).map((pool) => `pool:${pool.name}` as const)
      : null,
  );
  const coinPages = useApiData(
    async (signal) => api.coinPages({ query: { page: 1, page_size: 50 } }, { signal }),
    [],
    { refresh: rolledUp },
  );
  const coins = useApiData(async (signal) => (await api.coins({}, { signal })).list, []);
  // Texts of the site content come in the reader's language: asked again when it changes.
  const announcements = useApiData(
    async (signal) => (await api.announcements({}, { signal })).list,
    [i18n.language],
  );
  const sliders = useApiData(
    async (signal) => (await api.sliders({}, { signal })).list,
    [i18n.language],
    { silent: true },
  );
  const ads = useApiData(
    async (signal) =>
      (await api.advertisements({ query: { position: HOME_AD_SLOT } }, { signal })).list,
    [i18n.language],
    { silent: true },
  );
  const blogroll = useApiData(
    async (signal) => (await api.blogroll({}, { signal })).list,
    [i18n.language],
    { silent: true },
  );
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

      <ContentIsland announcements={announcements} slides={sliders} label={t('site.home.slides')} />

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

      <PictureStrip data={ads} label={t('site.home.ads')} />

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
