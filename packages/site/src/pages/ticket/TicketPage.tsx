import { Button } from '@poolkit/widgets';
import { TicketThread } from '@poolkit/widgets/TicketThread';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { useApiData } from '../../app/useApiData';
import { TicketReplyForm } from './TicketReplyForm';

function TicketForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
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
      await api.createTicket({ body: { title: title.trim(), content: content.trim() } });
      showMessage(t('site.ticket.created'), 'success');
      setTitle('');
      setContent('');
      onCreated();
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

const STATUS_KEYS = {
  open: 'tickets.statusOpen',
  replied: 'tickets.statusReplied',
  closed: 'tickets.statusClosed',
} as const;

/** One of the user's tickets: the thread, a follow-up and "Close ticket". */
function TicketDetailCard({ id, onChanged }: { id: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [version, setVersion] = useState(0);
  const ticket = useApiData(
    async (signal) => api.ticket({ params: { id } }, { signal }),
    [id, version],
  );
  const changed = () => {
    setVersion((value) => value + 1);
    onChanged();
  };
  return (
    <DataSection data={ticket} isEmpty={() => false} emptyText="">
      {(value) => (
        <Card title={value.title}>
          <p className={uiStyles.muted}>
            {t(STATUS_KEYS[value.status])} · {dateTime(value.created_at)}
          </p>
          <TicketThread
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
                  await api.replyTicket({ params: { id }, body: { content } });
                  changed();
                  return true;
                } catch (error) {
                  reportError(error);
                  return false;
                }
              }}
              extra={
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => {
                    api
                      .closeTicket({ params: { id } })
                      .then(changed)
                      .catch((error: unknown) => reportError(error));
                  }}
                >
                  {t('tickets.close')}
                </Button>
              }
            />
          )}
        </Card>
      )}
    </DataSection>
  );
}

function TicketList({ version, onOpen }: { version: number; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const tickets = useApiData(
    async (signal) => api.tickets({ query: { page: 1, page_size: 10 } }, { signal }),
    [version],
  );
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
              key: 'status',
              header: t('site.mining.status'),
              cell: (row) => t(STATUS_KEYS[row.status]),
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
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <PageFrame title={t('site.routes.Ticket')} subtitle={t('site.ticket.subtitle')}>
      {loggedIn && !readOnly ? (
        <>
          <Card title={t('site.ticket.new')}>
            <TicketForm onCreated={() => setVersion((value) => value + 1)} />
          </Card>
          <Card title={t('site.ticket.mine')}>
            <TicketList version={version} onOpen={setOpen} />
          </Card>
          {open === null ? null : (
            <TicketDetailCard id={open} onChanged={() => setVersion((value) => value + 1)} />
          )}
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
