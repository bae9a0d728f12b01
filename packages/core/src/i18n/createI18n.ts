import i18next, { type i18n } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';
import { buildResources, I18N_NAMESPACE } from './resources';

/** Options of {@link createI18n}. */
export interface CreateI18nOptions {
  /** The language to start in. Default `'en'`. */
  language?: Language;
}

/**
 * Creates an initialised i18next instance holding all of core's catalogues, synchronously, so a
 * first render already has its texts. Missing keys fall back to English.
 *
 * @example
 * const i18n = createI18n({ language: 'ja' });
 * i18n.t('validation.phoneInvalid');
 */
export function createI18n(options: CreateI18nOptions = {}): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: options.language ?? DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [I18N_NAMESPACE],
    defaultNS: I18N_NAMESPACE,
    resources: buildResources(),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
