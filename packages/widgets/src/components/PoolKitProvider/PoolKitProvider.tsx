import type { createI18n } from '@poolkit/core';
import {
  englishWidgetMessages,
  I18N_NAMESPACE,
  type Language,
  loadLanguage,
  loadMessages,
} from '@poolkit/core';
import { type ReactNode, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createCatalogueTranslator } from '../../lib/catalogueTranslator';
import { TranslatorContext } from '../../lib/translator';
import {
  PoolKitThemeProvider,
  type PoolKitThemeProviderProps,
} from '../../theme/PoolKitThemeProvider';
import { type ToastLabels, ToastProvider } from '../Toast/Toast';

/** An i18next instance as `createI18n` from `@poolkit/core` makes it. */
export type PoolKitI18n = ReturnType<typeof createI18n>;

/** Whether PoolKit's messages of `language` are in the (initialised) instance. */
function hasMessages(instance: PoolKitI18n, language: string | undefined): boolean {
  return Boolean(
    language && instance.isInitialized && instance.hasResourceBundle(language, I18N_NAMESPACE),
  );
}

/** Props of {@link PoolKitProvider}. */
export interface PoolKitProviderProps {
  /**
   * The interface language. Changing it switches every widget, once its messages are loaded
   * (the widgets keep the previous language until then). Default `'en'`.
   */
  language?: Language;
  /**
   * Your own i18next instance, e.g. one that also holds your app's namespaces: the widgets then
   * read it, and PoolKit's `poolkit` namespace is added to it for the languages it shows
   * (`loadLanguage` from `@poolkit/core`), or give it all at once with `buildResources()`.
   * Default: none — the provider holds PoolKit's messages itself, without i18next (English of
   * the widgets built in, the other languages loaded on demand).
   */
  i18n?: PoolKitI18n;
  /**
   * Shown instead of `children` until the messages of the starting language are loaded (English
   * is built in; the other languages are a chunk each), so a page asking for `ja` never shows
   * English first. Only before the first render of `children`. Default: nothing.
   */
  fallback?: ReactNode;
  /** Which built-in theme. Default `'light'`. */
  mode?: PoolKitThemeProviderProps['mode'];
  /** Theme variable overrides, e.g. `{ '--pk-color-brand': '#5b21b6' }`. */
  overrides?: PoolKitThemeProviderProps['overrides'];
  /** Adds a `ToastProvider`, so `useToast()` works anywhere inside. Default `true`. */
  toasts?: boolean;
  /** Milliseconds a toast stays. Default `3000`. */
  toastDuration?: number;
  /** Overrides of the toasts' texts. */
  toastLabels?: ToastLabels;
  /** Your app, or the part of the partner page that shows PoolKit widgets. */
  children?: ReactNode;
}

/**
 * Everything PoolKit's widgets need, in one wrapper for partners: PoolKit's translations in the
 * five languages (English of the widgets built in, the others loaded on demand; no i18next
 * unless you pass your own instance as `i18n`), the theme, and toasts. With a `language` other
 * than English, `children` render once its messages are in (`fallback` until then).
 *
 * @example
 * <PoolKitProvider language="ja" mode="dark">
 *   <WorkerTable rows={rows} />
 * </PoolKitProvider>
 */
export function PoolKitProvider({
  language,
  i18n,
  fallback = null,
  mode = 'light',
  overrides,
  toasts = true,
  toastDuration,
  toastLabels,
  children,
}: PoolKitProviderProps) {
  const content = toasts ? (
    <ToastProvider duration={toastDuration} labels={toastLabels}>
      {children}
    </ToastProvider>
  ) : (
    children
  );
  const frame = (lang: string | undefined) => (
    <PoolKitThemeProvider mode={mode} overrides={overrides} lang={lang}>
      {content}
    </PoolKitThemeProvider>
  );
  return i18n ? (
    <HostMessages i18n={i18n} language={language} fallback={fallback} frame={frame} />
  ) : (
    <OwnMessages language={language ?? 'en'} fallback={fallback} frame={frame} />
  );
}

