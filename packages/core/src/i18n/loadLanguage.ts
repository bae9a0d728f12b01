import type { i18n } from 'i18next';
import { isLanguage } from './languages';
import { I18N_NAMESPACE, loadEnglishLater, loadMessages } from './resources';

// Apart from `createI18n.ts`, which imports i18next's runtime: a host (or `PoolKitProvider`)
// that only adds PoolKit's messages to an instance of its own does not bundle a second i18next.

/**
 * The instances of `createFirstScreenI18n` whose English is still only the first screen's
 * part, each with the load of the rest once it has started.
 */
export const partialEnglish = new WeakMap<i18n, Promise<void> | null>();

/** Adds the rest of English to an instance of `createFirstScreenI18n`; never rejects. */
function completeEnglish(instance: i18n): Promise<void> {
  let loading = partialEnglish.get(instance);
  if (loading) return loading;
  loading = loadEnglishLater().then(
    (later) => {
      instance.addResourceBundle('en', I18N_NAMESPACE, later, true, false);
      partialEnglish.delete(instance);
    },
    () => {
      // Not loadable now: the next call tries again.
      partialEnglish.set(instance, null);
    },
  );
  partialEnglish.set(instance, loading);
  return loading;
}

/**
 * Makes sure PoolKit's messages of `language` (default: the instance's current language) are in
 * an initialised i18next instance, all of them (for English, in an instance of
 * `createFirstScreenI18n`, the part beyond the first screen too); does not change its
 * language. Through the instance's backend
 * when it has one (as `createI18n`'s do), otherwise by adding the bundle from
 * {@link loadMessages}, so it also works for a host's own instance. Resolves at once when the
 * messages are there already; never rejects: if loading fails, the texts fall back to English.
 *
 * @example
 * const i18n = createI18n({ language: session.get('language') });
 * await loadLanguage(i18n); // before the first render: no English flash
 * render(<App i18n={i18n} />);
 */
export async function loadLanguage(
  instance: i18n,
  language: string = instance.language,
): Promise<void> {
  const has = () => instance.hasResourceBundle(language, I18N_NAMESPACE);
  if (language === 'en' && partialEnglish.has(instance)) return completeEnglish(instance);
  if (!isLanguage(language) || has()) return;
  if (instance.services.backendConnector?.backend) {
    await instance.loadLanguages(language);
    if (has()) return;
  }
  try {
    instance.addResourceBundle(language, I18N_NAMESPACE, await loadMessages(language), true, false);
  } catch {
    // Not loadable now: English stays the fallback.
  }
}
