import {
  type CreateTicketBody,
  TICKET_CATEGORIES,
  type TicketCategory,
} from '@poolkit/core/contract';
import type { CoinId } from '@poolkit/core/domain';
import { Button, EvidenceUpload, FormField, Select } from '@poolkit/widgets';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCache } from '../../app/apiCache';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { useServices, useSessionState } from '../../app/servicesContext';
import {
  AppLink,
  Card,
  DataSection,
  DataTable,
  EmptyState,
  PageFrame,
  TextField,
  uiStyles,
} from '../../app/ui';
import { useApiData, useEndpoint } from '../../app/useApiData';
import { usePools } from '../../app/usePools';
import { uploadFiles } from '../contract/contract';
import {
  TICKET_STATUS_KEYS,
  TicketAttachments,
  TicketConversation,
  ticketAbout,
} from './ticketParts';

function TicketForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const pools = usePools();
  const accounts = useApiData(async (signal) => (await api.accounts({}, { signal })).list, [], {
    silent: true,
  });
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [category, setCategory] = useState<TicketCategory>('other');
  const [coin, setCoin] = useState('');
  const [account, setAccount] = useState('');
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(title.trim() === '' ? { title: t('validation.ticketTitleRequired') } : {}),
      ...(content.trim() === '' ? { content: t('validation.ticketContentRequired') } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const body: CreateTicketBody = {
        title: title.trim(),
        content: content.trim(),
        category,
        ...(coin === '' ? {} : { coin: coin as CoinId }),
        ...(account === '' ? {} : { account }),
      };
      const created = await api.createTicket({ body });
      showMessage(t('site.ticket.created'), 'success');
      setTitle('');
      setContent('');
      setCategory('other');
      setCoin('');
      setAccount('');
      onCreated(String(created.id));
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className={`${uiStyles.form} ${uiStyles.flush}`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <TextField
        label={t('site.ticket.title')}
        value={title}
        error={errors.title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <div className={uiStyles.row}>
        <FormField label={t('tickets.category')}>
          <Select
            value={category}
            onValueChange={(value) => setCategory(value as TicketCategory)}
            options={TICKET_CATEGORIES.map((item) => ({
              value: item,
              label: t(`tickets.category_${item}`),
            }))}
          />
        </FormField>
        <FormField label={t('tickets.coin')}>
          <Select
            value={coin}
            onValueChange={setCoin}
            options={[
              { value: '', label: t('tickets.coinNone') },
              ...(pools.status === 'ready' ? pools.data : [])
                .filter((pool) => !pool.lab)
                .map((pool) => ({ value: pool.coin, label: pool.label })),
            ]}
          />
        </FormField>
        <FormField label={t('tickets.account')}>
          <Select
            value={account}
            onValueChange={setAccount}
            options={[
              { value: '', label: t('tickets.accountNone') },
              ...(accounts.status === 'ready' ? accounts.data : []).map((item) => ({
                value: item.name,
                label: item.name,
              })),
            ]}
          />
        </FormField>
      </div>
      <div className={uiStyles.field}>
        <label htmlFor="ticket-content" className={uiStyles.label}>
          {t('site.ticket.content')}
        </label>
        <textarea
          id="ticket-content"
          className={`${uiStyles.input} ${uiStyles.textArea}`}
          value={content}
          aria-invalid={errors.content ? true : undefined}
          onChange={(event) => setContent(event.target.value)}
        />
        {errors.content ? <p className={uiStyles.fieldError}>{errors.content}</p> : null}
      </div>
      <Button type="submit" loading={busy}>
        {t('site.ticket.submit')}
      </Button>
    </form>
  );
}

/** One of the user's tickets: the thread, a follow-up and "Close ticket". */
function TicketDetailCard({ id }: { id: string }) {
  const { t } = useTranslation();
  const { api, session } = useServices();
  // Through the read cache: a reply or closing (writes of its group) fetches it and the list again.
  const ticket = useEndpoint('ticket', { params: { id } });
  return (
    <DataSection data={ticket} isEmpty={() => false} emptyText="">
      {(value) => (
        <Card title={value.title}>
          <p className={uiStyles.muted}>
            {t(TICKET_STATUS_KEYS[value.status])} · {dateTime(value.created_at)} ·{' '}
            {t('tickets.about', { what: ticketAbout(t, value) })}
          </p>
          <h3 className={uiStyles.label}>{t('tickets.attachments')}</h3>
          <TicketAttachments files={value.attachments} />
          {value.status === 'closed' ? null : (
            <EvidenceUpload
              key={value.attachments.length}
              maxFiles={Math.max(1, 5 - value.attachments.length)}
              disabled={value.attachments.length >= 5}
              upload={(files, onProgress) =>
                uploadFiles(
                  session,
                  `/api/tickets/${encodeURIComponent(id)}/attachments`,
                  files,
                  onProgress,
                )
              }
              onUploaded={() => {
                showMessage(t('tickets.attached'), 'success');
                // The upload is no call of the API client: its reads are invalidated here, and
                // the ticket is read again from its skeleton, as the list of files changed.
                apiCache.invalidateGroups(['messaging']);
                ticket.reload();
              }}
              labels={{ label: t('tickets.attachLabel') }}
            />
          )}
          <TicketConversation
            ticket={value}
            send={async (content) => {
              await api.replyTicket({ params: { id }, body: { content } });
            }}
            extra={
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  api.closeTicket({ params: { id } }).catch((error: unknown) => reportError(error));
                }}
              >
                {t('tickets.close')}
              </Button>
            }
          />
        </Card>
      )}
    </DataSection>
  );
}

function TicketList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const tickets = useEndpoint('tickets', { query: { page: 1, page_size: 10 } });
  return (
    <DataSection
      data={tickets}
      isEmpty={(value) => value.list.length === 0}
      emptyText={t('site.ticket.none')}
    >
      {(value) => (
        <DataTable
          caption={t('site.ticket.mine')}
          rows={value.list}
          rowKey={(row) => String(row.id)}
          columns={[
            { key: 'title', header: t('site.ticket.title'), cell: (row) => row.title },
            {
              key: 'category',
              header: t('tickets.category'),
              cell: (row) => t(`tickets.category_${row.category}`),
            },
            {
              key: 'status',
              header: t('site.mining.status'),
              cell: (row) => t(TICKET_STATUS_KEYS[row.status]),
            },
            {
              key: 'created',
              header: t('site.ticket.created_at'),
              cell: (row) => dateTime(row.created_at),
            },
            {
              key: 'view',
              header: '',
              cell: (row) => (
                <Button size="sm" variant="secondary" onClick={() => onOpen(String(row.id))}>
                  {t('tickets.view')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </DataSection>
  );
}

/** `/ticket`: open a support ticket and follow your tickets (sign-in needed to submit). */
export function Component() {
  const { t } = useTranslation();
  const { loggedIn, readOnly } = useSessionState();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <PageFrame title={t('site.routes.Ticket')} subtitle={t('site.ticket.subtitle')}>
      {loggedIn && !readOnly ? (
        <>
          <Card title={t('site.ticket.new')}>
            <TicketForm onCreated={setOpen} />
          </Card>
          <Card title={t('site.ticket.mine')}>
            <TicketList onOpen={setOpen} />
          </Card>
          {open === null ? null : <TicketDetailCard id={open} />}
        </>
      ) : (
        <Card>
          <EmptyState
            text={t('site.ticket.signInFirst')}
            action={
              <AppLink to="/login?redirect=%2Fticket" className={uiStyles.link}>
                {t('site.header.signIn')}
              </AppLink>
            }
          />
        </Card>
      )}
    </PageFrame>
  );
}
