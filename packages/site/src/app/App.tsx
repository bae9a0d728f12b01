import { DEFAULT_LANGUAGE } from '@poolkit/core/constants';
import { isLanguage } from '@poolkit/core/i18n';
import { PoolKitThemeProvider, ToastProvider } from '@poolkit/widgets';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { setFeedbackTranslate } from './feedback';
import { type Router, RouterProvider } from './nav';
import type { Services } from './services';
import { ServicesContext } from './servicesContext';
import { useTheme } from './theme';
import './global.css';

/** Props of {@link App}. */
export interface AppProps {
  services: Services;
  router: Router;
}

/**
 * The providers: i18n (core's catalogues in the stored language), the widgets' theme and toasts,
 * the services (session, API) and the router.
 */
export function App({ services, router }: AppProps) {
  return (
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/**
 * Everything around the router, shared by the browser (`App`) and the build-time prerender
 * (`prerender.tsx`, with a router on a history in memory), so both render the same markup.
 *
 * The widgets' `PoolKitProvider`, composed of its parts: its own catalogue holds the widgets'
 * English only (none of the site's strings), while the site's instance (`createFirstScreenI18n`)
 * holds the site's and has its stored language's messages before the first render (`main.tsx`),
 * so the widgets read that instance through `I18nextProvider`.
 */
export function AppProviders({ services, children }: { services: Services; children: ReactNode }) {
  const { i18n } = services;
  const [language, setLanguage] = useState(i18n.language);
  // Light in the prerendered markup; the reader's theme right after hydration (its colours were
  // already on screen: index.html sets `data-theme` before the first paint).
  const { mode } = useTheme();
  useEffect(() => {
    // The app has rendered (or hydrated) and answers input: for tests and monitoring.
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
  useEffect(() => {
    setFeedbackTranslate((key) => i18n.t(key));
    const onChange = (next: string) => setLanguage(next);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);
  return (
    <I18nextProvider i18n={i18n}>
      <PoolKitThemeProvider mode={mode} lang={isLanguage(language) ? language : DEFAULT_LANGUAGE}>
        <ToastProvider>
          <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
        </ToastProvider>
      </PoolKitThemeProvider>
    </I18nextProvider>
  );
}
