import { useTranslation } from 'react-i18next';
import { count, hashrate, ratio } from '../../app/format';
import { useLiveVersion } from '../../app/live';
import { useParams } from '../../app/nav';
import { earningFigures, HashrateCard, StatsCard, useSeriesRange } from '../../app/sections';
import { useServices } from '../../app/servicesContext';
import { PageFrame } from '../../app/ui';
import type { AccountPool } from '../../app/useAccountPool';
import { useApiData } from '../../app/useApiData';
import { AccountGate } from './AccountGate';
import { PoolTabs } from './PoolTabs';

function Overview({ pool, account }: AccountPool) {
  const { t } = useTranslation();
  const { api } = useServices();
  const params = { pool: pool.name, account };
  // Live: hashrates and worker counts after each roll-up.
  const rolledUp = useLiveVersion(['account']);
  const stats = useApiData(
    async (signal) => api.accountStats({ params }, { signal }),
    [pool.name, account],
    { refresh: rolledUp },
  );
  const span = useSeriesRange();
  const series = useApiData(
    async (signal) => api.accountHashrates({ params, query: span.query }, { signal }),
    [pool.name, account, span.range],
    { refresh: rolledUp },
  );
  return (
    <>
      <StatsCard
        title={t('site.pool.accountOverview', { account })}
        data={stats}
        items={(value) => [
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
          { label: t('status.active'), value: count(value.workers.active) },
          { label: t('status.minerInactive'), value: count(value.workers.inactive) },
          { label: t('status.dead'), value: count(value.workers.dead) },
          ...earningFigures(t, value, pool.coin),
          { label: t('site.home.payout'), value: value.pay_method },
        ]}
      />
      <HashrateCard title={t('site.mining.hashrate')} coin={pool.coin} data={series} span={span} />
    </>
  );
}

/** `/pool/:type/home`: the account's dashboard on a pool. */
export function Component() {
  const { t } = useTranslation();
  const type = useParams().type ?? '';
  return (
    <PageFrame title={`${type.toUpperCase()} · ${t('site.routes.PoolHome')}`}>
      <PoolTabs type={type} current="PoolHome" />
      <AccountGate type={type}>{(context) => <Overview {...context} />}</AccountGate>
    </PageFrame>
  );
}
