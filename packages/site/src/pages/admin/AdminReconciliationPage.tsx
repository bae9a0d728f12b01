import type { Reconciliation, ReconciliationCoin } from '@poolkit/core';
import { Button, StatusTag } from '@poolkit/widgets';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
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

type NodeCoin = ReconciliationCoin & { node: NonNullable<ReconciliationCoin['node']> };
type DepositShortfall = NonNullable<Reconciliation['deposit_shortfalls']>[number];

type Column<Row> = { key: string; header: string; cell: (row: Row) => ReactNode };

/** The coin column every table of the page starts with. */
function coinColumn(t: TFunction): Column<{ coin: string }> {
  return {
    key: 'coin',
    header: t('site.admin.fields.coin'),
    cell: (row) => row.coin.toUpperCase(),
  };
}

/** A titled table below the books, with a line saying what it lists. */
function TableSection<Row>({
  title,
  intro,
  rows,
  rowKey,
  columns,
}: {
  title: string;
  intro: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
}) {
  return (
    <section>
      <h3>{title}</h3>
      <p className={uiStyles.muted}>{intro}</p>
      <DataTable<Row> caption={title} rows={rows} rowKey={rowKey} stackOnPhones columns={columns} />
    </section>
  );
}

function nodeCoins(coins: readonly ReconciliationCoin[]): NodeCoin[] {
  return coins.filter((coin): coin is NodeCoin => coin.node !== undefined);
}

/** A node's figure, or "No answer" when the node did not answer. */
function NodeAmount({ value, coin }: { value: string | null; coin: string }) {
  const { t } = useTranslation();
  return value === null ? (
    t('site.admin.nodeUnreachable')
  ) : (
    <LedgerAmount value={value} coin={coin} />
  );
}

/**
 * The coins on a node: the node wallet's balance (confirmed, unconfirmed) beside what the ledger
 * owes the coin's users, and the difference. Only the confirmed balance counts: unconfirmed
 * money can still leave with a reorganisation.
 */
function NodeWallets({ coins }: { coins: readonly NodeCoin[] }) {
  const { t } = useTranslation();
  return (
    <TableSection<NodeCoin>
      title={t('site.admin.nodeWallets')}
      intro={t('site.admin.nodeWalletsIntro')}
      rows={coins}
      rowKey={(row) => row.coin}
      columns={[
        coinColumn(t),
        { key: 'network', header: t('site.admin.network'), cell: (row) => row.node.network },
        {
          key: 'state',
          header: t('site.admin.state'),
          cell: (row) =>
            row.node.unreachable ? (
              <StatusTag tone="warning" size="sm">
                {t('site.admin.nodeUnreachable')}
              </StatusTag>
            ) : (
              <StatusTag tone={row.node.shortfall ? 'danger' : 'success'} size="sm">
                {row.node.shortfall ? t('site.admin.shortfall') : t('site.admin.covered')}
              </StatusTag>
            ),
        },
        {
          key: 'confirmed',
          header: t('site.admin.nodeConfirmed'),
          cell: (row) => <NodeAmount value={row.node.confirmed} coin={row.coin} />,
        },
        {
          key: 'unconfirmed',
          header: t('site.admin.nodeUnconfirmed'),
          cell: (row) => <NodeAmount value={row.node.unconfirmed} coin={row.coin} />,
        },
        {
          key: 'owed',
          header: t('site.admin.owed'),
          cell: (row) => <LedgerAmount value={row.users_total} coin={row.coin} />,
        },
        {
          key: 'difference',
          header: t('site.admin.difference'),
          cell: (row) => <NodeAmount value={row.node.difference} coin={row.coin} />,
        },
      ]}
    />
  );
}

/** Deposits a reorganisation took back after they were spent: open until settled. */
function DepositShortfalls({ rows }: { rows: readonly DepositShortfall[] }) {
  const { t } = useTranslation();
  return (
    <TableSection<DepositShortfall>
      title={t('site.admin.depositShortfalls')}
      intro={t('site.admin.depositShortfallsIntro')}
      rows={rows}
      rowKey={(row) => row.deposit_id}
      columns={[
        { key: 'account', header: t('site.admin.account'), cell: (row) => row.account },
        coinColumn(t),
        {
          key: 'amount',
          header: t('site.admin.fields.amount'),
          cell: (row) => <LedgerAmount value={row.amount} coin={row.coin} />,
        },
        { key: 'since', header: t('site.admin.since'), cell: (row) => dateTime(row.since) },
      ]}
    />
  );
}

/**
 * `/admin/reconciliation`: per coin, users' balances (available, frozen, total) against the
 * pool's books and the sum of the entries, each coin marked as agreeing or not, with the
 * ledger's own checks (records that do not sum to zero, user balances below zero). Coins on a
 * node add their node wallet's balance, a shortfall raised above everything else, and the
 * deposits a reorganisation reversed after they were spent are listed.
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
            {view.data.node_shortfall === true ? (
              <p role="alert" className={styles.verdict}>
                <StatusTag tone="danger">{t('site.admin.shortfall')}</StatusTag>
                <strong>{t('site.admin.nodeShortfall')}</strong>
              </p>
            ) : null}
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
                  coinColumn(t),
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
            {nodeCoins(view.data.coins).length > 0 ? (
              <NodeWallets coins={nodeCoins(view.data.coins)} />
            ) : null}
            {(view.data.deposit_shortfalls ?? []).length > 0 ? (
              <DepositShortfalls rows={view.data.deposit_shortfalls ?? []} />
            ) : null}
          </>
        ) : null}
      </Card>
    </AdminFrame>
  );
}
