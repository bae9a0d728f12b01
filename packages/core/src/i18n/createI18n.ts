import i18next, { type BackendModule, type i18n } from 'i18next';
import { englishFirstScreenMessages, englishMessages } from './english';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages';
import { partialEnglish } from './loadLanguage';
import { I18N_NAMESPACE, loadMessages, type PoolKitResources } from './resources';

/** Options of {@link createI18n}. */
export interface CreateI18nOptions {
  /** The language to start in. Default `'en'`. */
  language?: Language;
  /**
   * Messages to hold from the start besides English, e.g. `buildResources()` for all five
   * languages synchronously (tests, Storybook, a server). Languages left out load on demand.
   */
  resources?: Partial<PoolKitResources>;
}

/**
 * An i18next backend serving PoolKit's `poolkit` namespace: English from the main bundle, every
 * other language from its own chunk (`loadMessages`). `createI18n` uses it; a host with an
 * i18next instance of its own can `.use(poolKitBackend)` with `partialBundledLanguages: true`
 * (i18next takes one backend only: otherwise use `loadLanguage`).
 */
export const poolKitBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    if (namespace !== I18N_NAMESPACE || !isLanguage(language)) {
      callback(new Error(`PoolKit has no messages for ${language}/${namespace}`), false);
      return;
    }
    loadMessages(language).then(
      (messages) => callback(null, messages),
      // `true`: i18next retries (`maxRetries`), e.g. after a network hiccup.
      (error: unknown) => callback(error instanceof Error ? error : String(error), true),
    );
  },
};

/**
 * Creates an initialised i18next instance, synchronously, holding English (the default and the
 * fallback for missing keys) from the start. Every other language loads its own chunk on demand
 * through {@link poolKitBackend}: when the instance starts in it, and on `changeLanguage`.
 *
 * **Avoid an English flash**: a host that starts in a stored language should wait for it before
 * its first render — `await i18n.changeLanguage(language)` or `await loadLanguage(i18n)` — or
 * pass `resources`.
 *
 * How i18next 26 behaves (observed):
 * - `createI18n({ language: 'ja' })` returns at once with `language === 'ja'`, but until the
 *   Japanese chunk is in, `t` returns English (the fallback), `resolvedLanguage` is `'en'`,
 *   `isInitialized` is not yet true and `hasResourceBundle('ja', 'poolkit')` is false. When
 *   the chunk arrives, these fire in this order: the store's `added` (`'ja'`, `'poolkit'`),
 *   `languageChanged` (`'ja'`, although `language` was `'ja'` already), `initialized`, then
 *   `loaded` (`{ ja: { poolkit: true } }`). `await i18n.changeLanguage('ja')` (joining the
 *   load under way) and `loadLanguage(i18n)` resolve then. A React binding that re-renders on
 *   a change of `language` only misses this: watch `loaded` too.
 * - `await i18n.changeLanguage('ru')` on an instance in use keeps the old `language` and texts
 *   while the chunk loads, then switches: `added`, `languageChanged('ru')`, `loaded`. A
 *   language switcher never shows English in between.
 * - If a chunk cannot be loaded (after 2 retries), `failedLoading` then `loaded` fire, the
 *   language changes anyway, texts fall back to English and the promise still resolves.
 *
 * @example
 * const i18n = createI18n({ language: storedLanguage });
 * await i18n.changeLanguage(storedLanguage); // its chunk is in: render now
 * i18n.t('validation.phoneInvalid');
 */
export function createI18n(options: CreateI18nOptions = {}): i18n {
  return initI18n(englishMessages(), options);
}

/**
 * Like {@link createI18n}, but holds only English's messages of a page's first screen from the
 * start (the site's frame, the home page, generic words and errors, statuses, the base widgets'
 * defaults: `locales/enFirstScreen.ts`), so a page's first load does not carry the rest of
 * English (`locales/enLater.ts`, about 9 KB gzip). `loadLanguage` for English (or an
 * instance in English) adds the rest from its own chunk.
 *
 * The host renders nothing beyond the first screen in English before `loadLanguage` resolved: a
 * key of the missing part shows as the key. Other languages are unaffected: their chunk holds
 * all their messages.
 *
 * @example
 * const i18n = createFirstScreenI18n({ language: storedLanguage });
 * await loadLanguage(i18n); // another stored language: its chunk is in
 * hydrate(<HomePage />); // first-screen texts only
 * await loadLanguage(i18n, 'en'); // before rendering any other page in English
 */
export function createFirstScreenI18n(options: CreateI18nOptions = {}): i18n {
  const instance = initI18n(englishFirstScreenMessages(), options);
  partialEnglish.set(instance, null);
  return instance;
}

function initI18n(english: Record<string, unknown>, options: CreateI18nOptions): i18n {
  const instance = i18next.createInstance();
  instance.use(poolKitBackend);
  void instance.init({
    lng: options.language ?? DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [I18N_NAMESPACE],
    defaultNS: I18N_NAMESPACE,
    resources: { ...options.resources, en: { [I18N_NAMESPACE]: english } },
    // Bundled English, the other languages through the backend.
    partialBundledLanguages: true,
    maxRetries: 2,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
