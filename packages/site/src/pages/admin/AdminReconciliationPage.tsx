import type { ReconciliationCoin } from '@poolkit/core';
import { Button, StatusTag } from '@poolkit/widgets';
import { useTranslation } from 'react-i18next';
import { coinMoney, dateTime } from '../../app/format';
import { useServices } from '../../app/servicesContext';
import { Card, DataTable, EmptyState, Skeleton, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { AdminFrame } from './AdminFrame';
import * as styles from './admin.css';

/**
 * A ledger amount as the site shows amounts of its coin: the coin's precision, its unit and
 * grouped digits (`2,020,477.446168 BTC`). The exact figure the ledger holds, with every decimal,
 * is the title, since operators sometimes compare the last digits.
 */
function LedgerAmount({ value, coin }: { value: string; coin: string }) {
  return (
    <span className={styles.exact} title={value}>
      {coinMoney(value, coin)}
    </span>
  );
}

/**
 * `/admin/reconciliation`: per coin, users' balances (available, frozen, total) against the
 * pool's books and the sum of the entries, each coin marked as agreeing or not, with the
 * ledger's own checks (records that do not sum to zero, user balances below zero).
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const view = useApiData(async (signal) => api.adminReconciliation({}, { signal }), []);

  return (
    <AdminFrame current="AdminReconciliation">
      <Card title={t('site.routes.AdminReconciliation')}>
        <p className={uiStyles.muted}>{t('site.admin.reconciliationIntro')}</p>
        {view.status === 'loading' ? <Skeleton lines={4} /> : null}
        {view.status === 'error' ? (
          <EmptyState
            text={t('site.common.loadFailed')}
            action={
              <Button variant="secondary" size="sm" onClick={view.reload}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : null}
        {view.status === 'ready' ? (
          <>
            <div className={`${uiStyles.row} ${styles.summary}`}>
              <p className={styles.verdict}>
                <StatusTag tone={view.data.ok ? 'success' : 'danger'}>
                  {view.data.ok ? t('site.admin.agrees') : t('site.admin.differs')}
                </StatusTag>
                <span>
                  {view.data.ok
                    ? t('site.admin.reconciliationOk')
                    : t('site.admin.reconciliationOff')}
                </span>
              </p>
              <Button variant="secondary" size="sm" onClick={view.reload}>
                {t('site.admin.recheck')}
              </Button>
            </div>
            <p className={uiStyles.muted}>
              {t('site.admin.checkedAt', { time: dateTime(view.data.checked_at) })} ·{' '}
              {t('site.admin.counts', {
                balances: view.data.balances,
                entries: view.data.entries,
              })}
            </p>
            {view.data.unbalanced_records.length > 0 ? (
              <p role="alert">
                {t('site.admin.unbalancedRecords', {
                  count: view.data.unbalanced_records.length,
                })}{' '}
                {/* An imbalance is often a few units of the last decimal: its sum is shown exact. */}
                {view.data.unbalanced_records
                  .map(
                    (record) =>
                      `#${record.transaction_id} (${record.sum} ${record.coin.toUpperCase()})`,
                  )
                  .join(', ')}
              </p>
            ) : null}
            {view.data.overdrawn_balances.length > 0 ? (
              <p role="alert">
                {t('site.admin.overdrawn', { count: view.data.overdrawn_balances.length })}
              </p>
            ) : null}
            {view.data.coins.length === 0 ? (
              <EmptyState text={t('site.admin.noLedger')} />
            ) : (
              <DataTable<ReconciliationCoin>
                caption={t('site.routes.AdminReconciliation')}
                rows={view.data.coins}
                rowKey={(row) => row.coin}
                stackOnPhones
                columns={[
                  {
                    key: 'coin',
                    header: t('site.admin.fields.coin'),
                    cell: (row) => row.coin.toUpperCase(),
                  },
                  {
                    key: 'state',
                    header: t('site.admin.state'),
                    cell: (row) => (
                      <StatusTag tone={row.ok ? 'success' : 'danger'} size="sm">
                        {row.ok ? t('site.admin.agrees') : t('site.admin.differs')}
                      </StatusTag>
                    ),
                  },
                  {
                    key: 'available',
                    header: t('site.admin.usersAvailable'),
                    cell: (row) => <LedgerAmount value={row.users_available} coin={row.coin} />,
                  },
                  {
                    key: 'frozen',
                    header: t('site.admin.usersFrozen'),
                    cell: (row) => <LedgerAmount value={row.users_frozen} coin={row.coin} />,
                  },
                  {
                    key: 'total',
                    header: t('site.admin.usersTotal'),
                    cell: (row) => <LedgerAmount value={row.users_total} coin={row.coin} />,
                  },
                  {
                    key: 'pool',
                    header: t('site.admin.poolAssets'),
                    cell: (row) => <LedgerAmount value={row.pool_assets} coin={row.coin} />,
                  },
                  {
                    key: 'ledger',
                    header: t('site.admin.ledgerTotal'),
                    cell: (row) => <LedgerAmount value={row.ledger_total} coin={row.coin} />,
                  },
                  {
                    key: 'mismatched',
                    header: t('site.admin.mismatched'),
                    cell: (row) => row.mismatched_balances,
                  },
                  {
                    key: 'system',
                    header: t('site.admin.poolAccounts'),
                    cell: (row) => (
                      <ul className={styles.poolAccounts}>
                        {row.system.map((account) => (
                          <li key={account.name}>
                            {/* Name above amount: with units, one line would push the table wide. */}
                            <div className={uiStyles.muted}>{account.name}</div>
                            <LedgerAmount value={account.balance} coin={row.coin} />
                          </li>
                        ))}
                      </ul>
                    ),
                  },
                ]}
              />
            )}
          </>
        ) : null}
      </Card>
    </AdminFrame>
  );
}
