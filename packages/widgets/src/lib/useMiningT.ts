import type { i18n as I18n } from 'i18next';
import { useContext, useMemo, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';
import {
  i18nextTranslator,
  interpolate,
  lookup,
  type Messages,
  type Translate,
  TranslatorContext,
} from './translator';

export { interpolate, type Translate };

const noSubscription = () => () => {};

/**
 * The widgets' texts: a `t` bound to PoolKit's namespace, and the language. From the translator
 * of the nearest `PoolKitProvider` (its own catalogue), else from the i18next instance of the
 * surrounding `I18nextProvider` (or the one registered with `initReactI18next`), e.g. a host's
 * app that holds PoolKit's messages itself.
 *
 * Why not react-i18next's `useTranslation`: it imports i18next itself (about 18 KB gzip), which
 * would blow every widget's size budget and an app's first screen; the translator is all a
 * widget needs. It re-renders when the language changes and also when the messages of the
 * current language arrive (core loads every language but English on demand).
 *
 * `english`: the widget's own English of a group its provider may not hold (core's
 * `enContracts`, …), used when the messages have none for a key.
 */
export function useMiningT(english?: Messages): { t: Translate; language: string } {
  const own = useContext(TranslatorContext);
  const context = useContext(I18nContext) as { i18n?: I18n } | undefined;
  const host = own ? undefined : (context?.i18n ?? (getI18n() as I18n | undefined));
  const translator = own ?? (host ? i18nextTranslator(host) : null);
  const subscribe = translator?.subscribe ?? noSubscription;
  const language = useSyncExternalStore(
    subscribe,
    () => translator?.language() ?? 'en',
    () => translator?.language() ?? 'en',
  );
  const loaded = useSyncExternalStore(
    subscribe,
    () => translator?.has(language) ?? false,
    () => translator?.has(language) ?? false,
  );
  // `loaded` is a dependency on purpose: a new `t` once the language's messages are in, so texts
  // memoised on `t` are recomputed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const t = useMemo<Translate>(
    () =>
      translator
        ? translator.fixedT(language, english)
        : (key, values) => interpolate(lookup(english, key) ?? key, values),
    [translator, language, loaded, english],
  );
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
