import type { i18n as I18n } from 'i18next';
import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

/** Translates a key of core's catalogues (`mining.rangeDay`, `status.active`, …). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The namespace core's catalogues live in (core's `I18N_NAMESPACE`). */
const NAMESPACE = 'poolkit';

const noop = () => {};

/** Fills `{{name}}` placeholders, for labels a partner passes instead of a catalogue entry. */
export function interpolate(text: string, values?: Record<string, unknown>): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Whether PoolKit's messages of `language` are in the instance (false before `init`). */
function hasMessages(i18n: I18n | undefined, language: string): boolean {
  const store = i18n?.store as I18n['store'] | undefined;
  return Boolean(store && i18n?.hasResourceBundle(language, NAMESPACE));
}

/**
 * The i18next instance of the surrounding `I18nextProvider` (or the one registered with
 * `initReactI18next`), its language, and a `t` bound to PoolKit's namespace.
 *
 * Why not `useTranslation`: react-i18next 17's hook imports i18next itself (about 18 KB gzip),
 * which would blow every widget's size budget; the instance the host already created is all a
 * widget needs. It re-renders on `languageChanged` like `useTranslation` does, and also when the
 * messages of the current language arrive: core loads every language but English on demand, so
 * an instance can be in `ja` while its Japanese chunk is still loading (texts in English until
 * then) — `loaded`, or the store's `added` for a bundle added by hand (`loadLanguage`).
 */
export function useMiningT(): { t: Translate; language: string } {
  const context = useContext(I18nContext) as { i18n?: I18n } | undefined;
  const i18n = context?.i18n ?? (getI18n() as I18n | undefined);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!i18n) return noop;
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
    [i18n],
  );
  const language = useSyncExternalStore(
    subscribe,
    () => i18n?.language ?? 'en',
    () => i18n?.language ?? 'en',
  );
  const loaded = useSyncExternalStore(
    subscribe,
    () => hasMessages(i18n, language),
    () => hasMessages(i18n, language),
  );
  // `loaded` is a dependency on purpose: a new `t` once the language's messages are in, so texts
  // memoised on `t` are recomputed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const t = useMemo<Translate>(() => {
    if (!i18n) return (key, values) => interpolate(key, values);
    const fixed = i18n.getFixedT(language, NAMESPACE) as unknown as (
      key: string,
      options?: Record<string, unknown>,
    ) => string;
    return (key, values) => fixed(key, values);
  }, [i18n, language, loaded]);
  return { t, language };
}

/**
 * A label function for a widget: the partner's override from `labels` when given (with
 * `{{placeholders}}` filled), otherwise `mining.<key>` from core's catalogue.
 *
 * @example
 * const { label } = useLabels(props.labels);
 * label('selectedCount', { count: 3 });
 */
export function useLabels<K extends string>(
  labels: Partial<Record<K, string>> | undefined,
): { label: (key: K, values?: Record<string, unknown>) => string; t: Translate; language: string } {
  const { t, language } = useMiningT();
  const label = (key: K, values?: Record<string, unknown>) => {
    const override = labels?.[key];
    return override === undefined ? t(`mining.${key}`, values) : interpolate(override, values);
  };
  return { label, t, language };
}
