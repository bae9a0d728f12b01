import { type AuditEntry, PAGE_SIZE } from '@poolkit/core';
import { Button, FormField, Input, Select, Table } from '@poolkit/widgets';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../app/format';
import { Pager } from '../../app/sections';
import { useServices } from '../../app/servicesContext';
import { Card, EmptyState, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { AdminFrame } from './AdminFrame';
import * as styles from './admin.css';

/** The actions the console names; the log shows any other as the server spells it. */
export const KNOWN_AUDIT_ACTIONS = [
  'coupons.issue',
  'withdrawals.approve',
  'withdrawals.reject',
  'contracts.product_create',
  'contracts.product_update',
  'contracts.order_approve',
  'contracts.order_reject',
  'tickets.reply',
  'tickets.note',
  'sellers.create',
  'sellers.update',
  'sellers.delete',
] as const;

/** The name of an audit action in the reader's language, or the action itself. */
export function auditActionLabel(t: TFunction, action: string): string {
  return t(`site.admin.actions.${action}`, { defaultValue: action });
}

/** The order details are listed in; other fields follow by name. */
const DETAIL_ORDER = [
  'count',
  'fee_reduction_percent',
  'coin',
  'validity_days',
  'use_before',
  'note',
  'user',
  'amount',
  'address',
  'reason',
];

function detailRank(key: string): number {
  const rank = DETAIL_ORDER.indexOf(key);
  return rank === -1 ? DETAIL_ORDER.length : rank;
}

/** A detail's value: times as the site shows times, nothing as a dash. */
function detailValue(value: AuditEntry['details'][string]): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return dateTime(value);
  return String(value);
}

/** An entry's details, one `name: value` line each, the names in the reader's language. */
function Details({ details }: { details: AuditEntry['details'] }) {
  const { t } = useTranslation();
  const entries = Object.entries(details).sort(
    ([left], [right]) => detailRank(left) - detailRank(right) || left.localeCompare(right),
  );
  return (
    <ul className={styles.details}>
      {entries.map(([key, value]) => (
        <li key={key}>
          <span className={uiStyles.muted}>
            {t(`site.admin.fields.${key}`, { defaultValue: key })}:
          </span>{' '}
          {detailValue(value)}
        </li>
      ))}
    </ul>
  );
}

/** `/admin/audit-log`: every operator action, newest first, by action and by operator. */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  const [filter, setFilter] = useState<{ action: string; actor: string }>({
    action: '',
    actor: '',
  });
  const log = useApiData(
    async (signal) =>
      api.adminAuditLog(
        {
          query: {
            page,
            page_size: PAGE_SIZE,
            ...(filter.action === '' ? {} : { action: filter.action }),
            ...(filter.actor === '' ? {} : { actor: filter.actor }),
          },
        },
        { signal },
      ),
    [page, filter],
  );
  const rows = log.status === 'ready' ? log.data.list : [];

  return (
    <AdminFrame current="AdminAuditLog">
      <Card title={t('site.routes.AdminAuditLog')}>
        <p className={uiStyles.muted}>{t('site.admin.auditLogIntro')}</p>
        <form
          className={`${uiStyles.row} ${uiStyles.rowBottom} ${styles.filters}`}
          onSubmit={(event) => {
            event.preventDefault();
            setPage(1);
            setFilter({ action, actor: actor.trim() });
          }}
        >
          <FormField label={t('site.admin.action')}>
            <Select
              value={action}
              onValueChange={setAction}
              options={[
                { value: '', label: t('site.admin.allActions') },
                ...KNOWN_AUDIT_ACTIONS.map((known) => ({
                  value: known,
                  label: auditActionLabel(t, known),
                })),
              ]}
            />
          </FormField>
          <FormField label={t('site.admin.operatorName')}>
            <Input
              value={actor}
              maxLength={30}
              autoComplete="off"
              onChange={(event) => setActor(event.target.value)}
            />
          </FormField>
          <Button type="submit" variant="secondary">
            {t('site.admin.filter')}
          </Button>
        </form>
        <Table
          caption={t('site.routes.AdminAuditLog')}
          rows={rows}
          getRowKey={(row) => row.id}
          loading={log.status === 'loading'}
          density="compact"
          labels={{ empty: t('site.admin.noEntries') }}
          error={
            log.status === 'error' ? (
              <EmptyState
                text={t('site.common.loadFailed')}
                action={
                  <Button variant="secondary" size="sm" onClick={log.reload}>
                    {t('common.retry')}
                  </Button>
                }
              />
            ) : undefined
          }
          columns={[
            { key: 'time', header: t('site.admin.time'), cell: (row) => dateTime(row.created_at) },
            { key: 'actor', header: t('site.admin.operator'), cell: (row) => row.actor },
            {
              key: 'action',
              header: t('site.admin.action'),
              cell: (row) => auditActionLabel(t, row.action),
            },
            {
              key: 'target',
              header: t('site.admin.target'),
              cell: (row) =>
                `${t(`site.admin.targets.${row.target_type}`, { defaultValue: row.target_type })}${
                  row.target_id === null ? '' : ` #${row.target_id}`
                }`,
            },
            {
              key: 'details',
              header: t('site.admin.details'),
              cell: (row) => <Details details={row.details} />,
            },
            { key: 'ip', header: t('site.admin.ip'), cell: (row) => row.ip ?? '—' },
          ]}
        />
        {log.status === 'ready' && log.data.total > log.data.page_size ? (
          <Pager
            page={page}
            pageSize={log.data.page_size}
            total={log.data.total}
            onPageChange={setPage}
            showCount
          />
        ) : null}
      </Card>
    </AdminFrame>
  );
}
