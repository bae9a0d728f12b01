import type { enFirstScreen } from './enFirstScreen';
import type { enLater } from './enLater';

/** English's first-screen messages (`enFirstScreen.ts`). */
export type EnglishFirstScreen = typeof enFirstScreen;

/** English's messages beyond the first screen (`enLater.ts`). */
export type EnglishLater = typeof enLater;

/** The whole English catalogue from its two parts, group by group. */
export function joinEnglish(firstScreen: EnglishFirstScreen, later: EnglishLater) {
  return {
    common: firstScreen.common,
    content: later.content,
    contracts: later.contracts,
    errors: { ...firstScreen.errors, ...later.errors },
    mining: later.mining,
    messages: later.messages,
    alerts: later.alerts,
    tickets: later.tickets,
    site: { ...firstScreen.site, ...later.site },
    status: firstScreen.status,
    validation: later.validation,
    widgets: firstScreen.widgets,
  };
}
