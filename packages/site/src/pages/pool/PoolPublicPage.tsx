import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { coinAmount, dateTime, hashrate, percentText, ratio } from '../../app/format';
import { HashrateArea } from '../../app/HashrateArea';
import { useServices, useSessionState } from '../../app/servicesContext';
import {
  AppLink,
  Card,
  DataSection,
  DataTable,
  EmptyState,
  PageFrame,
  Stats,
  uiStyles,
} from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { poolForType, usePools } from '../../app/usePools';
import { useRouteName } from '../../app/useRouteName';

function PoolStatistics({ pool, coin }: { pool: string; coin: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const stats = useApiData(
    async (signal) => api.poolStats({ params: { pool } }, { signal }),
    [pool],
  );
  const series = useApiData(
    async (signal) => api.poolHashrates({ params: { pool }, query: {} }, { signal }),
    [pool],
  );
  const blocks = useApiData(
    async (signal) =>
      api.poolBlocks({ params: { pool }, query: { page: 1, page_size: 10 } }, { signal }),
    [pool],
  );
  return (
    <>
      <Card title={t('site.mining.poolStats')}>
        <DataSection data={stats}>
          {(value) => (
            <Stats
              items={[
                { label: t('site.home.poolHashrate'), value: hashrate(value.pool_hashrate) },
                { label: t('site.home.networkHashrate'), value: hashrate(value.network_hashrate) },
                { label: t('site.home.miners'), value: value.miners },
                { label: t('site.mining.workers'), value: value.workers },
                { label: t('site.mining.blockHeight'), value: value.block_height },
                { label: t('site.mining.blocks24h'), value: value.blocks_24h },
                { label: t('site.mining.luck24h'), value: ratio(value.luck_24h) },
                { label: t('site.mining.luck7d'), value: ratio(value.luck_7d) },
              ]}
            />
          )}
        </DataSection>
      </Card>
      <Card title={t('site.home.hashrateChart')}>
        <DataSection
          data={series}
          isEmpty={(value) => value.points.length === 0}
          emptyText={t('site.common.noChartData')}
        >
          {(value) => <HashrateArea points={value.points} label={t('site.home.hashrateChart')} />}
        </DataSection>
      </Card>
      <Card title={t('site.mining.blocks')}>
        <DataSection
          data={blocks}
          isEmpty={(value) => value.list.length === 0}
          emptyText={t('site.mining.noBlocks')}
        >
          {(value) => (
            <DataTable
              caption={t('site.mining.blocks')}
              rows={value.list}
              rowKey={(row) => row.hash}
              columns={[
                { key: 'height', header: t('site.mining.height'), cell: (row) => row.height },
                { key: 'time', header: t('site.mining.time'), cell: (row) => dateTime(row.time) },
                {
                  key: 'reward',
                  header: t('site.mining.reward'),
                  cell: (row) => coinAmount(row.reward, coin),
                },
                { key: 'luck', header: t('site.mining.luck'), cell: (row) => ratio(row.luck) },
                {
                  key: 'status',
                  header: t('site.mining.status'),
                  cell: (row) => t(`site.mining.block.${row.status}`),
                },
              ]}
            />
          )}
        </DataSection>
      </Card>
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
          return (
            <Card title={pool.label}>
              <Stats
                items={[
                  { label: t('site.home.algorithm'), value: pool.algorithm },
                  { label: t('site.home.payout'), value: pool.payout_models.join(', ') },
                  { label: t('site.mining.fee'), value: percentText(pool.fee_percent) },
                  { label: t('site.pool.soloFee'), value: percentText(pool.solo_fee_percent) },
                  {
                    label: t('site.mining.minPayout'),
                    value: coinAmount(pool.min_payout, pool.coin),
                  },
                ]}
              />
              <h3 className={uiStyles.label}>{t('site.mining.stratum')}</h3>
              <ul>
                {pool.stratum.map((endpoint) => (
                  <li key={endpoint.url}>
                    <span className={uiStyles.muted}>{endpoint.region}</span>{' '}
                    <code>{endpoint.url}</code>
                  </li>
                ))}
              </ul>
            </Card>
          );
        }}
      </DataSection>
    </PageFrame>
  );
}
