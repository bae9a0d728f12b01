import {
  type AdminTicket,
  type CoinId,
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
import { buttonColumn } from '../../app/listControls';
import { useServices } from '../../app/servicesContext';
import { Card, DataSection, uiStyles } from '../../app/ui';
import { useEndpoint } from '../../app/useApiData';
import { usePools } from '../../app/usePools';
import { TicketReplyForm } from '../ticket/TicketReplyForm';
import { TicketAttachments, ticketAbout } from '../ticket/ticketParts';
import { AdminFrame } from './AdminFrame';
import { ChoiceField } from './ChoiceField';
import { ReviewTable } from './ReviewTable';
import { usePaging } from './usePaging';

const STATUSES: readonly TicketStatus[] = ['open', 'replied', 'closed'];
const STATUS_KEYS: Record<TicketStatus, string> = {
  open: 'tickets.statusOpen',
  replied: 'tickets.statusReplied',
  closed: 'tickets.statusClosed',
};

/** One ticket's thread with the answer box (and the internal-note switch). */
function TicketDesk({ id }: { id: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [internal, setInternal] = useState(false);
  // Through the read cache: a reply (a write of its group) fetches it and the queue again.
  const ticket = useEndpoint('adminTicket', { params: { id } });
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
  const pools = usePools();
  const [search, setSearch] = useState('');
  const paging = usePaging<{
    status: TicketStatus | 'all';
    category: TicketCategory | 'all';
    coin: CoinId | 'all';
    query: string;
  }>({ status: 'open', category: 'all', coin: 'all', query: '' });
  const { filter } = paging;
  const [selected, setSelected] = useState<string | null>(null);
  const queue = useEndpoint('adminTickets', {
    query: {
      ...paging.query,
      ...(filter.status === 'all' ? {} : { status: filter.status }),
      ...(filter.category === 'all' ? {} : { category: filter.category }),
      ...(filter.coin === 'all' ? {} : { coin: filter.coin }),
      ...(filter.query === '' ? {} : { q: filter.query }),
    },
  });
  const coins = (pools.status === 'ready' ? pools.data : []).filter((pool) => !pool.lab);
  return (
    <AdminFrame current="AdminTickets">
      <Card title={t('tickets.queue')}>
        <form
          className={`${uiStyles.row} ${uiStyles.rowBottom}`}
          onSubmit={(event) => {
            event.preventDefault();
            paging.setFilter({ ...filter, query: search.trim() });
          }}
        >
          <ChoiceField<TicketStatus | 'all'>
            label={t('site.mining.status')}
            value={filter.status}
            values={STATUSES}
            labelOf={(item) => (item === 'all' ? t('tickets.filterAll') : t(STATUS_KEYS[item]))}
            all={{ value: 'all', label: t('tickets.filterAll') }}
            onValueChange={(status) => paging.setFilter({ ...filter, status })}
          />
          <ChoiceField<TicketCategory | 'all'>
            label={t('tickets.category')}
            value={filter.category}
            values={TICKET_CATEGORIES}
            labelOf={(item) => t(`tickets.category_${item}`)}
            all={{ value: 'all', label: t('tickets.categoryAll') }}
            onValueChange={(category) => paging.setFilter({ ...filter, category })}
          />
          <FormField label={t('tickets.coin')}>
            <Select
              value={filter.coin}
              onValueChange={(value) => {
                const pool = (pools.status === 'ready' ? pools.data : []).find(
                  (item) => item.coin === value,
                );
                paging.setFilter({ ...filter, coin: pool?.coin ?? 'all' });
              }}
              options={[
                { value: 'all', label: t('tickets.coinAll') },
                ...coins.map((pool) => ({ value: pool.coin, label: pool.label })),
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
        <ReviewTable
          caption={t('tickets.queue')}
          data={queue}
          rows={(answer) => answer.list}
          rowKey={(row) => row.id}
          emptyText={t('tickets.none')}
          stackOnPhones
          paging={{ ...paging, showCount: true }}
          columns={[
            { key: 'id', header: '#', cell: (row) => row.id },
            { key: 'title', header: t('site.ticket.title'), cell: (row) => row.title },
            { key: 'user', header: t('tickets.authorUserAdmin'), cell: (row) => row.username },
            { key: 'about', header: t('tickets.category'), cell: (row) => ticketAbout(t, row) },
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
            buttonColumn<AdminTicket>({
              key: 'open',
              header: '',
              text: t('tickets.open'),
              label: (row) => `${t('tickets.open')} #${row.id}`,
              onClick: (row) => setSelected(row.id),
            }),
          ]}
        />
      </Card>
      {selected === null ? null : <TicketDesk id={selected} />}
    </AdminFrame>
  );
}
