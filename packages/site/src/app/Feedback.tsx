import { AlertDialog, useToast } from '@poolkit/widgets';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissFeedback, type FeedbackMessage, subscribeFeedback } from './feedback';

/**
 * Renders the error and notice messages of spec section 8 with the widgets: a toast (3 s, with
 * a close button) on wide screens, an alert dialog on phones.
 */
export function Feedback() {
  const { t } = useTranslation();
  const toast = useToast();
  const [messages, setMessages] = useState<readonly FeedbackMessage[]>([]);
  useEffect(() => subscribeFeedback(setMessages), []);
  useEffect(() => {
    for (const message of messages) {
      if (message.kind !== 'toast') continue;
      toast.show({
        description: message.text,
        tone: message.tone === 'error' ? 'danger' : 'success',
      });
      dismissFeedback(message.id);
    }
  }, [messages, toast]);
  const dialog = messages.find((message) => message.kind === 'dialog');
  if (dialog === undefined) return null;
  return (
    <AlertDialog
      key={dialog.id}
      open
      onOpenChange={(open) => {
        if (!open) dismissFeedback(dialog.id);
      }}
      tone={dialog.tone === 'error' ? 'danger' : 'neutral'}
      title={
        dialog.tone === 'error' ? t('site.feedback.errorTitle') : t('site.feedback.noticeTitle')
      }
      description={dialog.text}
    />
  );
}
