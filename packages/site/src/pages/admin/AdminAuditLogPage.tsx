import { type AuditEntry, PAGE_SIZE } from '@poolkit/core';
import { Button, FormField, Input, Select, Table } from '@poolkit/widgets';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coinMoney, count, dateTime, hashrate } from '../../app/format';
import { Pager } from '../../app/sections';
import { useServices } from '../../app/servicesContext';
import { Card, EmptyState, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { AdminFrame } from './AdminFrame';
import * as styles from './admin.css';

/**
 * The actions the filter offers. Every action the server writes has a name in all five
 * languages (the server's `auditTranslations.test.ts` derives them from its code); an action
 * without one still reads as words, never as the raw key.
 */
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
  'red_packets.create',
  'red_packets.disable',
  'content.create',
  'content.update',
  'content.delete',
  'content.parameters',
  'oauth_apps.create',
  'oauth_apps.delete',
] as const;

/** `red_packets.create` → `Red packets create`: the last resort for a name without a translation. */
function humanize(key: string): string {
  const words = key.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The name of an audit action in the reader's language, or the action in words. */
export function auditActionLabel(t: TFunction, action: string): string {
  return t(`site.admin.actions.${action}`, { defaultValue: humanize(action) });
}

/** What an entry acted on, in the reader's language: `Support ticket #1`. */
export function auditTargetLabel(
  t: TFunction,
  targetType: string,
  targetId: string | null,
): string {
  const name = t(`site.admin.targets.${targetType}`, { defaultValue: humanize(targetType) });
  return targetId === null ? name : `${name} #${targetId}`;
}

/** The name of a detail in the reader's language, or the field in words. */
export function auditFieldLabel(t: TFunction, key: string): string {
  return t(`site.admin.fields.${key}`, { defaultValue: humanize(key) });
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

/** Details whose value is an amount of the entry's coin. */
const COIN_AMOUNT_FIELDS = new Set(['amount']);

/**
 * A detail's value as the site shows it elsewhere: a hashrate with the hashrate formatter in
 * the entry's coin's unit, an amount at the coin's precision with its unit, times as the site
 * shows times, yes/no in words, whole numbers grouped, nothing as a dash. Other texts are shown as written.
 */
export function auditDetailValue(
  t: TFunction,
  key: string,
  value: AuditEntry['details'][string],
  details: AuditEntry['details'],
): string {
  if (value === null || value === '') return '—';
  const coin = typeof details.coin === 'string' ? details.coin : '';
  if (typeof value === 'boolean') return value ? t('site.admin.yes') : t('site.admin.no');
  if (key === 'coin' && typeof value === 'string') return value.toUpperCase();
  if (key === 'hashrate' && (typeof value === 'number' || /^\d+(\.\d+)?$/.test(value))) {
    return hashrate(Number(value), coin);
  }
  if (COIN_AMOUNT_FIELDS.has(key) && coin !== '') {
    return coinMoney(String(value), coin);
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return dateTime(value);
  if (typeof value === 'number' || /^-?\d+(\.\d+)?$/.test(value)) {
    const number = Number(value);
    // Units of days, characters and percent are in the field's name (`Validity (days)`).
    return Number.isInteger(number) ? count(number) : String(value);
  }
  return value;
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
          <span className={uiStyles.muted}>{auditFieldLabel(t, key)}:</span>{' '}
          {auditDetailValue(t, key, value, details)}
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
              cell: (row) => auditTargetLabel(t, row.target_type, row.target_id),
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
