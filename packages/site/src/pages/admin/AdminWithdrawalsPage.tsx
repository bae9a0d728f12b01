import {
  type AdminWithdrawal,
  PAGE_SIZE,
  type WithdrawalState,
  withdrawalStateSchema,
} from '@poolkit/core';
import { Button, Dialog, FormField, Input, Select } from '@poolkit/widgets';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { Pager } from '../../app/sections';
import { useServices } from '../../app/servicesContext';
import { Card, DataSection, DataTable, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { AdminFrame } from './AdminFrame';
import * as styles from './admin.css';

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
  const [state, setState] = useState<WithdrawalState>('manual');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  // Approving pays at once, so it is confirmed in a dialog that restates what is paid.
  const [approving, setApproving] = useState<AdminWithdrawal | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const withdrawals = useApiData(
    async (signal) =>
      api.adminWithdrawals({ query: { state, page, page_size: PAGE_SIZE } }, { signal }),
    [state, page, version],
  );

  async function approve(row: AdminWithdrawal) {
    setBusy(row.id);
    try {
      await api.approveWithdrawal({ params: { id: row.id }, body: {} });
      showMessage(t('site.admin.approved', { id: row.id }), 'success');
      setApproving(null);
      setVersion((value) => value + 1);
    } catch (error) {
      reportError(error);
      setApproving(null);
      setVersion((value) => value + 1);
    } finally {
      setBusy(null);
    }
  }

  async function reject(event: FormEvent) {
    event.preventDefault();
    if (rejecting === null) return;
    if (reason.trim() === '') {
      setReasonError(t('site.admin.rejectReasonRequired'));
      return;
    }
    setBusy(rejecting.id);
    try {
      await api.rejectWithdrawal({ params: { id: rejecting.id }, body: { reason: reason.trim() } });
      showMessage(t('site.admin.rejected', { id: rejecting.id }), 'success');
      setRejecting(null);
      setVersion((value) => value + 1);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(null);
    }
  }

  const decided = state !== 'manual';
  return (
    <AdminFrame current="AdminWithdrawals">
      <Card title={t('site.routes.AdminWithdrawals')}>
        <p className={uiStyles.muted}>{t('site.admin.withdrawalsIntro')}</p>
        <div className={styles.filters}>
          <FormField label={t('site.admin.withdrawalState')}>
            <Select
              value={state}
              onValueChange={(value) => {
                const parsed = withdrawalStateSchema.safeParse(value);
                if (!parsed.success) return;
                setState(parsed.data);
                setPage(1);
              }}
              options={withdrawalStateSchema.options.map((option) => ({
                value: option,
                label: t(`site.admin.withdrawalStates.${option}`),
              }))}
            />
          </FormField>
        </div>
        <DataSection
          data={withdrawals}
          isEmpty={(value) => value.list.length === 0}
          emptyText={t('site.admin.noWithdrawals')}
          skeletonLines={6}
        >
          {(value) => (
            <DataTable
              caption={t('site.admin.withdrawalTable')}
              rows={value.list}
              rowKey={(row) => row.id}
              // Phones: a block per withdrawal, Approve and Reject inside it, instead of a
              // queue that scrolls sideways.
              stackOnPhones
              columns={[
                // Account, fee and parts sit under the cell they belong to, and the address is
                // cut to its ends (whole in its title and in the dialogs), so the decision column
                // fits at 1280 px without scrolling sideways.
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
                ...(decided
                  ? []
                  : [
                      {
                        key: 'decide',
                        header: t('site.admin.withdrawalReview'),
                        cell: (row: AdminWithdrawal) => (
                          <div className={uiStyles.row}>
                            <Button
                              size="sm"
                              aria-label={t('site.admin.approveLabel', { id: row.id })}
                              loading={busy === row.id}
                              onClick={() => setApproving(row)}
                            >
                              {t('site.admin.approve')}
                            </Button>
                            <Button
                              size="sm"
                              variant="secondary"
                              aria-label={t('site.admin.rejectLabel', { id: row.id })}
                              disabled={busy === row.id}
                              onClick={() => {
                                setReason('');
                                setReasonError(undefined);
                                setRejecting(row);
                              }}
                            >
                              {t('site.admin.reject')}
                            </Button>
                          </div>
                        ),
                      },
                    ]),
              ]}
            />
          )}
        </DataSection>
        {withdrawals.status === 'ready' && withdrawals.data.total > withdrawals.data.page_size ? (
          <Pager
            page={page}
            pageSize={withdrawals.data.page_size}
            total={withdrawals.data.total}
            onPageChange={setPage}
            showCount
          />
        ) : null}
      </Card>

      <Dialog
        open={approving !== null}
        onOpenChange={(open) => {
          if (!open) setApproving(null);
        }}
        title={approving === null ? '' : t('site.admin.approveTitle', { id: approving.id })}
        description={
          approving === null
            ? undefined
            : t('site.admin.approveHint', {
                amount: approving.amount,
                coin: approving.coin.toUpperCase(),
              })
        }
      >
        {approving === null ? null : <WithdrawalSummary row={approving} />}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setApproving(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={approving !== null && busy === approving.id}
            onClick={() => {
              if (approving !== null) void approve(approving);
            }}
          >
            {t('site.admin.approveConfirm')}
          </Button>
        </div>
      </Dialog>

      <Dialog
        open={rejecting !== null}
        onOpenChange={(open) => {
          if (!open) setRejecting(null);
        }}
        title={rejecting === null ? '' : t('site.admin.rejectTitle', { id: rejecting.id })}
        description={t('site.admin.rejectHint')}
      >
        {rejecting === null ? null : <WithdrawalSummary row={rejecting} />}
        <form noValidate onSubmit={(event) => void reject(event)}>
          <FormField label={t('site.admin.rejectReason')} error={reasonError} required>
            <Input
              value={reason}
              maxLength={200}
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
              {t('site.admin.rejectConfirm')}
            </Button>
          </div>
        </form>
      </Dialog>
    </AdminFrame>
  );
}
