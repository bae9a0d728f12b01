import type { CatalogueMiner, CatalogueSeller, ContractProduct } from '@poolkit/core/contract';
import type { CoinId } from '@poolkit/core/domain';
import { FormField, Select } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { count, hashrate, money } from '../../app/format';
import { useServices } from '../../app/servicesContext';
import {
  AppLink,
  Card,
  ContentLink,
  DataSection,
  DataTable,
  EmptyState,
  PageFrame,
  uiStyles,
} from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { usePools } from '../../app/usePools';

/** The most rows one list asks for (the contract's page size limit). */
const LIST_SIZE = 100;

/** One offer: a machine and one of its sellers. */
interface Offer {
  readonly machine: CatalogueMiner;
  readonly seller: CatalogueSeller;
}

/** A seller's price as money (`￥24,900.00`), or "on request" when the seller gives none. */
function price(value: string | null, currency: string, onRequest: string): string {
  return value === null ? onRequest : money(value, currency);
}

/**
 * `/sales` (Sales, a path PoolKit gives the spec's named page): the machines of the catalogue
 * that some seller offers, one row per seller (store, country or region, price, stock: spec
 * section 3's catalogue item), and the cloud-mining contracts on sale; filtered by coin (both
 * lists) and by algorithm (the machines).
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const pools = usePools();
  const [coin, setCoin] = useState<CoinId | 'all'>('all');
  const [algorithm, setAlgorithm] = useState('all');
  const coinQuery = coin === 'all' ? {} : { coin };
  // Every machine on sale, unfiltered: the algorithms to choose from.
  const onSale = useApiData(
    async (signal) =>
      api.catalogueMiners({ query: { for_sale: true, page_size: LIST_SIZE } }, { signal }),
    [],
    { silent: true },
  );
  const machines = useApiData(
    async (signal) =>
      api.catalogueMiners(
        {
          query: {
            for_sale: true,
            page_size: LIST_SIZE,
            ...coinQuery,
            ...(algorithm === 'all' ? {} : { algorithm }),
          },
        },
        { signal },
      ),
    [coin, algorithm],
  );
  const contracts = useApiData(
    async (signal) =>
      api.saleContractProducts({ query: { page_size: LIST_SIZE, ...coinQuery } }, { signal }),
    [coin],
  );
  const algorithms = [
    ...new Set(
      (onSale.status === 'ready' ? onSale.data.list : []).flatMap((row) => row.algorithms),
    ),
  ].sort();
  const coins = [...new Set((pools.status === 'ready' ? pools.data : []).map((pool) => pool.coin))];
  const offers: Offer[] =
    machines.status === 'ready'
      ? machines.data.list.flatMap((machine) =>
          machine.sellers.map((seller) => ({ machine, seller })),
        )
      : [];
  const nothing =
    machines.status === 'ready' &&
    contracts.status === 'ready' &&
    offers.length === 0 &&
    contracts.data.list.length === 0;
  return (
    <PageFrame title={t('site.routes.Sales')} subtitle={t('site.sales.subtitle')}>
      <Card title={t('site.sales.filters')}>
        <div className={uiStyles.row}>
          <FormField label={t('site.sales.coin')}>
            <Select
              value={coin}
              onValueChange={(value) => setCoin(coins.find((item) => item === value) ?? 'all')}
              options={[
                { value: 'all', label: t('site.sales.all') },
                ...coins.map((item) => ({ value: item, label: item.toUpperCase() })),
              ]}
            />
          </FormField>
          <FormField label={t('site.sales.algorithm')}>
            <Select
              value={algorithm}
              onValueChange={setAlgorithm}
              options={[
                { value: 'all', label: t('site.sales.all') },
                ...algorithms.map((item) => ({ value: item, label: item })),
              ]}
            />
          </FormField>
        </div>
        {nothing ? <EmptyState text={t('site.sales.empty')} /> : null}
      </Card>
      <Card title={t('site.sales.machines')}>
        <DataSection
          data={machines}
          isEmpty={() => offers.length === 0}
          emptyText={t('site.sales.machinesEmpty')}
        >
          {() => (
            <DataTable
              caption={t('site.sales.machines')}
              rows={offers}
              rowKey={(row) => `${row.machine.id}:${row.seller.store}`}
              stackOnPhones
              columns={[
                {
                  key: 'machine',
                  header: t('site.sales.machine'),
                  cell: (row) => (
                    <AppLink to={`/miners/detail/${row.machine.id}`} className={uiStyles.link}>
                      {row.machine.vendor} {row.machine.model}
                    </AppLink>
                  ),
                },
                {
                  key: 'algorithm',
                  header: t('site.sales.algorithm'),
                  cell: (row) => row.machine.algorithms.join(', '),
                },
                {
                  key: 'hashrate',
                  header: t('site.sales.hashrate'),
                  cell: (row) => hashrate(row.machine.hashrate, row.machine.coins[0] ?? ''),
                },
                {
                  key: 'store',
                  header: t('site.sales.store'),
                  cell: (row) =>
                    row.seller.url === null ? (
                      row.seller.store
                    ) : (
                      <ContentLink href={row.seller.url} className={uiStyles.link}>
                        {row.seller.store}
                      </ContentLink>
                    ),
                },
                {
                  key: 'region',
                  header: t('site.sales.region'),
                  cell: (row) => row.seller.country_region || '—',
                },
                {
                  key: 'price',
                  header: t('site.sales.price'),
                  cell: (row) =>
                    price(row.seller.price, row.machine.currency, t('site.sales.onRequest')),
                },
                {
                  key: 'stock',
                  header: t('site.sales.stock'),
                  cell: (row) =>
                    row.seller.stock === null
                      ? t('site.sales.stockUnknown')
                      : row.seller.stock === 0
                        ? t('site.sales.soldOut')
                        : count(row.seller.stock),
                },
              ]}
            />
          )}
        </DataSection>
      </Card>
      <Card title={t('site.sales.contracts')}>
        <p className={uiStyles.muted}>{t('site.sales.contractsNote')}</p>
        <DataSection
          data={contracts}
          isEmpty={(value) => value.list.length === 0}
          emptyText={t('site.sales.contractsEmpty')}
        >
          {(value) => (
            <DataTable<ContractProduct>
              caption={t('site.sales.contracts')}
              rows={value.list}
              rowKey={(row) => row.id}
              stackOnPhones
              columns={[
                { key: 'product', header: t('site.sales.product'), cell: (row) => row.name },
                {
                  key: 'coin',
                  header: t('site.sales.coin'),
                  cell: (row) => row.coin.toUpperCase(),
                },
                {
                  key: 'miner',
                  header: t('site.sales.minerModel'),
                  cell: (row) => row.miner || '—',
                },
                {
                  key: 'power',
                  header: t('site.sales.unitHashrate'),
                  cell: (row) => hashrate(row.power, row.coin),
                },
                {
                  key: 'price',
                  header: t('site.sales.price'),
                  cell: (row) => money(row.price, row.currency),
                },
                {
                  key: 'duration',
                  header: t('site.sales.duration'),
                  cell: (row) => t('site.sales.days', { count: row.duration_days }),
                },
                {
                  key: 'inventory',
                  header: t('site.sales.inventory'),
                  cell: (row) =>
                    row.inventory === 0 ? t('site.sales.soldOut') : count(row.inventory),
                },
              ]}
            />
          )}
        </DataSection>
      </Card>
    </PageFrame>
  );
}
