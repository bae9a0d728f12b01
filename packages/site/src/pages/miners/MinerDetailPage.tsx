import type { CatalogueMinerDetail, CatalogueSpec } from '@poolkit/core/contract';
import { PROFIT_MONTH_DAYS } from '@poolkit/core/domain';
import { formatDecimal, multiplyDecimal } from '@poolkit/core/format';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { hashrate, money } from '../../app/format';
import { useParams } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { Card, DataSection, DataTable, PageFrame, Stats, Unverified, uiStyles } from '../../app/ui';
import { type ApiData, useApiData } from '../../app/useApiData';
import { ElectricityPriceField, useElectricityPrice } from './electricity';

const orDash = (value: string | number | null, unit = '') =>
  value === null ? '--' : `${value}${unit}`;

/**
 * A source as the data writes it: a full URL (then what it confirms) becomes a link; a shortened
 * one (`…/news/TP-Link-NX31-...`) stays text, as it would lead nowhere.
 */
function Source({ text }: { text: string }) {
  const match = /^(https?:\/\/\S+)(.*)$/.exec(text);
  if (match?.[1] === undefined || match[1].includes('...')) return <>{text}</>;
  return (
    <>
      <a href={match[1]} className={uiStyles.link} rel="noopener noreferrer" target="_blank">
        {match[1]}
      </a>
      {match[2]}
    </>
  );
}

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
  /** An amount in the machine's currency, as the site writes money (`￥691,767.46`). */
  const inCurrency = (value: CatalogueMinerDetail, amount: string) => money(amount, value.currency);
  return (
    <PageFrame
      title={
        miner.status === 'ready'
          ? `${miner.data.vendor} ${miner.data.model}`
          : t('site.routes.MinerCatalogueDetail')
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
                      value: inCurrency(value, value.daily_revenue),
                    },
                    {
                      label: t('site.miners.dailyCost'),
                      value: inCurrency(value, value.daily_cost),
                    },
                    { label: t('site.miners.profit'), value: inCurrency(value, value.profit) },
                    {
                      label: t('site.miners.monthlyProfit'),
                      value: inCurrency(
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
                          : `${money(value.coin_price, value.currency)} (${value.coins[0]?.toUpperCase() ?? ''})`,
                    },
                  ]}
                />
              </div>
              <p className={uiStyles.muted}>{t('site.miners.estimateNote')}</p>
            </Card>
            <Card title={t('site.miners.figures')}>
              <Stats
                items={(
                  [
                    ['algorithms', t('site.home.algorithm'), value.algorithms.join(', ')],
                    [
                      'hashrate',
                      t('site.mining.hashrate'),
                      hashrate(value.hashrate, value.coins[0] ?? ''),
                    ],
                    ['power', t('site.miners.power'), `${value.power} W`],
                    [
                      'unit_power',
                      t('site.miners.unitPower'),
                      `${value.unit_power} ${value.unit_power_unit}`,
                    ],
                    ['release_date', t('site.miners.releaseDate'), value.release_date ?? '--'],
                    ['noise_level', t('site.miners.noise'), orDash(value.noise_level, ' dB')],
                    ['weight', t('site.miners.weight'), orDash(value.weight, ' kg')],
                    ['size', t('site.miners.size'), orDash(value.size, ' mm')],
                    ['fans', t('site.miners.fans'), orDash(value.fans)],
                    ['voltage', t('site.miners.voltage'), orDash(value.voltage)],
                    ['temperature', t('site.miners.temperature'), orDash(value.temperature, ' °C')],
                    ['humidity', t('site.miners.humidity'), orDash(value.humidity, ' %')],
                  ] as const satisfies readonly (readonly [CatalogueSpec, string, string])[]
                ).map(([spec, label, text]) => ({
                  label,
                  // A figure that is not known carries no mark: there is nothing to doubt.
                  value: (
                    <Unverified unverified={text !== '--' && value.unverified_specs.includes(spec)}>
                      {text}
                    </Unverified>
                  ),
                }))}
              />
              {value.unverified_specs.length > 0 ? (
                <p className={uiStyles.legend}>{t('site.miners.notVerified')}</p>
              ) : null}
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
                      cell: (row) => (row.price === null ? '--' : money(row.price, value.currency)),
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
                  <li key={source}>
                    <Source text={source} />
                  </li>
                ))}
              </ul>
            </Card>
          </>
        )}
      </DataSection>
    </PageFrame>
  );
}
