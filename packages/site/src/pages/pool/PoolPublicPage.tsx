import { useTranslation } from 'react-i18next';
import { count, ratio } from '../../app/format';
import { useLiveVersion } from '../../app/live';
import { useParams } from '../../app/nav';
import {
  blockColumns,
  HashrateCard,
  PoolFactsCard,
  PoolStatsCard,
  TableCard,
  useSeriesRange,
} from '../../app/sections';
import { useServices, useSessionState } from '../../app/servicesContext';
import { AppLink, DataSection, EmptyState, PageFrame, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { poolForType, usePools } from '../../app/usePools';
import { useRouteName } from '../../app/useRouteName';

function PoolStatistics({ pool, coin }: { pool: string; coin: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  // Live: the statistics and chart after each roll-up, the blocks as the pool finds them.
  const rolledUp = useLiveVersion([`pool:${pool}`]);
  const found = useLiveVersion([`blocks:${pool}`]);
  const stats = useApiData(
    async (signal) => api.poolStats({ params: { pool } }, { signal }),
    [pool],
    { refresh: rolledUp + found },
  );
  const span = useSeriesRange();
  const series = useApiData(
    async (signal) => api.poolHashrates({ params: { pool }, query: span.query }, { signal }),
    [pool, span.range],
    { refresh: rolledUp },
  );
  const blocks = useApiData(
    async (signal) =>
      api.poolBlocks({ params: { pool }, query: { page: 1, page_size: 10 } }, { signal }),
    [pool],
    { refresh: found + rolledUp },
  );
  return (
    <>
      <PoolStatsCard
        data={stats}
        more={(value) => [
          { label: t('site.mining.blocks24h'), value: count(value.blocks_24h) },
          { label: t('site.mining.luck24h'), value: ratio(value.luck_24h) },
          { label: t('site.mining.luck7d'), value: ratio(value.luck_7d) },
        ]}
      />
      <HashrateCard title={t('site.home.hashrateChart')} coin={coin} data={series} span={span} />
      <TableCard
        title={t('site.mining.blocks')}
        data={blocks}
        emptyText={t('site.mining.noBlocks')}
        rowKey={(row) => row.hash}
        columns={blockColumns(t, coin)}
      />
    </>
  );
}

/** The public pool pages: `/pool/:type/stat` (statistics, chart, blocks) and `/pool/:type/info`. */
export function Component() {
  const { t } = useTranslation();
  const name = useRouteName();
  const type = useParams().type ?? '';
  const pools = usePools();
  const { loggedIn } = useSessionState();
  return (
    <PageFrame title={`${type.toUpperCase()} · ${t(`site.routes.${name}`)}`}>
      <nav className={uiStyles.tabs} aria-label={t('site.mining.sections')}>
        {(
          [
            'PoolStat',
            'PoolInfo',
            ...(loggedIn ? ['PoolHome', 'PoolMiner', 'PoolProfit'] : []),
          ] as const
        ).map((tab) => (
          <AppLink
            key={tab}
            to={`/pool/${type}/${{ PoolStat: 'stat', PoolInfo: 'info', PoolHome: 'home', PoolMiner: 'miner', PoolProfit: 'profit' }[tab]}`}
            className={uiStyles.tab}
            aria-current={tab === name ? 'page' : undefined}
          >
            {t(`site.routes.${tab}`)}
          </AppLink>
        ))}
      </nav>
      <DataSection data={pools}>
        {(list) => {
          const pool = poolForType(list, type);
          if (pool === undefined) return <EmptyState text={t('site.pool.notFound')} />;
          if (name === 'PoolStat') return <PoolStatistics pool={pool.name} coin={pool.coin} />;
          return <PoolFactsCard pool={pool} soloFee />;
        }}
      </DataSection>
    </PageFrame>
  );
}
