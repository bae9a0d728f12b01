import { useTranslation } from 'react-i18next';
import { dateTime, hashrate, minerStatusKey, ratio } from '../../app/format';
import { useParams, useSearchParams } from '../../app/nav';
import { HashrateCard, StatsCard, useSeriesRange } from '../../app/sections';
import { useServices } from '../../app/servicesContext';
import { Card, EmptyState, PageFrame } from '../../app/ui';
import type { AccountPool } from '../../app/useAccountPool';
import { useApiData } from '../../app/useApiData';
import { AccountGate } from './AccountGate';
import { PoolTabs } from './PoolTabs';

function Detail({ pool, account, worker }: AccountPool & { worker: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const params = { pool: pool.name, account, miner: worker };
  const detail = useApiData(
    async (signal) => api.worker({ params }, { signal }),
    [pool.name, account, worker],
  );
  const span = useSeriesRange();
  const series = useApiData(
    async (signal) => api.workerHashrates({ params, query: span.query }, { signal }),
    [pool.name, account, worker, span.range],
  );
  return (
    <>
      <StatsCard
        title={worker}
        data={detail}
        items={(value) => [
          { label: t('site.mining.status'), value: t(minerStatusKey(value.status)) },
          {
            label: t('site.mining.hashrate15m'),
            value: hashrate(value.accept_15m.value, pool.coin),
          },
          { label: t('site.mining.hashrate1h'), value: hashrate(value.accept_1h.value, pool.coin) },
          {
            label: t('site.mining.hashrate24h'),
            value: hashrate(value.accept_24h.value, pool.coin),
          },
          { label: t('site.mining.rejectRate'), value: ratio(value.reject_rate) },
          // Times and an address (an IPv6 one is long) span two columns, so each reads on one
          // line instead of breaking inside the figure.
          {
            label: t('site.mining.lastShare'),
            value: dateTime(value.last_share_time),
            wide: true,
          },
          {
            label: t('site.pool.firstShare'),
            value: dateTime(value.first_share_time),
            wide: true,
          },
          { label: t('site.pool.lastIp'), value: value.last_ip ?? '--', wide: true },
        ]}
      />
      <HashrateCard title={t('site.mining.hashrate')} coin={pool.coin} data={series} span={span} />
    </>
  );
}

/** `/pool/:type/miner/detail?worker=…`: one worker in detail. */
export function Component() {
  const { t } = useTranslation();
  const type = useParams().type ?? '';
  const [search] = useSearchParams();
  const worker = search.get('worker') ?? '';
  return (
    <PageFrame title={`${type.toUpperCase()} · ${t('site.routes.PoolMinerDetail')}`}>
      <PoolTabs type={type} current="PoolMiner" />
      {worker === '' ? (
        <Card>
          <EmptyState text={t('site.pool.chooseWorker')} />
        </Card>
      ) : (
        <AccountGate type={type}>
          {(context) => <Detail {...context} worker={worker} />}
        </AccountGate>
      )}
    </PageFrame>
  );
}
