import { type ContractOrderStatus, contractOrderStatusSchema } from '@poolkit/core';
import { Button } from '@poolkit/widgets';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { useServices } from '../../app/servicesContext';
import { Card, uiStyles } from '../../app/ui';
import { useEndpoint } from '../../app/useApiData';
import { openEvidence } from '../contract/contract';
import { AdminFrame } from './AdminFrame';
import * as styles from './admin.css';
import { ChoiceField } from './ChoiceField';
import { ReviewTable } from './ReviewTable';
import { usePaging } from './usePaging';

/**
 * `/admin/contract-orders`: orders paid by transfer wait in `review` with their evidence, oldest
 * first. The operator opens the files, then approves (the order waits for its effective date)
 * or rejects with a reason the user sees (its units go back on sale). Each decision is audited.
 */
export function Component() {
  const { t } = useTranslation();
  const services = useServices();
  const { api } = services;
  const paging = usePaging<ContractOrderStatus>('review');
  const orders = useEndpoint('adminContractOrders', {
    query: { status: paging.filter, ...paging.query },
  });

  const reviewing = paging.filter === 'review';
  return (
    <AdminFrame current="AdminContractOrders">
      <Card title={t('site.routes.AdminContractOrders')}>
        <p className={uiStyles.muted}>{t('contracts.admin.ordersIntro')}</p>
        <div className={styles.filters}>
          <ChoiceField
            label={t('contracts.order.status')}
            value={paging.filter}
            values={contractOrderStatusSchema.options}
            labelOf={(option) => t(`status.${option}`)}
            onValueChange={paging.setFilter}
          />
        </div>
        <ReviewTable
          caption={t('contracts.admin.ordersCaption')}
          data={orders}
          rows={(answer) => answer.list}
          rowKey={(row) => row.id}
          emptyText={t('contracts.admin.noOrders')}
          paging={paging}
          columns={[
            { key: 'id', header: t('contracts.order.id'), cell: (row) => `#${row.id}` },
            { key: 'user', header: t('contracts.admin.user'), cell: (row) => row.username },
            {
              key: 'product',
              header: t('contracts.order.product'),
              cell: (row) => row.product_name,
            },
            {
              key: 'quantity',
              header: t('contracts.order.quantity'),
              numeric: true,
              cell: (row) => row.quantity,
            },
            {
              key: 'amount',
              header: t('contracts.order.payAmount'),
              numeric: true,
              cell: (row) => `${row.pay_amount} ${row.currency}`,
            },
            {
              key: 'created',
              header: t('contracts.order.createdAt'),
              cell: (row) => dateTime(row.created_at),
            },
            {
              key: 'evidence',
              header: t('contracts.order.evidence'),
              cell: (row) => (
                <div className={uiStyles.row}>
                  {row.payment_certificates.map((url, index) => (
                    <Button
                      key={url}
                      size="sm"
                      variant="ghost"
                      aria-label={t('contracts.order.openFile', {
                        name: `${t('contracts.order.file', { index: index + 1 })} #${row.id}`,
                      })}
                      onClick={() => void openEvidence(services.session, url).catch(reportError)}
                    >
                      {t('contracts.order.file', { index: index + 1 })}
                    </Button>
                  ))}
                </div>
              ),
            },
            !reviewing && {
              key: 'reason',
              header: t('contracts.order.rejectReason'),
              cell: (row) => row.reject_reason ?? '—',
            },
          ]}
          decision={
            reviewing
              ? {
                  header: t('contracts.order.status'),
                  // Approving only schedules the order (nothing is paid): no confirmation.
                  approve: {
                    text: t('contracts.admin.approve'),
                    label: (row) => t('contracts.admin.approveLabel', { id: row.id }),
                    run: async (row) => {
                      await api.reviewContractOrder({
                        params: { order_id: row.id },
                        body: { decision: 'approve' },
                      });
                      showMessage(t('contracts.admin.approved', { id: row.id }), 'success');
                    },
                  },
                  reject: {
                    text: t('contracts.admin.reject'),
                    label: (row) => t('contracts.admin.rejectLabel', { id: row.id }),
                    title: (row) => t('contracts.admin.rejectTitle', { id: row.id }),
                    reasonLabel: t('contracts.admin.rejectReason'),
                    reasonRequired: t('contracts.admin.rejectReasonRequired'),
                    maxLength: 512,
                    action: t('contracts.admin.reject'),
                    run: async (row, reason) => {
                      await api.reviewContractOrder({
                        params: { order_id: row.id },
                        body: { decision: 'reject', reason },
                      });
                      showMessage(t('contracts.admin.rejected', { id: row.id }), 'success');
                    },
                  },
                }
              : undefined
          }
        />
      </Card>
    </AdminFrame>
  );
}
