import { PAGE_SIZE } from '@poolkit/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hashrate } from '../../app/format';
import { pagerFooter, TableCard } from '../../app/sections';
import { useServices } from '../../app/servicesContext';
import { AppLink, PageFrame, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';

/** `/miners`: the miner catalogue ranked by profitability. */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [page, setPage] = useState(1);
  const miners = useApiData(
    async (signal) => api.catalogueMiners({ query: { page, page_size: PAGE_SIZE } }, { signal }),
    [page],
  );
  return (
    <PageFrame title={t('site.routes.Miners')} subtitle={t('site.miners.subtitle')}>
      <TableCard
        title={t('site.routes.Miners')}
        hideTitle
        data={miners}
        emptyText={t('site.miners.empty')}
        rowKey={(row) => String(row.id)}
        columns={[
          {
            key: 'model',
            header: t('site.miners.model'),
            cell: (row) => (
              <AppLink to={`/miners/detail/${row.id}`} className={uiStyles.link}>
                {row.vendor} {row.model}
              </AppLink>
            ),
          },
          {
            key: 'algorithm',
            header: t('site.home.algorithm'),
            cell: (row) => row.algorithms.join(', '),
          },
          {
            key: 'hashrate',
            header: t('site.mining.hashrate'),
            cell: (row) => hashrate(row.hashrate),
          },
          { key: 'power', header: t('site.miners.power'), cell: (row) => `${row.power} W` },
          {
            key: 'revenue',
            header: t('site.miners.dailyRevenue'),
            cell: (row) => `${row.daily_revenue} ${row.currency}`,
          },
          {
            key: 'cost',
            header: t('site.miners.dailyCost'),
            cell: (row) => `${row.daily_cost} ${row.currency}`,
          },
          {
            key: 'profit',
            header: t('site.miners.profit'),
            cell: (row) => `${row.profit} ${row.currency}`,
          },
        ]}
        footer={pagerFooter(page, setPage)}
      />
    </PageFrame>
  );
}
