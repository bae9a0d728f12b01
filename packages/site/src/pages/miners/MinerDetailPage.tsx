import {
  type CatalogueMinerDetail,
  COINS,
  formatDecimal,
  formatHashrate,
  multiplyDecimal,
  PROFIT_MONTH_DAYS,
} from '@poolkit/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useServices } from '../../app/servicesContext';
import { Card, DataSection, DataTable, PageFrame, Stats, uiStyles } from '../../app/ui';
import { type ApiData, useApiData } from '../../app/useApiData';
import { ElectricityPriceField, useElectricityPrice } from './electricity';

const orDash = (value: string | number | null, unit = '') =>
  value === null ? '--' : `${value}${unit}`;

/**
 * `/miners/detail/:id`: one machine with its specifications, sellers and the profit calculator:
 * the electricity price asks the server for the machine's estimate again (the same figures as the
 * ranking), keeping the last figures on screen while the new ones load.
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const id = useParams().id ?? '';
  const electricity = useElectricityPrice();
  const fetched = useApiData(
    async (signal) =>
      api.catalogueMiner(
        { params: { id }, query: { electricity_price: electricity.price } },
        { signal },
      ),
    [id, electricity.price],
  );
  const lastReady = useRef<ApiData<CatalogueMinerDetail> | null>(null);
  if (fetched.status === 'ready') lastReady.current = fetched;
  const miner =
    fetched.status === 'loading' && lastReady.current?.data?.id === id
      ? lastReady.current
      : fetched;
  const money = (value: CatalogueMinerDetail, amount: string) => `${amount} ${value.currency}`;
  return (
    <PageFrame
      title={
        miner.status === 'ready'
          ? `${miner.data.vendor} ${miner.data.model}`
          : t('site.routes.MinerCatalogueDetail')
      }
      subtitle={
        miner.status === 'ready' && !miner.data.specs_verified
          ? t('site.miners.notVerified')
          : undefined
      }
    >
      <DataSection data={miner} emptyText={t('site.miners.notFound')}>
        {(value) => (
          <>
            <Card title={t('site.miners.calculator')}>
              <ElectricityPriceField electricity={electricity} />
              <div aria-live="polite">
                <Stats
                  items={[
                    {
                      label: t('site.miners.dailyRevenue'),
                      value: money(value, value.daily_revenue),
                    },
                    { label: t('site.miners.dailyCost'), value: money(value, value.daily_cost) },
                    { label: t('site.miners.profit'), value: money(value, value.profit) },
                    {
                      label: t('site.miners.monthlyProfit'),
                      value: money(
                        value,
                        formatDecimal(multiplyDecimal(value.profit, String(PROFIT_MONTH_DAYS)), 2, {
                          rounding: 'half-up',
                        }),
                      ),
                    },
                    {
                      label: t('site.miners.breakEven'),
                      value: `${value.break_even} ${value.currency}/kWh`,
                    },
                    { label: t('site.miners.costRate'), value: orDash(value.cost_rate, ' %') },
                    {
                      label: t('site.miners.coinPrice'),
                      value:
                        value.coin_price === null
                          ? '--'
                          : `${value.coin_price} ${value.currency} (${value.coins[0]?.toUpperCase() ?? ''})`,
                    },
                  ]}
                />
              </div>
              <p className={uiStyles.muted}>{t('site.miners.estimateNote')}</p>
            </Card>
            <Card title={t('site.miners.figures')}>
              <Stats
                items={[
                  { label: t('site.home.algorithm'), value: value.algorithms.join(', ') },
                  {
                    label: t('site.mining.hashrate'),
                    value: formatHashrate(
                      value.hashrate,
                      value.coins[0] === undefined ? 'H/s' : COINS[value.coins[0]].hashrateUnit,
                    ),
                  },
                  { label: t('site.miners.power'), value: `${value.power} W` },
                  {
                    label: t('site.miners.unitPower'),
                    value: `${value.unit_power} ${value.unit_power_unit}`,
                  },
                  { label: t('site.miners.releaseDate'), value: value.release_date ?? '--' },
                  { label: t('site.miners.noise'), value: orDash(value.noise_level, ' dB') },
                  { label: t('site.miners.weight'), value: orDash(value.weight, ' kg') },
                  { label: t('site.miners.size'), value: orDash(value.size, ' mm') },
                  { label: t('site.miners.fans'), value: orDash(value.fans) },
                  { label: t('site.miners.voltage'), value: orDash(value.voltage) },
                  { label: t('site.miners.temperature'), value: orDash(value.temperature, ' °C') },
                  { label: t('site.miners.humidity'), value: orDash(value.humidity, ' %') },
                ]}
              />
            </Card>
            <Card title={t('site.miners.sellers')}>
              {value.sellers.length === 0 ? (
                <p>{t('site.miners.noSellers')}</p>
              ) : (
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
              )}
            </Card>
            <Card title={t('site.miners.sources')}>
              <ul className={uiStyles.breakAnywhere}>
                {value.sources.map((source) => (
                  <li key={source}>{source}</li>
                ))}
              </ul>
            </Card>
          </>
        )}
      </DataSection>
    </PageFrame>
  );
}
