// @poolkit/core/i18n: i18next set up with PoolKit's catalogues, English bundled and the other
// languages loaded on demand. Three modules also hold what only i18n itself uses (`withUnits`,
// `loadEnglishLater`, `partialEnglish`, the whole English catalogue `en`): those are listed by name.
export * from './buildResources';
export * from './createI18n';
export * from './languages';
export { loadLanguage } from './loadLanguage';
export type { LocaleMessages } from './locales/en';
export * from './messages/units';
export {
  type ErrorMessageKey,
  I18N_NAMESPACE,
  type LanguageMessages,
  loadMessages,
  type PoolKitResources,
} from './resources';
export * from './widgetEnglish';
