import {
  type CouponBatch,
  type CouponCodeState,
  feeReductionPercentSchema,
  type IssuedCouponBatch,
  isApiError,
  isCoinId,
  MAX_COUPON_BATCH_SIZE,
  MAX_COUPON_VALIDITY_DAYS,
  STATUS_LABELS,
} from '@poolkit/core';
import { CopyButton, Dialog, FormField, Input, Select, StatusTag } from '@poolkit/widgets';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { buttonColumn } from '../../app/listControls';
import { useServices } from '../../app/servicesContext';
import { Card, uiStyles } from '../../app/ui';
import { useApiData, useEndpoint } from '../../app/useApiData';
import { usePools } from '../../app/usePools';
import { AdminFrame } from './AdminFrame';
import * as styles from './admin.css';
import { utcDateIn, wholeNumber } from './adminForm';
import { ReviewCard, ReviewTable } from './ReviewTable';
import { SubmitRow } from './SubmitRow';
import { usePaging } from './usePaging';

interface IssueForm {
  percent: string;
  coin: string;
  validityDays: string;
  useBefore: string;
  count: string;
  note: string;
}

type IssueErrors = Partial<Record<keyof IssueForm, string>>;

const FIRST_FORM: IssueForm = {
  percent: '20',
  coin: '',
  validityDays: '30',
  useBefore: '',
  count: '10',
  note: '',
};

function validateIssue(t: TFunction, form: IssueForm): IssueErrors {
  const errors: IssueErrors = {};
  if (!feeReductionPercentSchema.safeParse(form.percent.trim()).success) {
    errors.percent = t('site.admin.feeReductionInvalid');
  }
  if (wholeNumber(form.validityDays, MAX_COUPON_VALIDITY_DAYS) === undefined) {
    errors.validityDays = t('site.admin.validityInvalid', { max: MAX_COUPON_VALIDITY_DAYS });
  }
  if (wholeNumber(form.count, MAX_COUPON_BATCH_SIZE) === undefined) {
    errors.count = t('site.admin.countInvalid', { max: MAX_COUPON_BATCH_SIZE });
  }
  if (!(Date.parse(`${form.useBefore}T00:00:00Z`) > Date.now())) {
    errors.useBefore = t('site.admin.useBeforeInvalid');
  }
  return errors;
}

/** The form field of a field the server refused, with the message to show there. */
function serverIssueErrors(t: TFunction, error: unknown): IssueErrors | undefined {
  if (!isApiError(error) || error.fields.length === 0) return undefined;
  const errors: IssueErrors = {};
  for (const { field, message } of error.fields) {
    if (field === 'use_before') errors.useBefore = t('site.admin.useBeforeInvalid');
    else if (field === 'fee_reduction_percent')
      errors.percent = t('site.admin.feeReductionInvalid');
    else if (field === 'coin') errors.coin = message;
    else if (field === 'validity_days') {
      errors.validityDays = t('site.admin.validityInvalid', { max: MAX_COUPON_VALIDITY_DAYS });
    } else if (field === 'count') {
      errors.count = t('site.admin.countInvalid', { max: MAX_COUPON_BATCH_SIZE });
    } else if (field === 'note') errors.note = message;
  }
  return Object.keys(errors).length === 0 ? undefined : errors;
}

/** A code's state as a tag with its word. */
function CodeState({ state }: { state: CouponCodeState }) {
  const { t } = useTranslation();
  if (state === 'available') {
    return (
      <StatusTag tone="info" size="sm">
        {t('site.admin.codeAvailable')}
      </StatusTag>
    );
  }
  const label = STATUS_LABELS.coupon[state];
  return (
    <StatusTag tone={label.tone} size="sm">
      {t(label.i18nKey)}
    </StatusTag>
  );
}

/** The codes of one batch, page by page, with who redeemed them. */
function BatchCodes({ batch }: { batch: CouponBatch }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const paging = usePaging();
  const codes = useApiData(
    async (signal) =>
      api.adminCouponCodes({ params: { batch_id: batch.id }, query: paging.query }, { signal }),
    [batch.id, paging.page],
  );
  return (
    <ReviewTable
      caption={t('site.admin.codesTitle', { id: batch.id })}
      data={codes}
      rows={(answer) => answer.list}
      rowKey={(row) => row.code}
      paging={{ ...paging, showCount: true }}
      columns={[
        {
          key: 'code',
          header: t('site.admin.code'),
          cell: (row) => <span className={styles.code}>{row.code}</span>,
        },
        {
          key: 'state',
          header: t('site.admin.state'),
          cell: (row) => <CodeState state={row.status} />,
        },
        {
          key: 'redeemedBy',
          header: t('site.admin.redeemedBy'),
          cell: (row) => row.redeemed_by ?? '—',
        },
        { key: 'account', header: t('site.admin.account'), cell: (row) => row.account ?? '—' },
      ]}
    />
  );
}

