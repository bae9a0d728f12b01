import { interpolate, lookup, type Messages, type Translator } from './translator';

// Apart from `translator.ts` (which every widget's chunk loads): only `PoolKitProvider` makes one.

/** A translator's own catalogue, filled by `PoolKitProvider`. */
export interface CatalogueTranslator extends Translator {
  /** Adds (or replaces) the messages of `language`. */
  add(language: string, messages: Messages): void;
  /** Switches the language the widgets show. */
  setLanguage(language: string): void;
}

/**
 * A translator holding PoolKit's messages itself, by language, with `english` built in: what
 * `PoolKitProvider` gives the widgets, in a few hundred bytes instead of i18next's runtime.
 * Messages are looked up and their `{{placeholders}}` filled, as i18next does with PoolKit's
 * catalogues (which use neither plurals nor nesting nor formats).
 */
export function createCatalogueTranslator(
  language: string,
  english: Messages,
): CatalogueTranslator {
  const bundles = new Map<string, Messages>([['en', english]]);
  const listeners = new Set<() => void>();
  let current = language;
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    subscribe(onChange) {
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
      };
    },
    language: () => current,
    has: (of) => bundles.has(of),
    add(of, messages) {
      bundles.set(of, messages);
      notify();
    },
    setLanguage(next) {
      if (next === current) return;
      current = next;
      notify();
    },
    fixedT(of, ownEnglish) {
      const messages = bundles.get(of);
      return (key, values) =>
        interpolate(
          lookup(messages, key) ?? lookup(english, key) ?? lookup(ownEnglish, key) ?? key,
          values,
        );
    },
  };
}
