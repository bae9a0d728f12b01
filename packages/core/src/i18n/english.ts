import { en } from './locales/en';
import { enFirstScreen } from './locales/enFirstScreen';
import type { EnglishFirstScreen } from './locales/joinEnglish';
import { unitMessages } from './messages/units';
import { type LanguageMessages, withUnits } from './resources';

// Apart from `resources.ts`: a module imported statically (even unused) sits in its importer's
// chunk, so `loadMessages` beside these would put the whole of English in every bundle that
// loads a language, instead of in the chunk it imports on demand.

/** PoolKit's English messages, whole and bundled statically: the default and the fallback. */
export function englishMessages(): LanguageMessages {
  return withUnits('en', en);
}

/**
 * English's messages of a page's first screen (`locales/enFirstScreen.ts`) with the `units`, as
 * `createFirstScreenI18n` bundles them: a part of {@link LanguageMessages}.
 */
export function englishFirstScreenMessages(): EnglishFirstScreen & {
  units: Record<string, string>;
} {
  return { ...enFirstScreen, units: unitMessages.en };
}
