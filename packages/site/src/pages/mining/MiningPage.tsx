import {
  type CoinId,
  IP_STATISTICS_COINS,
  minerStatus,
  type RecentSearch,
} from '@poolkit/core/domain';
import { Button } from '@poolkit/widgets';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coinMoney, count, dateTime, hashrate, percentText, ratio } from '../../app/format';
import { MinerStatus } from '../../app/MinerStatus';
import { useLocation, useNavigate, useParams, useSearchParams } from '../../app/nav';
import {
  blockColumns,
  HashrateCard,
  PoolFactsCard,
  PoolStatsCard,
  profitColumns,
  StatsCard,
  TableCard,
  useSeriesRange,
} from '../../app/sections';
import { useServices } from '../../app/servicesContext';
import { AppLink, Card, CardGrid, DataSection, PageFrame, TextField, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { usePools } from '../../app/usePools';
import { useRouteName } from '../../app/useRouteName';

const TABS = [
  { name: 'MiningDashboard', page: 'dashboard' },
  { name: 'MiningStats', page: 'stats' },
  { name: 'MiningInfo', page: 'info' },
  { name: 'MiningIpStatistics', page: 'ip-statistics' },
] as const;

/**
 * "Try a demo address": a link to this page for an address the server's demo pool mines on.
 * Nothing when the server lists none (it runs without the demo, as in production).
 */
function DemoAddressLink({ coin }: { coin: CoinId }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { pathname } = useLocation();
  const demo = useApiData(
    async (signal) => api.addressMiningDemoAddresses({ params: { coin } }, { signal }),
    [coin],
    { silent: true },
  );
  const address = demo.status === 'ready' ? demo.data.list[0] : undefined;
  if (address === undefined) return null;
  return (
    <div className={`${uiStyles.muted} ${uiStyles.spacedAbove}`}>
      {t('site.mining.demoLead')}{' '}
      <AppLink to={`${pathname}?address=${encodeURIComponent(address)}`} className={uiStyles.link}>
        {t('site.mining.tryDemo')}
      </AppLink>
    </div>
  );
}

function AddressSearch({ coin, address }: { coin: CoinId; address: string }) {
  const { t } = useTranslation();
  const { session } = useServices();
  const navigate = useNavigate();
  const [value, setValue] = useState(address);
  // The field follows the address in the URL (a search, the demo link, a recent search, back
  // and forward, a shared link), so the address searched stays in it.
  useEffect(() => setValue(address), [address]);
  const [recent, setRecent] = useState<RecentSearch[]>(() => session.get('search_list'));
  function open(addr: string) {
    const trimmed = addr.trim();
    if (trimmed === '') return;
    setRecent(session.addRecentSearch({ pool: coin, addr: trimmed }));
    void navigate(`?address=${encodeURIComponent(trimmed)}`);
  }
  return (
    <Card>
      <form
        className={`${uiStyles.row} ${uiStyles.rowBottom}`}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          open(value);
        }}
      >
        <div className={uiStyles.grow}>
          <TextField
            label={t('site.mining.address')}
            name="address"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder={t('site.mining.addressPlaceholder')}
          />
        </div>
        <Button type="submit">{t('site.mining.search')}</Button>
      </form>
      <DemoAddressLink coin={coin} />
      {recent.length > 0 ? (
        <div className={`${uiStyles.row} ${uiStyles.spacedAbove}`}>
          <span className={uiStyles.muted}>{t('site.mining.recent')}</span>
          {recent.map((item) => (
            <button
              key={`${item.pool}:${item.addr}`}
              type="button"
              className={uiStyles.tab}
              onClick={() => {
                setValue(item.addr);
                if (item.pool === coin) open(item.addr);
                else
                  void navigate(
                    `/mining/${item.pool}/dashboard?address=${encodeURIComponent(item.addr)}`,
                  );
              }}
            >
              {item.pool.toUpperCase()} ·{' '}
              {item.addr.length > 16
                ? `${item.addr.slice(0, 8)}…${item.addr.slice(-6)}`
                : item.addr}
            </button>
          ))}
        </div>
      ) : null}
    </Card>
  );
}