/** What both ways of holding the messages render: the theme around the children, in `lang`. */
type Frame = (lang: string | undefined) => ReactNode;

/**
 * The provider's own catalogue: English of the widgets from the start, `language` once its
 * chunk is in (the widgets keep the previous language until then; `fallback` before the first).
 * A chunk that cannot be loaded leaves the texts in English.
 */
function OwnMessages({
  language,
  fallback,
  frame,
}: {
  language: string;
  fallback: ReactNode;
  frame: Frame;
}) {
  const [translator] = useState(() => createCatalogueTranslator('en', englishWidgetMessages()));
  const current = useSyncExternalStore(
    translator.subscribe,
    translator.language,
    translator.language,
  );
  // Latched: once the children show, a later switch keeps them (and their texts) meanwhile.
  const [started, setStarted] = useState(language === 'en');
  useEffect(() => {
    let live = true;
    const show = () => {
      if (!live) return;
      translator.setLanguage(language);
      setStarted(true);
    };
    if (translator.has(language)) show();
    else {
      loadMessages(language as Language).then((messages) => {
        // Kept even if the language changed meanwhile: a later switch back finds it.
        translator.add(language, messages);
        show();
      }, show);
    }
    return () => {
      live = false;
    };
  }, [translator, language]);
  if (!started) return fallback;
  return (
    <TranslatorContext.Provider value={translator}>{frame(current)}</TranslatorContext.Provider>
  );
}

/**
 * A host's i18next instance: the widgets read it through react-i18next's context, and PoolKit's
 * messages of its language are added to it (`loadLanguage`).
 */
function HostMessages({
  i18n: instance,
  language,
  fallback,
  frame,
}: {
  i18n: PoolKitI18n;
  language: Language | undefined;
  fallback: ReactNode;
  frame: Frame;
}) {
  const subscribe = useCallback(
    (onChange: () => void) => {
      instance.on('languageChanged', onChange);
      return () => instance.off('languageChanged', onChange);
    },
    [instance],
  );
  const current = useSyncExternalStore(
    subscribe,
    () => instance.language,
    () => instance.language,
  );
  // `children` show once the starting language's messages are in (or could not be loaded:
  // English then), and stay: a later switch keeps the previous texts until the next ones arrive.
  const [startedWith, setStartedWith] = useState<PoolKitI18n | null>(null);
  const ready = hasMessages(instance, current);
  // Latched during render (React re-renders at once), before any later switch could unmount.
  if (ready && startedWith !== instance) setStartedWith(instance);
  const started = ready || startedWith === instance;
  // Loads the messages of the instance's language, also when a host switches its own instance
  // (without a PoolKit backend) to a language it has no PoolKit messages for. A no-op otherwise.
  useEffect(() => {
    let live = true;
    const had = hasMessages(instance, current);
    void loadLanguage(instance, current).then(() => {
      if (!live) return;
      setStartedWith(instance);
      // Added by hand after the switch: react-i18next's `useTranslation` (the host's own
      // components) re-renders on `languageChanged` only, so announce the language again.
      if (!had && current && hasMessages(instance, current) && instance.language === current) {
        void instance.changeLanguage(current);
      }
    });
    return () => {
      live = false;
    };
  }, [instance, current]);
  // Follows the `language` prop: loads its messages first, then switches, so the widgets never
  // show English in between. A host-owned instance without the prop keeps its own language.
  useEffect(() => {
    if (!language || instance.language === language) return;
    let live = true;
    void loadLanguage(instance, language).then(() => {
      if (live && instance.language !== language) void instance.changeLanguage(language);
    });
    return () => {
      live = false;
    };
  }, [instance, language]);
  if (!started) return fallback;
  return <I18nextProvider i18n={instance}>{frame(current ?? language)}</I18nextProvider>;
}
