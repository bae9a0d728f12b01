import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hashrate } from '../../app/format';
import { useServices } from '../../app/servicesContext';
import { Card, DataSection, DataTable, PageFrame, Stats } from '../../app/ui';
import { useApiData } from '../../app/useApiData';

/** `/miners/detail/:id`: one machine with its figures and sellers. */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const id = useParams().id ?? '';
  const miner = useApiData(
    async (signal) => api.catalogueMiner({ params: { id }, query: {} }, { signal }),
    [id],
  );
  return (
    <PageFrame
      title={
        miner.status === 'ready'
          ? `${miner.data.vendor} ${miner.data.model}`
          : t('site.routes.MinerCatalogueDetail')
      }
    >
      <DataSection data={miner}>
        {(value) => (
          <>
            <Card title={t('site.miners.figures')}>
              <Stats
                items={[
                  { label: t('site.home.algorithm'), value: value.algorithms.join(', ') },
                  { label: t('site.mining.hashrate'), value: hashrate(value.hashrate) },
                  { label: t('site.miners.power'), value: `${value.power} W` },
                  { label: t('site.miners.releaseDate'), value: value.release_date ?? '--' },
                  {
                    label: t('site.miners.dailyRevenue'),
                    value: `${value.daily_revenue} ${value.currency}`,
                  },
                  {
                    label: t('site.miners.dailyCost'),
                    value: `${value.daily_cost} ${value.currency}`,
                  },
                  { label: t('site.miners.profit'), value: `${value.profit} ${value.currency}` },
                  {
                    label: t('site.miners.breakEven'),
                    value: `${value.break_even} ${value.currency}`,
                  },
                  {
                    label: t('site.miners.noise'),
                    value: value.noise_level === null ? '--' : `${value.noise_level} dB`,
                  },
                  {
                    label: t('site.miners.weight'),
                    value: value.weight === null ? '--' : `${value.weight} kg`,
                  },
                ]}
              />
            </Card>
            <Card title={t('site.miners.sellers')}>
              <DataTable
                caption={t('site.miners.sellers')}
                rows={value.sellers}
                rowKey={(row) => `${row.store}:${row.country_region}`}
                columns={[
                  { key: 'store', header: t('site.miners.store'), cell: (row) => row.store },
                  {
                    key: 'region',
                    header: t('site.miners.region'),
                    cell: (row) => row.country_region,
                  },
                  {
                    key: 'price',
                    header: t('site.home.price'),
                    cell: (row) => (row.price === null ? '--' : `${row.price} ${value.currency}`),
                  },
                  {
                    key: 'stock',
                    header: t('site.miners.stock'),
                    cell: (row) => String(row.stock ?? '--'),
                  },
                ]}
              />
            </Card>
          </>
        )}
      </DataSection>
    </PageFrame>
  );
}
