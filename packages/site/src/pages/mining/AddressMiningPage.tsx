import type { PoolInfo, PoolStats } from '@poolkit/core/contract';
import type { RecentSearch } from '@poolkit/core/domain';
import { AddressSearch } from '@poolkit/widgets/AddressSearch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coinMoney, count, hashrate, percentText } from '../../app/format';
import { useNavigate } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { AppLink, Card, DataSection, DataTable, PageFrame, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';

/** One address-mining coin with its pool's current figures. */
interface CoinRow {
  readonly pool: PoolInfo;
  readonly stats: PoolStats;
}

/**
 * `/mining` (AddressMining, a path PoolKit gives the spec's named page): the coins mined to a
 * bare address (alph, kas, sumo, zeph, aleo) with their pool's hashrate, miners, workers, fee
 * and minimum payout, and an address search (the AddressSearch widget, recent searches kept in
 * the session's `search_list`) that opens `/mining/:coin/dashboard?address=…`.
 */
export function Component() {
  const { t } = useTranslation();
  const { api, session } = useServices();
  const navigate = useNavigate();
  const [recent, setRecent] = useState<readonly RecentSearch[]>(() => session.get('search_list'));
  const coins = useApiData(async (signal): Promise<CoinRow[]> => {
    const pools = (await api.addressMiningPools({}, { signal })).list;
    return Promise.all(
      pools.map(async (pool) => ({
        pool,
        stats: await api.addressMiningPoolStats({ params: { coin: pool.coin } }, { signal }),
      })),
    );
  }, []);
  const pools = coins.status === 'ready' ? coins.data.map((row) => row.pool) : [];
  return (
    <PageFrame title={t('site.routes.AddressMining')} subtitle={t('site.addressMining.subtitle')}>
      {pools.length > 0 ? (
        <AddressSearch
          className={uiStyles.chartCard}
          headingLevel={2}
          pools={pools.map((pool) => ({ value: pool.coin, label: pool.coin.toUpperCase() }))}
          recent={recent}
          onRecentChange={(list) => {
            session.set('search_list', [...list]);
            setRecent(list);
          }}
          onSearch={(search) =>
            void navigate(
              `/mining/${encodeURIComponent(search.pool)}/dashboard?address=${encodeURIComponent(search.addr)}`,
            )
          }
        />
      ) : null}
      <Card title={t('site.addressMining.coins')}>
        <DataSection
          data={coins}
          isEmpty={(rows) => rows.length === 0}
          emptyText={t('site.addressMining.empty')}
          skeletonLines={5}
        >
          {(rows) => (
            <DataTable
              caption={t('site.addressMining.coins')}
              rows={rows}
              rowKey={(row) => row.pool.name}
              stackOnPhones
              columns={[
                {
                  key: 'coin',
                  header: t('site.addressMining.coin'),
                  cell: (row) => (
                    <AppLink to={`/mining/${row.pool.coin}/dashboard`} className={uiStyles.link}>
                      {row.pool.coin.toUpperCase()} · {row.pool.label}
                    </AppLink>
                  ),
                },
                {
                  key: 'algorithm',
                  header: t('site.addressMining.algorithm'),
                  cell: (row) => row.pool.algorithm,
                },
                {
                  key: 'hashrate',
                  header: t('site.addressMining.poolHashrate'),
                  cell: (row) => hashrate(row.stats.pool_hashrate, row.pool.coin),
                },
                {
                  key: 'miners',
                  header: t('site.addressMining.miners'),
                  cell: (row) => count(row.stats.miners),
                },
                {
                  key: 'workers',
                  header: t('site.addressMining.workers'),
                  cell: (row) => count(row.stats.workers),
                },
                {
                  key: 'fee',
                  header: t('site.addressMining.fee'),
                  cell: (row) =>
                    `${percentText(row.stats.fee_percent)} ${row.stats.payout_model.toUpperCase()}`,
                },
                {
                  key: 'payout',
                  header: t('site.addressMining.minPayout'),
                  cell: (row) => coinMoney(row.stats.min_payout, row.pool.coin),
                },
              ]}
            />
          )}
        </DataSection>
      </Card>
    </PageFrame>
  );
}
