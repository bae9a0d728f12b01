import type { EndpointOutput } from '@poolkit/core/client';
import type { CoinListItem, Endpoints, PoolInfo } from '@poolkit/core/contract';
import { HintText } from '@poolkit/widgets';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencySelect, fiatPrice, useDisplayCurrency } from '../../app/currency';
import { coinAmount, coinMoney, count, dateTime, hashrate, perHashrate } from '../../app/format';
import { HashrateCard, useSeriesRange } from '../../app/sections';
import { useServices } from '../../app/servicesContext';
import {
  AppLink,
  Card,
  CardGrid,
  ContentLink,
  DataTable,
  Stats,
  Unverified,
  uiStyles,
} from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { coinHome } from '../../app/usePools';
import * as styles from './HomePage.css';
import { halvingTimeLeft } from './halvingTimeLeft';

/**
 * The home page's parts that exist only once their data has arrived: the tables, the news list,
 * the halving countdowns and the chart, with the number and date formatters (big.js, dayjs) they
 * need. The page's prerendered markup and its first render show skeletons, so this module is not
 * on the path to a usable page: `HomePage` fetches it beside the data.
 */

type CoinPageRow = EndpointOutput<Endpoints['coinPages']>['list'][number];
type Announcement = EndpointOutput<Endpoints['announcements']>['list'][number];

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

function HalvingCard({ coin }: { coin: CoinListItem }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const halving = coin.halving;
  if (halving === null) return null;
  // Counts down to the date the server estimated with the height, never re-estimating it.
  const remaining = halvingTimeLeft(halving, now);
  return (
    <Card title={t('site.home.halvingOf', { coin: coin.symbol })}>
      <Stats
        items={[
          {
            // Over both columns, with two-digit hours, minutes and seconds: the ticking value
            // keeps one width and one line, so the page below it does not move every second.
            label: t('site.home.halvingIn'),
            wide: true,
            value: t('site.home.countdown', {
              days: remaining.days,
              hours: twoDigits(remaining.hours),
              minutes: twoDigits(remaining.minutes),
              seconds: twoDigits(remaining.seconds),
            }),
          },
          {
            label: t('site.home.halvingHeight'),
            value: (
              <Unverified unverified={coin.unverified.includes('halving')}>
                {count(halving.next_height)}
              </Unverified>
            ),
          },
          { label: t('site.home.nextReward'), value: coinMoney(halving.next_reward, coin.coin) },
          { label: t('site.home.estimatedAt'), value: dateTime(halving.estimated_at) },
        ]}
      />
    </Card>
  );
}

/**
 * An algorithm's short name, with its note (a variant, a past algorithm) behind an info button
 * and, when `unverified`, the mark beside the name.
 */
function Algorithm({
  name,
  note,
  unverified = false,
}: {
  name: string;
  note: string | null;
  unverified?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <HintText hint={note} label={t('mining.aboutAlgorithm', { name })}>
      <Unverified unverified={unverified}>{name}</Unverified>
    </HintText>
  );
}

/**
 * The pool statistics table: a row per coin. It fits a desktop card (short algorithm names, the
 * profit per unit in as few characters as its digits allow) and becomes a list of labelled rows
 * on a phone.
 */
export function PoolStatsTable({ list }: { list: readonly CoinPageRow[] }) {
  const { t } = useTranslation();
  const currency = useDisplayCurrency();
  const priced = list.some((row) => row.price !== null);
  return (
    <>
      {priced ? (
        <div className={styles.currency}>
          <div className={styles.currencyField}>
            <CurrencySelect
              value={currency.entry}
              rates={currency.rates}
              onChange={currency.choose}
            />
          </div>
        </div>
      ) : null}
      <DataTable
        caption={t('site.home.poolStats')}
        rows={list}
        rowKey={(row) => row.coin}
        stackOnPhones
        columns={[
          {
            key: 'coin',
            header: t('site.home.coin'),
            cell: (row) => (
              <AppLink to={coinHome(row.coin)} className={uiStyles.link}>
                {row.symbol} <span className={uiStyles.muted}>{row.name}</span>
              </AppLink>
            ),
          },
          {
            key: 'algorithm',
            header: t('site.home.algorithm'),
            cell: (row) => <Algorithm name={row.algorithm} note={row.algorithm_note} />,
          },
          // Without a price feed every price is unknown: no column of dashes.
          ...(priced
            ? [
                {
                  key: 'price',
                  header: t('site.home.price'),
                  cell: (row: CoinPageRow) =>
                    row.price === null ? '--' : fiatPrice(row.price, currency.entry),
                },
              ]
            : []),
          {
            key: 'pool',
            header: t('site.home.poolHashrate'),
            cell: (row) => hashrate(row.pool_hashrate, row.coin),
          },
          {
            key: 'network',
            header: t('site.home.networkHashrate'),
            cell: (row) => hashrate(row.network_hashrate, row.coin),
          },
          {
            key: 'miners',
            header: t('site.home.miners'),
            cell: (row) => count(row.miners),
          },
          {
            key: 'profit',
            header: t('site.home.dailyProfit'),
            // Three significant digits at least (BTC per TH/s in satoshis), never 0 for a profit.
            // A rate, not money held: coinAmount keeps these digits; the row names its coin.
            cell: (row) => (
              <>
                {coinAmount(row.daily_profit, row.coin, 3)}{' '}
                <span className={uiStyles.muted}>
                  / {perHashrate(row.profit_unit_hashrate, row.coin)}
                </span>
              </>
            ),
          },
          {
            key: 'payout',
            header: t('site.home.payout'),
            cell: (row) => row.payout_models.join(', '),
          },
        ]}
      />
    </>
  );
}