function PoolOverview({ coin }: { coin: CoinId }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const stats = useApiData(
    async (signal) => api.addressMiningPoolStats({ params: { coin } }, { signal }),
    [coin],
  );
  const span = useSeriesRange();
  const series = useApiData(
    async (signal) =>
      api.addressMiningHashrates({ params: { coin }, query: span.query }, { signal }),
    [coin, span.range],
  );
  return (
    <>
      <PoolStatsCard
        data={stats}
        more={(value) => [
          { label: t('site.mining.fee'), value: percentText(value.fee_percent) },
          { label: t('site.mining.luck24h'), value: ratio(value.luck_24h) },
          { label: t('site.mining.minPayout'), value: coinMoney(value.min_payout, coin) },
        ]}
      />
      <HashrateCard title={t('site.home.hashrateChart')} coin={coin} data={series} span={span} />
    </>
  );
}

function AddressDashboard({ coin, address }: { coin: CoinId; address: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const params = { coin, addr: address };
  const info = useApiData(
    async (signal) => api.addressMinerInfo({ params }, { signal }),
    [coin, address],
  );
  const span = useSeriesRange();
  const series = useApiData(
    async (signal) => api.addressMinerHashrates({ params, query: span.query }, { signal }),
    [coin, address, span.range],
  );
  const workers = useApiData(
    async (signal) =>
      api.addressMinerWorkers({ params, query: { page: 1, page_size: 50 } }, { signal }),
    [coin, address],
  );
  const payments = useApiData(
    async (signal) =>
      api.addressMiningPayments({ params, query: { page: 1, page_size: 10 } }, { signal }),
    [coin, address],
  );
  const profits = useApiData(
    async (signal) =>
      api.addressMinerProfits({ params, query: { page: 1, page_size: 10 } }, { signal }),
    [coin, address],
  );
  const now = Date.now();
  return (
    <>
      <StatsCard
        title={t('site.mining.minerHashrate')}
        data={info}
        items={(value) => [
          { label: t('site.mining.hashrate15m'), value: hashrate(value.accept_15m.value, coin) },
          { label: t('site.mining.hashrate1h'), value: hashrate(value.accept_1h.value, coin) },
          { label: t('site.mining.hashrate24h'), value: hashrate(value.accept_24h.value, coin) },
          { label: t('site.mining.rejectRate'), value: ratio(value.reject_rate) },
          {
            label: t('site.mining.activeWorkers'),
            value: `${value.workers.active} / ${value.workers.total}`,
          },
          { label: t('site.mining.balance'), value: coinMoney(value.balance, coin) },
          {
            label: t('site.mining.todayEstimated'),
            value: coinMoney(value.today_estimated, coin),
          },
          { label: t('site.mining.totalPaid'), value: coinMoney(value.total_paid, coin) },
        ]}
      />
      <HashrateCard
        title={t('site.mining.addressHashrateChart')}
        coin={coin}
        data={series}
        seriesLabel={t('site.mining.minerHashrate')}
        span={span}
      />
      <TableCard
        title={t('site.mining.workerList')}
        data={workers}
        emptyText={t('site.mining.noWorkers')}
        rowKey={(row) => row.worker_name}
        columns={[
          { key: 'name', header: t('site.mining.worker'), cell: (row) => row.worker_name },
          {
            key: 'h15',
            header: t('site.mining.hashrate15m'),
            cell: (row) => hashrate(row.accept_15m.value, coin),
          },
          {
            key: 'h1',
            header: t('site.mining.hashrate1h'),
            cell: (row) => hashrate(row.accept_1h.value, coin),
          },
          {
            key: 'h24',
            header: t('site.mining.hashrate24h'),
            cell: (row) => hashrate(row.accept_24h.value, coin),
          },
          {
            key: 'reject',
            header: t('site.mining.rejectRate'),
            cell: (row) => ratio(row.reject_rate),
          },
          {
            key: 'last',
            header: t('site.mining.lastShare'),
            cell: (row) => dateTime(row.last_share_time),
          },
          {
            key: 'status',
            header: t('site.mining.status'),
            cell: (row) => (
              <MinerStatus
                status={
                  row.last_share_time
                    ? minerStatus(Date.parse(row.last_share_time), now)
                    : row.status
                }
              />
            ),
          },
        ]}
      />
      <CardGrid>
        <TableCard
          title={t('site.mining.payments')}
          data={payments}
          emptyText={t('site.mining.noPayments')}
          rowKey={(row) => String(row.id)}
          columns={[
            { key: 'time', header: t('site.mining.time'), cell: (row) => dateTime(row.time) },
            {
              key: 'amount',
              header: t('site.mining.amount'),
              cell: (row) => coinMoney(row.amount, coin),
            },
            {
              key: 'status',
              header: t('site.mining.status'),
              cell: (row) => t(`site.mining.payment.${row.status}`),
            },
          ]}
        />
        <TableCard
          title={t('site.mining.profits')}
          data={profits}
          emptyText={t('site.mining.noProfits')}
          rowKey={(row) => row.date}
          columns={profitColumns(t, coin)}
        />
      </CardGrid>
    </>
  );
}

function Blocks({ coin }: { coin: CoinId }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const blocks = useApiData(
    async (signal) =>
      api.addressMiningBlocks({ params: { coin }, query: { page: 1, page_size: 10 } }, { signal }),
    [coin],
  );
  const workerStats = useApiData(
    async (signal) => api.addressMiningWorkerStats({ params: { coin } }, { signal }),
    [coin],
  );
  return (
    <>
      <StatsCard
        title={t('site.mining.workers')}
        data={workerStats}
        items={(value) => [
          { label: t('site.home.miners'), value: count(value.miners) },
          { label: t('status.active'), value: count(value.workers.active) },
          { label: t('status.minerInactive'), value: count(value.workers.inactive) },
          { label: t('status.dead'), value: count(value.workers.dead) },
        ]}
      />
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

function PoolFacts({ coin }: { coin: string }) {
  const pools = usePools();
  return (
    <DataSection data={pools} isEmpty={(list) => !list.some((pool) => pool.coin === coin)}>
      {(list) => (
        <>
          {list
            .filter((pool) => pool.coin === coin)
            .map((pool) => (
              <PoolFactsCard key={pool.name} pool={pool} />
            ))}
        </>
      )}
    </DataSection>
  );
}

function IpStatistics({ coin, address }: { coin: CoinId; address: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const ips = useApiData(
    address === ''
      ? null
      : async (signal) =>
          api.addressMinerIps(
            { params: { coin, addr: address }, query: { page: 1, page_size: 50 } },
            { signal },
          ),
    [coin, address],
  );
  if (address === '') return <Card>{t('site.mining.enterAddress')}</Card>;
  return (
    <TableCard
      title={t('site.routes.MiningIpStatistics')}
      data={ips}
      rowKey={(row) => row.ip}
      columns={[
        { key: 'ip', header: t('site.mining.ip'), cell: (row) => row.ip },
        { key: 'workers', header: t('site.mining.workers'), cell: (row) => count(row.workers) },
        {
          key: 'h24',
          header: t('site.mining.hashrate24h'),
          cell: (row) => hashrate(row.accept_24h.value, coin),
        },
        {
          key: 'last',
          header: t('site.mining.lastShare'),
          cell: (row) => dateTime(row.last_share_time),
        },
      ]}
    />
  );
}

/** Address mining: dashboard, statistics, pool information and (aleo) IP statistics. */
export function Component() {
  const { t } = useTranslation();
  const name = useRouteName();
  const coin = (useParams().coin ?? '') as CoinId;
  const [search] = useSearchParams();
  const address = search.get('address') ?? '';
  const tabs = TABS.filter(
    (tab) =>
      tab.page !== 'ip-statistics' || (IP_STATISTICS_COINS as readonly string[]).includes(coin),
  );
  const suffix = address === '' ? '' : `?address=${encodeURIComponent(address)}`;
  return (
    <PageFrame
      title={`${coin.toUpperCase()} · ${t(`site.routes.${name}`)}`}
      subtitle={address === '' ? undefined : t('site.mining.addressHeading', { address })}
    >
      <nav className={uiStyles.tabs} aria-label={t('site.mining.sections')}>
        {tabs.map((tab) => (
          <AppLink
            key={tab.page}
            to={`/mining/${coin}/${tab.page}${suffix}`}
            className={uiStyles.tab}
            aria-current={tab.name === name ? 'page' : undefined}
          >
            {t(`site.routes.${tab.name}`)}
          </AppLink>
        ))}
      </nav>
      {name === 'MiningDashboard' || name === 'MiningIpStatistics' ? (
        <AddressSearch key={coin} coin={coin} address={address} />
      ) : null}
      {name === 'MiningDashboard' ? (
        address === '' ? (
          <PoolOverview coin={coin} />
        ) : (
          <AddressDashboard coin={coin} address={address} />
        )
      ) : null}
      {name === 'MiningStats' ? (
        <>
          <PoolOverview coin={coin} />
          <Blocks coin={coin} />
        </>
      ) : null}
      {name === 'MiningInfo' ? <PoolFacts coin={coin} /> : null}
      {name === 'MiningIpStatistics' ? <IpStatistics coin={coin} address={address} /> : null}
    </PageFrame>
  );
}
