import type { CoinId, TicketAttachment, TicketCategory } from '@poolkit/core';
import { Button } from '@poolkit/widgets';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { uiStyles } from '../../app/ui';
import { openEvidence } from '../contract/contract';

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
