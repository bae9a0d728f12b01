import { type AdminWithdrawal, type WithdrawalState, withdrawalStateSchema } from '@poolkit/core';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { useServices } from '../../app/servicesContext';
import { Card, uiStyles } from '../../app/ui';
import { useEndpoint } from '../../app/useApiData';
import { AdminFrame } from './AdminFrame';
import * as styles from './admin.css';
import { ChoiceField } from './ChoiceField';
import { ReviewTable } from './ReviewTable';
import { usePaging } from './usePaging';

/**
 * What the operator decides on, restated in the confirmation dialogs: user, amount with its
 * coin, fee, address and parts, so an approval or a rejection is never made on the wrong row.
 */
function WithdrawalSummary({ row }: { row: AdminWithdrawal }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.summaryList}>
      <dt>{t('site.admin.withdrawalUser')}</dt>
      <dd>
        {row.user} · {row.account}
      </dd>
      <dt>{t('site.admin.withdrawalAmount')}</dt>
      <dd>
        <strong>
          {row.amount} {row.coin.toUpperCase()}
        </strong>
      </dd>
      <dt>{t('site.admin.withdrawalFee')}</dt>
      <dd>
        {row.fee} {row.coin.toUpperCase()}
      </dd>
      <dt>{t('site.admin.withdrawalAddress')}</dt>
      <dd className={styles.address}>{row.address}</dd>
      <dt>{t('site.admin.withdrawalParts')}</dt>
      <dd>{row.parts}</dd>
    </dl>
  );
}

/**
 * `/admin/withdrawals`: the audit queue. Withdrawals above a coin's audit limit wait here,
 * oldest first; the operator approves one (it is paid) or rejects it with a reason the user
 * sees (it is refunded). The other states list the decided and paid ones, newest first.
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const paging = usePaging<WithdrawalState>('manual');
  const withdrawals = useEndpoint('adminWithdrawals', {
    query: { state: paging.filter, ...paging.query },
  });

  const decided = paging.filter !== 'manual';
  return (
    <AdminFrame current="AdminWithdrawals">
      <Card title={t('site.routes.AdminWithdrawals')}>
        <p className={uiStyles.muted}>{t('site.admin.withdrawalsIntro')}</p>
        <div className={styles.filters}>
          <ChoiceField
            label={t('site.admin.withdrawalState')}
            value={paging.filter}
            values={withdrawalStateSchema.options}
            labelOf={(option) => t(`site.admin.withdrawalStates.${option}`)}
            onValueChange={paging.setFilter}
          />
        </div>
        <ReviewTable
          caption={t('site.admin.withdrawalTable')}
          data={withdrawals}
          rows={(answer) => answer.list}
          rowKey={(row) => row.id}
          emptyText={t('site.admin.noWithdrawals')}
          skeletonLines={6}
          // Phones: a block per withdrawal, Approve and Reject inside it, instead of a queue
          // that scrolls sideways.
          stackOnPhones
          paging={{ ...paging, showCount: true }}
          columns={[
            // Account, fee and parts sit under the cell they belong to, and the address is cut
            // to its ends (whole in its title and in the dialogs), so the decision column fits
            // at 1280 px without scrolling sideways.
            { key: 'id', header: t('site.admin.withdrawal'), cell: (row) => `#${row.id}` },
            {
              key: 'user',
              header: t('site.admin.withdrawalUser'),
              cell: (row) => (
                <>
                  {row.user}
                  <div className={uiStyles.muted}>{row.account}</div>
                </>
              ),
            },
            {
              key: 'amount',
              header: t('site.admin.withdrawalAmount'),
              cell: (row) => (
                <>
                  {`${row.amount} ${row.coin.toUpperCase()}`}
                  <div className={uiStyles.muted}>
                    {t('site.admin.withdrawalFeeAndParts', { fee: row.fee, parts: row.parts })}
                  </div>
                  {/* What a coin's node paid the network, on top of the amount: the pool's
                      cost, absent on the demo chain and before a part is confirmed. */}
                  {row.network_fee == null ? null : (
                    <div className={uiStyles.muted}>
                      {t('site.admin.withdrawalNetworkFee', { fee: row.network_fee })}
                    </div>
                  )}
                </>
              ),
            },
            {
              key: 'address',
              header: t('site.admin.withdrawalAddress'),
              cell: (row) => (
                <span className={`${styles.code} ${styles.addressCell}`} title={row.address}>
                  {row.address}
                </span>
              ),
            },
            {
              key: 'requested',
              header: t('site.admin.withdrawalRequested'),
              cell: (row) => dateTime(row.created_at),
            },
            decided
              ? {
                  key: 'review',
                  header: t('site.admin.withdrawalReview'),
                  cell: (row) =>
                    row.reviewed_by === null
                      ? '—'
                      : `${row.reviewed_by}${row.reject_reason === null ? '' : `: ${row.reject_reason}`}`,
                }
              : {
                  key: 'due',
                  header: t('site.admin.withdrawalDue'),
                  cell: (row) => (row.audit_due_at === null ? '—' : dateTime(row.audit_due_at)),
                },
          ]}
          decision={
            decided
              ? undefined
              : {
                  header: t('site.admin.withdrawalReview'),
                  summary: (row) => <WithdrawalSummary row={row} />,
                  approve: {
                    text: t('site.admin.approve'),
                    label: (row) => t('site.admin.approveLabel', { id: row.id }),
                    // Approving pays at once, so it is confirmed in a dialog that restates what
                    // is paid.
                    confirm: {
                      title: (row) => t('site.admin.approveTitle', { id: row.id }),
                      description: (row) =>
                        t('site.admin.approveHint', {
                          amount: row.amount,
                          coin: row.coin.toUpperCase(),
                        }),
                      action: t('site.admin.approveConfirm'),
                    },
                    run: async (row) => {
                      await api.approveWithdrawal({ params: { id: row.id }, body: {} });
                      showMessage(t('site.admin.approved', { id: row.id }), 'success');
                    },
                  },
                  reject: {
                    text: t('site.admin.reject'),
                    label: (row) => t('site.admin.rejectLabel', { id: row.id }),
                    title: (row) => t('site.admin.rejectTitle', { id: row.id }),
                    description: t('site.admin.rejectHint'),
                    reasonLabel: t('site.admin.rejectReason'),
                    reasonRequired: t('site.admin.rejectReasonRequired'),
                    maxLength: 200,
                    action: t('site.admin.rejectConfirm'),
                    run: async (row, reason) => {
                      await api.rejectWithdrawal({ params: { id: row.id }, body: { reason } });
                      showMessage(t('site.admin.rejected', { id: row.id }), 'success');
                    },
                  },
                }
          }
        />
      </Card>
    </AdminFrame>
  );
}
