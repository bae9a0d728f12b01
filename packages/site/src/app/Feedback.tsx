import { useToast } from '@poolkit/widgets';
import { lazy, Suspense, useEffect, useState } from 'react';
import { dismissFeedback, type FeedbackMessage, subscribeFeedback } from './feedback';

const FeedbackDialog = lazy(() =>
  import('./FeedbackDialog').then((module) => ({ default: module.FeedbackDialog })),
);

/**
 * Renders the error and notice messages of spec section 8 with the widgets: a toast (3 s, with
 * a close button) on wide screens, an alert dialog on phones.
 */
export function Feedback() {
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
    <Suspense fallback={null}>
      <FeedbackDialog key={dialog.id} message={dialog} />
    </Suspense>
  );
}
