import { describeError, SYSTEM_ERROR_KEY, type Translate } from '@poolkit/core/client';
import { shouldShowAsDialog } from '@poolkit/core/domain';

/** One message on screen: a toast on wide screens, an alert dialog under 768 px. */
export interface FeedbackMessage {
  id: number;
  text: string;
  kind: 'toast' | 'dialog';
  tone: 'error' | 'success';
}

type Listener = (messages: readonly FeedbackMessage[]) => void;

let messages: readonly FeedbackMessage[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
let translate: Translate = (key) => key;

function publish(next: readonly FeedbackMessage[]): void {
  messages = next;
  for (const listener of [...listeners]) listener(messages);
}

/** Sets the translation used for error keys (`errors.*`). */
export function setFeedbackTranslate(t: Translate): void {
  translate = t;
}

/** Subscribes to the messages on screen; returns the unsubscribe function. */
export function subscribeFeedback(listener: Listener): () => void {
  listeners.add(listener);
  listener(messages);
  return () => {
    listeners.delete(listener);
  };
}

/** Removes one message. */
export function dismissFeedback(id: number): void {
  publish(messages.filter((message) => message.id !== id));
}

/** Shows a text as a toast (wide screens) or an alert dialog (narrow screens). */
export function showMessage(text: string, tone: FeedbackMessage['tone'] = 'error'): void {
  const kind = shouldShowAsDialog(window.innerWidth) ? 'dialog' : 'toast';
  publish([...messages, { id: nextId++, text, kind, tone }]);
}

/**
 * Spec section 8: shows the server's message, else the request error, else "request failed";
 * "system error" when handling the error fails itself.
 */
export function reportError(error: unknown): void {
  let text: string;
  try {
    text = describeError(error, translate);
  } catch {
    text = translate(SYSTEM_ERROR_KEY);
  }
  showMessage(text, 'error');
}
