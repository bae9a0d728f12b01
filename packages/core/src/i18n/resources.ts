import type { Language } from './languages';
import type { LocaleMessages } from './locales/en';
import { type EnglishLater, joinEnglish } from './locales/joinEnglish';
import { unitMessages } from './messages/units';

/** The i18next namespace PoolKit's messages live in. */
export const I18N_NAMESPACE = 'poolkit';

/**
 * PoolKit's messages of one language, as they sit in the `poolkit` namespace of an i18next
 * instance: the groups of the locale module (`common`, `errors`, `mining`, `site`, `status`,
 * `validation`, `widgets`; English's keys, see `locales/en.ts`) plus `units`. A message is
 * addressed as `<group>.<key>`, e.g. `validation.phoneInvalid`.
 */
export type LanguageMessages = LocaleMessages & { units: Record<string, string> };

/** i18next resources holding PoolKit's namespace, by language: `{ ja: { poolkit: {…} } }`. */
export type PoolKitResources = Record<Language, Record<typeof I18N_NAMESPACE, LanguageMessages>>;

/** A key of the `errors` group (referenced as `errors.<key>`). */
export type ErrorMessageKey = keyof LocaleMessages['errors'];

/** A language other than English: its messages are a separate module, loaded on demand. */
type LazyLanguage = Exclude<Language, 'en'>;

/**
 * One dynamic import per language, spelled out (no template string), so a bundler emits one
 * chunk per language and loads it only when asked for.
 */
const LOCALE_LOADERS: Record<LazyLanguage, () => Promise<LocaleMessages>> = {
  'zh-CN': () => import('./locales/zh-CN').then((module) => module.zhCN),
  ru: () => import('./locales/ru').then((module) => module.ru),
  ja: () => import('./locales/ja').then((module) => module.ja),
  ko: () => import('./locales/ko').then((module) => module.ko),
};

/** A locale module's messages with the `units` of the same language added. */
export function withUnits(language: Language, messages: LocaleMessages): LanguageMessages {
  return { ...messages, units: unitMessages[language] };
}

/**
 * English's messages beyond the first screen (`locales/enLater.ts`): their own chunk, loaded the
 * first time. Rejects when the chunk cannot be loaded.
 */
export function loadEnglishLater(): Promise<EnglishLater> {
  return import('./locales/enLater').then((module) => module.enLater);
}

/**
 * PoolKit's messages of one language. Each language loads its own chunk the first time (for
 * English, the part beyond the first screen: {@link loadEnglishLater}), which the module system
 * caches afterwards. Rejects when the chunk cannot be loaded (offline, or a deploy removed it).
 *
 * For an i18next instance of your own that has no PoolKit backend:
 * `i18n.addResourceBundle(language, I18N_NAMESPACE, await loadMessages(language))`, or simply
 * `await loadLanguage(i18n, language)`.
 *
 * @example
 * const ja = await loadMessages('ja');
 * ja.validation.phoneInvalid; // '電話番号の形式が正しくありません'
 */
export async function loadMessages(language: Language): Promise<LanguageMessages> {
  // Both parts imported on demand: a bundle that only loads other languages does not carry
  // English's first-screen groups (the site's among them) for this. Never `./locales/en`, which a
  // bundle holding `englishMessages` would then keep in its first chunk whole.
  if (language === 'en') {
    const [{ enFirstScreen }, later] = await Promise.all([
      import('./locales/enFirstScreen'),
      loadEnglishLater(),
    ]);
    return withUnits('en', joinEnglish(enFirstScreen, later));
  }
  return withUnits(language, await LOCALE_LOADERS[language]());
}
