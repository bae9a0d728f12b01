import {
  type AdminContractOrder,
  type ContractOrderStatus,
  contractOrderStatusSchema,
  PAGE_SIZE,
} from '@poolkit/core';
import { Button, Dialog, FormField, Input, Select, Table } from '@poolkit/widgets';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { Pager } from '../../app/sections';
import { useServices } from '../../app/servicesContext';
import { Card, EmptyState, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { openEvidence } from '../contract/contract';
import { AdminFrame } from './AdminFrame';
import * as styles from './admin.css';

/**
 * `/admin/contract-orders`: orders paid by transfer wait in `review` with their evidence, oldest
 * first. The operator opens the files, then approves (the order waits for its effective date)
 * or rejects with a reason the user sees (its units go back on sale). Each decision is audited.
 */
export function Component() {
  const { t } = useTranslation();
  const services = useServices();
  const { api } = services;
  const [status, setStatus] = useState<ContractOrderStatus>('review');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<AdminContractOrder | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const orders = useApiData(
    async (signal) =>
      api.adminContractOrders({ query: { status, page, page_size: PAGE_SIZE } }, { signal }),
    [status, page, version],
  );

  async function approve(row: AdminContractOrder) {
    setBusy(row.id);
    try {
      await api.reviewContractOrder({
        params: { order_id: row.id },
        body: { decision: 'approve' },
      });
      showMessage(t('contracts.admin.approved', { id: row.id }), 'success');
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(null);
      setVersion((value) => value + 1);
    }
  }

  async function reject(event: FormEvent) {
    event.preventDefault();
    if (rejecting === null) return;
    if (reason.trim() === '') {
      setReasonError(t('contracts.admin.rejectReasonRequired'));
      return;
    }
    setBusy(rejecting.id);
    try {
      await api.reviewContractOrder({
        params: { order_id: rejecting.id },
        body: { decision: 'reject', reason: reason.trim() },
      });
      showMessage(t('contracts.admin.rejected', { id: rejecting.id }), 'success');
      setRejecting(null);
      setVersion((value) => value + 1);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(null);
    }
  }

  const reviewing = status === 'review';
  return (
    <AdminFrame current="AdminContractOrders">
      <Card title={t('site.routes.AdminContractOrders')}>
        <p className={uiStyles.muted}>{t('contracts.admin.ordersIntro')}</p>
        <div className={styles.filters}>
          <FormField label={t('contracts.order.status')}>
            <Select
              value={status}
              onValueChange={(value) => {
                const parsed = contractOrderStatusSchema.safeParse(value);
                if (!parsed.success) return;
                setStatus(parsed.data);
                setPage(1);
              }}
              options={contractOrderStatusSchema.options.map((option) => ({
                value: option,
                label: t(`status.${option}`),
              }))}
            />
          </FormField>
        </div>
        <Table<AdminContractOrder>
          caption={t('contracts.admin.ordersCaption')}
          rows={orders.status === 'ready' ? orders.data.list : []}
          getRowKey={(row) => row.id}
          loading={orders.status === 'loading'}
          density="compact"
          labels={{ empty: t('contracts.admin.noOrders') }}
          error={
            orders.status === 'error' ? (
              <EmptyState text={t('site.common.loadFailed')} />
            ) : undefined
          }
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
            ...(reviewing
              ? [
                  {
                    key: 'decide',
                    header: t('contracts.order.status'),
                    cell: (row: AdminContractOrder) => (
                      <div className={uiStyles.row}>
                        <Button
                          size="sm"
                          aria-label={t('contracts.admin.approveLabel', { id: row.id })}
                          loading={busy === row.id}
                          onClick={() => void approve(row)}
                        >
                          {t('contracts.admin.approve')}
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={t('contracts.admin.rejectLabel', { id: row.id })}
                          disabled={busy === row.id}
                          onClick={() => {
                            setReason('');
                            setReasonError(undefined);
                            setRejecting(row);
                          }}
                        >
                          {t('contracts.admin.reject')}
                        </Button>
                      </div>
                    ),
                  },
                ]
              : [
                  {
                    key: 'reason',
                    header: t('contracts.order.rejectReason'),
                    cell: (row: AdminContractOrder) => row.reject_reason ?? '—',
                  },
                ]),
          ]}
        />
        {orders.status === 'ready' && orders.data.total > orders.data.page_size ? (
          <Pager
            page={page}
            pageSize={orders.data.page_size}
            total={orders.data.total}
            onPageChange={setPage}
          />
        ) : null}
      </Card>
      <Dialog
        open={rejecting !== null}
        onOpenChange={(open) => {
          if (!open) setRejecting(null);
        }}
        title={rejecting === null ? '' : t('contracts.admin.rejectTitle', { id: rejecting.id })}
      >
        <form noValidate onSubmit={(event) => void reject(event)}>
          <FormField label={t('contracts.admin.rejectReason')} error={reasonError} required>
            <Input
              value={reason}
              maxLength={512}
              autoComplete="off"
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(undefined);
              }}
            />
          </FormField>
          <div className={styles.actions}>
            <Button
              type="submit"
              variant="danger"
              loading={rejecting !== null && busy === rejecting.id}
            >
              {t('contracts.admin.reject')}
            </Button>
          </div>
        </form>
      </Dialog>
    </AdminFrame>
  );
}
