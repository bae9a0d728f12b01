/** The interface languages PoolKit ships, English first (the default). */
export const LANGUAGES = ['en', 'zh-CN', 'ru', 'ja', 'ko'] as const;

/** One of the five interface languages. */
export type Language = (typeof LANGUAGES)[number];

/** The language used when none is stored (spec section 9: default language en). */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Native names, for language switchers. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  ru: 'Русский',
  ja: '日本語',
  ko: '한국어',
};

/** Narrows an arbitrary string (a stored value, a header) to a supported language. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * A message catalogue for one i18n namespace in every language. English is the reference: a
 * test fails when another language misses one of its keys.
 */
export type Catalogue = Record<Language, Record<string, string>>;
