import { createI18n, type Language } from '@poolkit/core';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  PoolKitThemeProvider,
  type PoolKitThemeProviderProps,
} from '../../theme/PoolKitThemeProvider';
import { type ToastLabels, ToastProvider } from '../Toast/Toast';

/** An i18next instance as `createI18n` from `@poolkit/core` makes it. */
export type PoolKitI18n = ReturnType<typeof createI18n>;

/** Props of {@link PoolKitProvider}. */
export interface PoolKitProviderProps {
  /** The interface language. Changing it switches every widget. Default `'en'`. */
  language?: Language;
  /**
   * Your own i18next instance, e.g. one that also holds your app's namespaces; it must contain
   * PoolKit's `poolkit` namespace (`buildResources()` from `@poolkit/core`). Default: one made
   * with `createI18n`.
   */
  i18n?: PoolKitI18n;
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
 * five languages (react-i18next), the theme, and toasts.
 *
 * @example
 * <PoolKitProvider language="ja" mode="dark">
 *   <WorkerTable rows={rows} />
 * </PoolKitProvider>
 */
export function PoolKitProvider({
  language,
  i18n,
  mode = 'light',
  overrides,
  toasts = true,
  toastDuration,
  toastLabels,
  children,
}: PoolKitProviderProps) {
  const [ownI18n] = useState(() => (i18n ? null : createI18n({ language: language ?? 'en' })));
  const instance = i18n ?? ownI18n;
  // Follows the `language` prop; a host-owned instance without it keeps its own language.
  useEffect(() => {
    if (instance && language && instance.language !== language) {
      void instance.changeLanguage(language);
    }
  }, [instance, language]);
  if (!instance) return null;
  const content = toasts ? (
    <ToastProvider duration={toastDuration} labels={toastLabels}>
      {children}
    </ToastProvider>
  ) : (
    children
  );
  return (
    <I18nextProvider i18n={instance}>
      <PoolKitThemeProvider mode={mode} overrides={overrides} lang={language ?? instance.language}>
        {content}
      </PoolKitThemeProvider>
    </I18nextProvider>
  );
}
