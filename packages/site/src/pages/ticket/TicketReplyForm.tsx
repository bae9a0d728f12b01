import { Button } from '@poolkit/widgets';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uiStyles } from '../../app/ui';

/** A reply box: a required text and a send button; `extra` goes beside the button. */
export function TicketReplyForm({
  onSend,
  extra,
}: {
  /** Sends the text; resolves true when it was sent (the box is cleared). */
  onSend: (content: string) => Promise<boolean>;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (content.trim() === '') {
      setError(t('validation.ticketContentRequired'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      if (await onSend(content.trim())) setContent('');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className={`${uiStyles.form} ${uiStyles.flush}`}
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <div className={uiStyles.field}>
        <label htmlFor={id} className={uiStyles.label}>
          {t('tickets.replyLabel')}
        </label>
        <textarea
          id={id}
          className={`${uiStyles.input} ${uiStyles.textArea}`}
          value={content}
          aria-invalid={error === undefined ? undefined : true}
          onChange={(event) => setContent(event.target.value)}
        />
        {error === undefined ? null : <p className={uiStyles.fieldError}>{error}</p>}
      </div>
      <div className={uiStyles.row}>
        <Button type="submit" loading={busy}>
          {t('tickets.send')}
        </Button>
        {extra}
      </div>
    </form>
  );
}
