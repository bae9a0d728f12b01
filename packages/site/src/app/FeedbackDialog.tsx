import { AlertDialog } from '@poolkit/widgets';
import { useTranslation } from 'react-i18next';
import { dismissFeedback, type FeedbackMessage } from './feedback';

/**
 * A message of spec section 8 as an alert dialog (phones). It lives in its own chunk: the dialog
 * and its floating layer are only needed when a message arrives, not for the first paint.
 */
export function FeedbackDialog({ message }: { message: FeedbackMessage }) {
  const { t } = useTranslation();
  return (
    <AlertDialog
      open
      onOpenChange={(open) => {
        if (!open) dismissFeedback(message.id);
      }}
      tone={message.tone === 'error' ? 'danger' : 'neutral'}
      title={
        message.tone === 'error' ? t('site.feedback.errorTitle') : t('site.feedback.noticeTitle')
      }
      description={message.text}
    />
  );
}