/** The coin facts table and a halving countdown per coin that halves. */
export function CoinFacts({ list }: { list: readonly CoinListItem[] }) {
  const { t } = useTranslation();
  const currency = useDisplayCurrency();
  return (
    <>
      <Card>
        <DataTable
          caption={t('site.home.coinInfo')}
          rows={list}
          rowKey={(coin) => coin.coin}
          stackOnPhones
          columns={[
            {
              key: 'coin',
              header: t('site.home.coin'),
              cell: (coin) => (
                <AppLink to={coinHome(coin.coin)} className={uiStyles.link}>
                  {coin.symbol} <span className={uiStyles.muted}>{coin.name}</span>
                </AppLink>
              ),
            },
            {
              key: 'algorithm',
              header: t('site.home.algorithm'),
              cell: (coin) => (
                <Algorithm
                  name={coin.algorithm}
                  note={coin.algorithm_note}
                  unverified={coin.unverified.includes('algorithm')}
                />
              ),
            },
            {
              key: 'blockTime',
              header: t('site.home.blockTime'),
              cell: (coin) => (
                <Unverified unverified={coin.unverified.includes('block_time_s')}>
                  {t('site.home.seconds', { count: coin.block_time_s })}
                </Unverified>
              ),
            },
            {
              key: 'reward',
              header: t('site.home.blockReward'),
              cell: (coin) => (
                <Unverified unverified={coin.unverified.includes('block_reward')}>
                  {coinMoney(coin.block_reward, coin.coin)}
                </Unverified>
              ),
            },
            ...(list.some((coin) => coin.price !== null)
              ? [
                  {
                    key: 'price',
                    header: t('site.home.price'),
                    cell: (coin: CoinListItem) =>
                      coin.price === null ? '--' : fiatPrice(coin.price, currency.entry),
                  },
                ]
              : []),
          ]}
        />
        {list.some((coin) => coin.unverified.length > 0) ? (
          <p className={uiStyles.legend}>{t('site.home.unverifiedLegend')}</p>
        ) : null}
      </Card>
      <h2 className={styles.sectionTitle}>{t('site.home.halvings')}</h2>
      {list.some((coin) => coin.halving !== null) ? (
        <CardGrid>
          {list.map((coin) => (
            <HalvingCard key={coin.coin} coin={coin} />
          ))}
        </CardGrid>
      ) : (
        <Card>
          <p className={uiStyles.muted}>{t('site.home.noHalvings')}</p>
        </Card>
      )}
    </>
  );
}

/** The announcements, pinned then newest first as the server sends them. */
export function AnnouncementList({ list }: { list: readonly Announcement[] }) {
  return (
    <ul className={styles.newsList}>
      {list.map((item) => (
        <li key={String(item.id)}>
          {item.url ? (
            <ContentLink href={item.url} className={uiStyles.link}>
              {item.title}
            </ContentLink>
          ) : (
            item.title
          )}{' '}
          <span className={uiStyles.muted}>{dateTime(item.published_at).slice(0, 10)}</span>
        </li>
      ))}
    </ul>
  );
}

export function PoolChart({ pools }: { pools: readonly PoolInfo[] }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [selected, setSelected] = useState(pools[0]?.name ?? '');
  const span = useSeriesRange();
  const series = useApiData(
    selected === ''
      ? null
      : async (signal) =>
          api.poolHashrates({ params: { pool: selected }, query: span.query }, { signal }),
    [selected, span.range],
  );
  return (
    <HashrateCard
      title={t('site.home.hashrateChart')}
      coin={pools.find((pool) => pool.name === selected)?.coin ?? ''}
      data={series}
      span={span}
      toolbar={
        <>
          <label className={uiStyles.muted} htmlFor="home-chart-pool">
            {t('site.home.pool')}
          </label>
          <select
            id="home-chart-pool"
            className={uiStyles.input}
            value={selected}
            onChange={(event) => setSelected(event.target.value)}
          >
            {pools.map((pool) => (
              <option key={pool.name} value={pool.name}>
                {pool.label}
              </option>
            ))}
          </select>
        </>
      }
    />
  );
}
