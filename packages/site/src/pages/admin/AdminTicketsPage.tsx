import {
  type CoinId,
  PAGE_SIZE,
  TICKET_CATEGORIES,
  type TicketCategory,
  type TicketStatus,
} from '@poolkit/core';
import { Button, FormField, Input, Select } from '@poolkit/widgets';
import { TicketThread } from '@poolkit/widgets/TicketThread';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { Pager } from '../../app/sections';
import { useServices } from '../../app/servicesContext';
import { Card, DataSection, DataTable, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { usePools } from '../../app/usePools';
import { TicketReplyForm } from '../ticket/TicketReplyForm';
import { TicketAttachments, ticketAbout } from '../ticket/ticketParts';
import { AdminFrame } from './AdminFrame';

const STATUSES: readonly TicketStatus[] = ['open', 'replied', 'closed'];
const STATUS_KEYS: Record<TicketStatus, string> = {
  open: 'tickets.statusOpen',
  replied: 'tickets.statusReplied',
  closed: 'tickets.statusClosed',
};

/** One ticket's thread with the answer box (and the internal-note switch). */
function TicketDesk({ id, onChanged }: { id: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [version, setVersion] = useState(0);
  const [internal, setInternal] = useState(false);
  const ticket = useApiData(
    async (signal) => api.adminTicket({ params: { id } }, { signal }),
    [id, version],
  );
  return (
    <DataSection data={ticket} isEmpty={() => false} emptyText="">
      {(value) => (
        <Card title={`#${value.id} ${value.title}`}>
          <p className={uiStyles.muted}>
            {value.username} · {value.email ?? '—'} · {t(STATUS_KEYS[value.status])} ·{' '}
            {dateTime(value.created_at)}
          </p>
          <p className={uiStyles.muted}>{t('tickets.about', { what: ticketAbout(t, value) })}</p>
          <h3 className={uiStyles.label}>{t('tickets.attachments')}</h3>
          <TicketAttachments files={value.attachments} />
          <TicketThread
            viewer="operator"
            entries={[
              {
                id: 'ticket',
                author: 'user',
                content: value.content,
                created_at: value.created_at,
              },
              ...value.replies,
            ]}
          />
          {value.status === 'closed' ? (
            <p className={uiStyles.muted}>{t('tickets.closedNotice')}</p>
          ) : (
            <TicketReplyForm
              onSend={async (content) => {
                try {
                  await api.adminReplyTicket({ params: { id }, body: { content, internal } });
                  showMessage(t(internal ? 'tickets.noted' : 'tickets.answered'), 'success');
                  setVersion((current) => current + 1);
                  onChanged();
                  return true;
                } catch (error) {
                  reportError(error);
                  return false;
                }
              }}
              extra={
                <label className={uiStyles.checkRow}>
                  <input
                    type="checkbox"
                    checked={internal}
                    onChange={(event) => setInternal(event.target.checked)}
                  />
                  {t('tickets.internal')}
                </label>
              }
            />
          )}
        </Card>
      )}
    </DataSection>
  );
}

/**
 * `/admin/tickets`: the support queue (spec section 2, work order): by state, category, coin
 * and a search in title, user or email, the longest waiting first; each ticket's category, coin,
 * account and attachments (opened with the operator's token); a ticket's thread with answers and internal
 * notes (audited as `tickets.reply` and `tickets.note`).
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const pools = usePools();
  const [status, setStatus] = useState<TicketStatus | 'all'>('open');
  const [category, setCategory] = useState<TicketCategory | 'all'>('all');
  const [coin, setCoin] = useState<CoinId | 'all'>('all');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const queue = useApiData(
    async (signal) =>
      api.adminTickets(
        {
          query: {
            page,
            page_size: PAGE_SIZE,
            ...(status === 'all' ? {} : { status }),
            ...(category === 'all' ? {} : { category }),
            ...(coin === 'all' ? {} : { coin }),
            ...(query === '' ? {} : { q: query }),
          },
        },
        { signal },
      ),
    [status, category, coin, query, page, version],
  );
  return (
    <AdminFrame current="AdminTickets">
      <Card title={t('tickets.queue')}>
        <form
          className={`${uiStyles.row} ${uiStyles.rowBottom}`}
          onSubmit={(event) => {
            event.preventDefault();
            setQuery(search.trim());
            setPage(1);
          }}
        >
          <FormField label={t('site.mining.status')}>
            <Select
              value={status}
              onValueChange={(value) => {
                setStatus(
                  value === 'all' ? 'all' : (STATUSES.find((item) => item === value) ?? 'all'),
                );
                setPage(1);
              }}
              options={[
                { value: 'all', label: t('tickets.filterAll') },
                ...STATUSES.map((item) => ({ value: item, label: t(STATUS_KEYS[item]) })),
              ]}
            />
          </FormField>
          <FormField label={t('tickets.category')}>
            <Select
              value={category}
              onValueChange={(value) => {
                setCategory(TICKET_CATEGORIES.find((item) => item === value) ?? 'all');
                setPage(1);
              }}
              options={[
                { value: 'all', label: t('tickets.categoryAll') },
                ...TICKET_CATEGORIES.map((item) => ({
                  value: item,
                  label: t(`tickets.category_${item}`),
                })),
              ]}
            />
          </FormField>
          <FormField label={t('tickets.coin')}>
            <Select
              value={coin}
              onValueChange={(value) => {
                const pool = (pools.status === 'ready' ? pools.data : []).find(
                  (item) => item.coin === value,
                );
                setCoin(pool?.coin ?? 'all');
                setPage(1);
              }}
              options={[
                { value: 'all', label: t('tickets.coinAll') },
                ...(pools.status === 'ready' ? pools.data : [])
                  .filter((pool) => !pool.lab)
                  .map((pool) => ({ value: pool.coin, label: pool.label })),
              ]}
            />
          </FormField>
          <div className={uiStyles.grow}>
            <FormField label={t('tickets.search')}>
              <Input value={search} onChange={(event) => setSearch(event.target.value)} />
            </FormField>
          </div>
          <Button type="submit" variant="secondary">
            {t('tickets.search')}
          </Button>
        </form>
        <DataSection
          data={queue}
          isEmpty={(value) => value.list.length === 0}
          emptyText={t('tickets.none')}
        >
          {(value) => (
            <>
              <DataTable
                caption={t('tickets.queue')}
                rows={value.list}
                rowKey={(row) => row.id}
                stackOnPhones
                columns={[
                  { key: 'id', header: '#', cell: (row) => row.id },
                  { key: 'title', header: t('site.ticket.title'), cell: (row) => row.title },
                  {
                    key: 'user',
                    header: t('tickets.authorUserAdmin'),
                    cell: (row) => row.username,
                  },
                  {
                    key: 'about',
                    header: t('tickets.category'),
                    cell: (row) => ticketAbout(t, row),
                  },
                  {
                    key: 'status',
                    header: t('site.mining.status'),
                    cell: (row) => t(STATUS_KEYS[row.status]),
                  },
                  { key: 'replies', header: t('tickets.replies'), cell: (row) => row.reply_count },
                  {
                    key: 'updated',
                    header: t('site.admin.time'),
                    cell: (row) => dateTime(row.updated_at),
                  },
                  {
                    key: 'open',
                    header: '',
                    cell: (row) => (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`${t('tickets.open')} #${row.id}`}
                        onClick={() => setSelected(row.id)}
                      >
                        {t('tickets.open')}
                      </Button>
                    ),
                  },
                ]}
              />
              {value.total > value.page_size ? (
                <Pager
                  page={page}
                  pageSize={value.page_size}
                  total={value.total}
                  onPageChange={setPage}
                  showCount
                />
              ) : null}
            </>
          )}
        </DataSection>
      </Card>
      {selected === null ? null : (
        <TicketDesk id={selected} onChanged={() => setVersion((current) => current + 1)} />
      )}
    </AdminFrame>
  );
}
