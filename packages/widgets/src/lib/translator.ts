import type { i18n as I18n } from 'i18next';
import { createContext } from 'react';

/** Translates a key of core's catalogues (`mining.rangeDay`, `status.active`, …). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Messages by group, as core's catalogues hold them: `{ contracts: { product: { … } } }`. */
export type Messages = Readonly<Record<string, unknown>>;

/**
 * Where the widgets' texts come from: the catalogue of `PoolKitProvider` (no i18next), or the
 * i18next instance of a host's `I18nextProvider`. The widgets read it through `useMiningT`.
 */
export interface Translator {
  /** Calls `onChange` when the language or the messages change; returns the unsubscribe. */
  subscribe(onChange: () => void): () => void;
  /** The language the widgets show. */
  language(): string;
  /** Whether PoolKit's messages of `language` are in. */
  has(language: string): boolean;
  /**
   * A `t` in `language`: its message, else English's, else the one in `english` (a widget's
   * own English group, for a catalogue that does not hold it), else the key.
   */
  fixedT(language: string, english?: Messages): Translate;
}

/** The translator of the nearest `PoolKitProvider` that holds its own catalogue. */
export const TranslatorContext = /* @__PURE__ */ createContext<Translator | null>(null);

/** The namespace core's catalogues live in (core's `I18N_NAMESPACE`). */
const NAMESPACE = 'poolkit';

/** Fills `{{name}}` placeholders, as i18next does (a value left out is empty). */
export function interpolate(text: string, values?: Record<string, unknown>): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/**
 * The message at `key` in `messages`, as i18next finds it: groups nest (`contracts.product.buy`)
 * and a group may hold flat dotted keys (`site.common.loadFailed` is `common.loadFailed` in
 * `site`). `undefined` when there is none.
 */
export function lookup(messages: unknown, key: string): string | undefined {
  if (!messages || typeof messages !== 'object') return undefined;
  const record = messages as Record<string, unknown>;
  const direct = record[key];
  if (typeof direct === 'string') return direct;
  let dot = key.indexOf('.');
  while (dot > 0) {
    const found = lookup(record[key.slice(0, dot)], key.slice(dot + 1));
    if (found !== undefined) return found;
    dot = key.indexOf('.', dot + 1);
  }
  return undefined;
}

/** Whether PoolKit's messages of `language` are in the instance (false before `init`). */
function hasMessages(i18n: I18n, language: string): boolean {
  const store = i18n.store as I18n['store'] | undefined;
  return Boolean(store && i18n.hasResourceBundle(language, NAMESPACE));
}

const adapters = new WeakMap<I18n, Translator>();

/**
 * A host's i18next instance as a {@link Translator}, one per instance. It reports a change on
 * `languageChanged` like react-i18next does, and also when messages arrive: core loads every
 * language but English on demand, so an instance can be in `ja` while its Japanese chunk is
 * still loading (texts in English until then) — `loaded`, or the store's `added` for a bundle
 * added by hand (`loadLanguage`).
 */
export function i18nextTranslator(i18n: I18n): Translator {
  const known = adapters.get(i18n);
  if (known) return known;
  const translator: Translator = {
    subscribe(onChange) {
      const store = i18n.store as I18n['store'] | undefined;
      i18n.on('languageChanged', onChange);
      i18n.on('loaded', onChange);
      store?.on('added', onChange);
      return () => {
        i18n.off('languageChanged', onChange);
        i18n.off('loaded', onChange);
        store?.off('added', onChange);
      };
    },
    language: () => i18n.language ?? 'en',
    has: (language) => hasMessages(i18n, language),
    fixedT(language, english) {
      const fixed = i18n.getFixedT(language, NAMESPACE) as unknown as (
        key: string,
        options?: Record<string, unknown>,
      ) => string;
      return (key, values) => {
        const text = fixed(key, values);
        if (text !== key || !english) return text;
        const own = lookup(english, key);
        return own === undefined ? text : interpolate(own, values);
      };
    },
  };
  adapters.set(i18n, translator);
  return translator;
}
