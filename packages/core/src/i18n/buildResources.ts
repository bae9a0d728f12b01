import { en } from './locales/en';
import { ja } from './locales/ja';
import { ko } from './locales/ko';
import { ru } from './locales/ru';
import { zhCN } from './locales/zh-CN';
import { I18N_NAMESPACE, type PoolKitResources, withUnits } from './resources';

/**
 * i18next resources for all five languages at once, imported statically:
 * `{ en: { poolkit: { common: {…}, … } }, ja: { poolkit: {…} }, … }`. For hosts that want every
 * language up front (tests, Storybook, a server) rather than one chunk per language on demand;
 * it adds all five catalogues to a bundle that uses it (it is tree-shaken when unused). Hosts can
 * merge their own namespaces beside it.
 *
 * @example
 * const i18n = createI18n({ language: 'ja', resources: buildResources() }); // Japanese at once
 * // or, your own instance:
 * i18next.init({
 *   lng: 'ja',
 *   fallbackLng: 'en',
 *   defaultNS: I18N_NAMESPACE,
 *   resources: buildResources(),
 * });
 */
export function buildResources(): PoolKitResources {
  return {
    en: { [I18N_NAMESPACE]: withUnits('en', en) },
    'zh-CN': { [I18N_NAMESPACE]: withUnits('zh-CN', zhCN) },
    ru: { [I18N_NAMESPACE]: withUnits('ru', ru) },
    ja: { [I18N_NAMESPACE]: withUnits('ja', ja) },
    ko: { [I18N_NAMESPACE]: withUnits('ko', ko) },
  };
}
