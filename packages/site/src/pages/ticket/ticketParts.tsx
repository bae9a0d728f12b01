import type {
  TicketAttachment,
  TicketCategory,
  TicketDetail,
  TicketStatus,
} from '@poolkit/core/contract';
import type { CoinId } from '@poolkit/core/domain';
import { Button } from '@poolkit/widgets';
import { TicketThread, type TicketThreadProps } from '@poolkit/widgets/TicketThread';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { uiStyles } from '../../app/ui';
import { openEvidence } from '../contract/contract';
import { TicketReplyForm } from './TicketReplyForm';

/** The message key of each ticket state. */
export const TICKET_STATUS_KEYS: Readonly<Record<TicketStatus, string>> = {
  open: 'tickets.statusOpen',
  replied: 'tickets.statusReplied',
  closed: 'tickets.statusClosed',
};

/** What a ticket is about, in the reader's language: category, coin and account. */
export function ticketAbout(
  t: (key: string) => string,
  ticket: { category: TicketCategory; coin: CoinId | null; account: string | null },
): string {
  return [t(`tickets.category_${ticket.category}`), ticket.coin?.toUpperCase(), ticket.account]
    .filter((part) => part !== undefined && part !== null)
    .join(' · ');
}

/** The files of a ticket, each opened with the bearer token (owner and operators only). */
export function TicketAttachments({ files }: { files: readonly TicketAttachment[] }) {
  const { t } = useTranslation();
  const { session } = useServices();
  if (files.length === 0) return <p className={uiStyles.muted}>{t('tickets.attachmentsNone')}</p>;
  return (
    <div className={uiStyles.row}>
      {files.map((file) => (
        <Button
          key={file.id}
          variant="ghost"
          size="sm"
          onClick={() => void openEvidence(session, file.url).catch(reportError)}
        >
          {file.file_name}
        </Button>
      ))}
    </div>
  );
}

/**
 * A ticket's conversation: its opening message and the replies, then the answer box (`extra`
 * beside its button) or, once closed, a notice. `send` sends an answer; a failure is reported
 * and the text stays in the box.
 */
export function TicketConversation({
  ticket,
  viewer,
  send,
  extra,
}: {
  ticket: Pick<TicketDetail, 'content' | 'created_at' | 'status'> & {
    replies: TicketThreadProps['entries'];
  };
  viewer?: TicketThreadProps['viewer'];
  send: (content: string) => Promise<void>;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TicketThread
        {...(viewer === undefined ? {} : { viewer })}
        entries={[
          { id: 'ticket', author: 'user', content: ticket.content, created_at: ticket.created_at },
          ...ticket.replies,
        ]}
      />
      {ticket.status === 'closed' ? (
        <p className={uiStyles.muted}>{t('tickets.closedNotice')}</p>
      ) : (
        <TicketReplyForm
          onSend={async (content) => {
            try {
              await send(content);
              return true;
            } catch (error) {
              reportError(error);
              return false;
            }
          }}
          extra={extra}
        />
      )}
    </>
  );
}
