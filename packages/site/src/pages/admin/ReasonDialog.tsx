import { Button, Dialog, FormField, Input } from '@poolkit/widgets';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './admin.css';
import { SubmitRow } from './SubmitRow';

/** What the confirmation dialogs of a decision share. */
interface DecisionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string | undefined;
  /** The decided row restated above the buttons, so a decision is never made on the wrong row. */
  children?: ReactNode;
  /** The confirming button's text. */
  action: string;
  /** While the decision is being sent: the confirming button spins. */
  busy: boolean;
}

/**
 * Asks before a decision that acts at once (an approval that pays): the row restated, Cancel and
 * the confirming button, which calls `onConfirm` once per press.
 */
export function ConfirmDialog({
  children,
  action,
  busy,
  onConfirm,
  ...dialog
}: DecisionDialogProps & { onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog {...dialog}>
      {children}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => dialog.onOpenChange(false)}>
          {t('common.cancel')}
        </Button>
        <Button loading={busy} onClick={onConfirm}>
          {action}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * The confirm-with-reason dialog of a rejection: the reason the user will read is required
 * (`requiredMessage` under the field while it is blank) and sent trimmed to `onConfirm`. The
 * field starts blank each time the dialog opens.
 */
export function ReasonDialog({
  children,
  action,
  busy,
  reason,
  onConfirm,
  ...dialog
}: DecisionDialogProps & { reason: ReasonOptions; onConfirm: (reason: string) => void }) {
  return (
    <Dialog {...dialog}>
      {children}
      {/* Mounted with the dialog: a new rejection never shows the last one's reason. */}
      {dialog.open ? (
        <ReasonForm action={action} busy={busy} options={reason} onConfirm={onConfirm} />
      ) : null}
    </Dialog>
  );
}

/** The reason field of a {@link ReasonDialog}. */
export interface ReasonOptions {
  /** The field's label. */
  label: string;
  /** Shown under the field when it is sent blank. */
  requiredMessage: string;
  /** The longest reason the server takes. */
  maxLength: number;
}

function ReasonForm({
  action,
  busy,
  options: { label, requiredMessage, maxLength },
  onConfirm,
}: {
  action: string;
  busy: boolean;
  options: ReasonOptions;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') {
      setError(requiredMessage);
      return;
    }
    onConfirm(reason.trim());
  }

  return (
    <form noValidate onSubmit={submit}>
      <FormField label={label} error={error} required>
        <Input
          value={reason}
          maxLength={maxLength}
          autoComplete="off"
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
      </FormField>
      <SubmitRow busy={busy} variant="danger">
        {action}
      </SubmitRow>
    </form>
  );
}
