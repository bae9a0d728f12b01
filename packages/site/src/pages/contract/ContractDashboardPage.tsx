import type { ContractDashboard } from '@poolkit/core';
import Big from 'big.js';
import { useTranslation } from 'react-i18next';
import { coinAmount, hashrate } from '../../app/format';
import { useServices } from '../../app/servicesContext';
import {
  AppLink,
  Card,
  CardGrid,
  EmptyState,
  PageFrame,
  Skeleton,
  Stats,
  uiStyles,
} from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { ContractTabs } from './ContractTabs';
import * as styles from './contract.css';

type Row = ContractDashboard['list'][number];

/** Bars of each coin's total output, in its share of the largest (coins differ in unit). */
function OutputChart({ rows }: { rows: readonly Row[] }) {
  const { t } = useTranslation();
  const values = rows.map((row) => Number(row.total_net_amount));
  const largest = Math.max(...values, 0);
  return (
    <figure className={styles.chart}>
      <figcaption className={uiStyles.muted}>{t('contracts.dashboard.chart')}</figcaption>
      <ul className={styles.bars}>
        {rows.map((row, index) => {
          const share = largest > 0 ? (values[index] ?? 0) / largest : 0;
          return (
            <li key={row.coin} className={styles.barRow}>
              <span className={styles.barLabel}>{row.coin.toUpperCase()}</span>
              <span className={styles.barTrack} aria-hidden="true">
                <span className={styles.bar} style={{ width: `${Math.round(share * 100)}%` }} />
              </span>
              <span className={styles.barValue}>{coinAmount(row.total_net_amount, row.coin)}</span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}

/**
 * `/contract/dashboard`: per coin, the hashrate under contract, active orders, yesterday's and
 * total output, and a chart of the totals.
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const dashboard = useApiData(async (signal) => api.contractDashboard({}, { signal }), []);
  return (
    <PageFrame title={t('site.routes.ContractDashboard')}>
      <ContractTabs current="ContractDashboard" />
      {dashboard.status === 'loading' ? (
        <Card>
          <Skeleton lines={4} />
        </Card>
      ) : dashboard.status !== 'ready' || dashboard.data.list.length === 0 ? (
        <Card>
          <EmptyState
            text={t('contracts.dashboard.empty')}
            action={<AppLink to="/contract/list">{t('contracts.orders.browse')}</AppLink>}
          />
        </Card>
      ) : (
        <>
          <CardGrid>
            {dashboard.data.list.map((row) => (
              <Card key={row.coin} title={row.coin.toUpperCase()}>
                <Stats
                  items={[
                    { label: t('contracts.dashboard.power'), value: hashrate(row.power, row.coin) },
                    { label: t('contracts.dashboard.active'), value: row.active_orders },
                    {
                      label: t('contracts.dashboard.yesterday'),
                      value: coinAmount(row.yesterday_net_amount, row.coin),
                    },
                    {
                      label: t('contracts.dashboard.total'),
                      value: coinAmount(row.total_net_amount, row.coin),
                    },
                  ]}
                />
              </Card>
            ))}
          </CardGrid>
          {dashboard.data.list.some((row) => new Big(row.total_net_amount).gt(0)) ? (
            <Card>
              <OutputChart rows={dashboard.data.list} />
            </Card>
          ) : null}
        </>
      )}
    </PageFrame>
  );
}
