import { useTranslation } from 'react-i18next';
import { coinMoney, hashrate } from '../../app/format';
import { useServices } from '../../app/servicesContext';
import {
  AppLink,
  Card,
  DataSection,
  DataTable,
  EmptyState,
  PageFrame,
  uiStyles,
} from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { UserTabs } from './UserTabs';

/** `/user/mining`: the mining overview over all accounts and pools. */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const mining = useApiData(async (signal) => (await api.userMining({}, { signal })).list, []);
  return (
    <PageFrame title={t('site.routes.UserMining')}>
      <UserTabs current="UserMining" />
      <Card>
        <DataSection
          data={mining}
          isEmpty={(list) => list.length === 0}
          emptyText={t('site.user.noMining')}
        >
          {(list) => (
            <DataTable
              caption={t('site.routes.UserMining')}
              rows={list}
              rowKey={(row) => `${row.pool}:${row.account}`}
              columns={[
                {
                  key: 'pool',
                  header: t('site.home.pool'),
                  cell: (row) => (
                    <AppLink to={`/pool/${row.coin}/home`} className={uiStyles.link}>
                      {row.pool}
                    </AppLink>
                  ),
                },
                { key: 'account', header: t('site.user.accountName'), cell: (row) => row.account },
                {
                  key: 'hashrate',
                  header: t('site.mining.hashrate24h'),
                  cell: (row) => hashrate(row.hashrate_24h, row.coin),
                },
                {
                  key: 'workers',
                  header: t('site.mining.activeWorkers'),
                  cell: (row) => (
                    <AppLink to={`/pool/${row.coin}/miner`} className={uiStyles.link}>
                      {`${row.workers.active} / ${row.workers.total}`}
                    </AppLink>
                  ),
                },
                {
                  key: 'today',
                  header: t('site.mining.todayEstimated'),
                  cell: (row) => coinMoney(row.today_estimated, row.coin),
                },
                {
                  key: 'balance',
                  header: t('site.mining.balance'),
                  cell: (row) => coinMoney(row.balance, row.coin),
                },
              ]}
            />
          )}
        </DataSection>
      </Card>
      {mining.status === 'missing' ? <EmptyState text={t('site.later.text')} /> : null}
    </PageFrame>
  );
}