/** `/admin/coupons`: issue coupon codes, and the batches issued with their codes. */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const pools = usePools();
  const [form, setForm] = useState<IssueForm>(() => ({ ...FIRST_FORM, useBefore: utcDateIn(30) }));
  const [errors, setErrors] = useState<IssueErrors>({});
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<IssuedCouponBatch | null>(null);
  const [shown, setShown] = useState<CouponBatch | null>(null);
  const paging = usePaging();
  const batches = useEndpoint('adminCouponBatches', { query: paging.query });
  const coins =
    pools.status === 'ready'
      ? [...new Set(pools.data.filter((pool) => !pool.address_mining).map((pool) => pool.coin))]
      : [];

  function change(field: keyof IssueForm, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field] !== undefined) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function issue(event: FormEvent) {
    event.preventDefault();
    const found = validateIssue(t, form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setIssuing(true);
    try {
      const batch = await api.issueCoupons({
        body: {
          fee_reduction_percent: form.percent.trim(),
          coin: isCoinId(form.coin) ? form.coin : null,
          validity_days: Number(form.validityDays),
          use_before: `${form.useBefore}T00:00:00Z`,
          count: Number(form.count),
          ...(form.note.trim() === '' ? {} : { note: form.note.trim() }),
        },
      });
      setIssued(batch);
      showMessage(t('site.admin.issued', { count: batch.codes.length }), 'success');
      paging.setPage(1);
    } catch (error) {
      const fields = serverIssueErrors(t, error);
      if (fields === undefined) reportError(error);
      else setErrors(fields);
    } finally {
      setIssuing(false);
    }
  }

  const field = (name: keyof IssueForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });

  return (
    <AdminFrame current="AdminCoupons">
      <Card title={t('site.admin.issueTitle')}>
        <p className={uiStyles.muted}>{t('site.admin.issueIntro')}</p>
        <form className={styles.formGrid} noValidate onSubmit={(event) => void issue(event)}>
          <FormField
            label={t('site.admin.fields.fee_reduction_percent')}
            hint={t('site.admin.feeReductionHint')}
            error={errors.percent}
            required
          >
            <Input inputMode="decimal" autoComplete="off" {...field('percent')} />
          </FormField>
          <FormField label={t('site.admin.fields.coin')} error={errors.coin}>
            <Select
              value={form.coin}
              onValueChange={(value) => change('coin', value)}
              options={[
                { value: '', label: t('site.admin.anyCoin') },
                ...coins.map((coin) => ({ value: coin, label: coin.toUpperCase() })),
              ]}
            />
          </FormField>
          <FormField label={t('site.admin.validityDays')} error={errors.validityDays} required>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_COUPON_VALIDITY_DAYS}
              {...field('validityDays')}
            />
          </FormField>
          <FormField label={t('site.admin.useBefore')} error={errors.useBefore} required>
            <Input type="date" min={utcDateIn(1)} {...field('useBefore')} />
          </FormField>
          <FormField label={t('site.admin.count')} error={errors.count} required>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_COUPON_BATCH_SIZE}
              {...field('count')}
            />
          </FormField>
          <FormField className={styles.wide} label={t('site.admin.note')} error={errors.note}>
            <Input maxLength={200} autoComplete="off" {...field('note')} />
          </FormField>
          <SubmitRow busy={issuing}>{t('site.admin.issue')}</SubmitRow>
        </form>
      </Card>

      <ReviewCard
        title={t('site.admin.batches')}
        data={batches}
        rows={(answer) => answer.list}
        rowKey={(row) => row.id}
        emptyText={t('site.admin.noBatches')}
        paging={{ ...paging, showCount: true }}
        columns={[
          { key: 'id', header: t('site.admin.batch'), cell: (row) => `#${row.id}` },
          {
            key: 'percent',
            header: t('site.admin.fields.fee_reduction_percent'),
            numeric: true,
            cell: (row) => `${row.fee_reduction_percent}%`,
          },
          {
            key: 'coin',
            header: t('site.admin.fields.coin'),
            cell: (row) => (row.coin === null ? t('site.admin.anyCoin') : row.coin.toUpperCase()),
          },
          {
            key: 'validity',
            header: t('site.admin.fields.validity_days'),
            numeric: true,
            cell: (row) => row.validity_days,
          },
          {
            key: 'useBefore',
            header: t('site.admin.fields.use_before'),
            cell: (row) => dateTime(row.use_before),
          },
          {
            key: 'redeemed',
            header: t('site.admin.redeemed'),
            numeric: true,
            cell: (row) => `${row.redeemed} / ${row.count}`,
          },
          { key: 'createdBy', header: t('site.admin.createdBy'), cell: (row) => row.created_by },
          {
            key: 'createdAt',
            header: t('site.admin.createdAt'),
            cell: (row) => dateTime(row.created_at),
          },
          { key: 'note', header: t('site.admin.fields.note'), cell: (row) => row.note ?? '—' },
          buttonColumn<CouponBatch>({
            key: 'codes',
            header: t('site.admin.showCodes'),
            text: t('site.admin.showCodes'),
            label: (row) => t('site.admin.codesTitle', { id: row.id }),
            onClick: setShown,
          }),
        ]}
      />

      <Dialog
        open={issued !== null}
        onOpenChange={(open) => {
          if (!open) setIssued(null);
        }}
        title={issued === null ? '' : t('site.admin.codesTitle', { id: issued.id })}
        description={t('site.admin.codesHint')}
        footer={
          issued === null ? null : (
            <CopyButton
              variant="button"
              size="md"
              value={issued.codes.join('\n')}
              labels={{ copy: t('site.admin.copyCodes') }}
            />
          )
        }
      >
        <ul className={styles.codeList} data-testid="issued-codes">
          {issued?.codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </Dialog>

      <Dialog
        open={shown !== null}
        onOpenChange={(open) => {
          if (!open) setShown(null);
        }}
        title={shown === null ? '' : t('site.admin.codesTitle', { id: shown.id })}
        description={t('site.admin.codesHint')}
      >
        {shown === null ? null : <BatchCodes batch={shown} />}
      </Dialog>
    </AdminFrame>
  );
}
