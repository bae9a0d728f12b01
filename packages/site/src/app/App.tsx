import { DEFAULT_LANGUAGE, isLanguage } from '@poolkit/core';
import { PoolKitProvider } from '@poolkit/widgets';
import { type ReactNode, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { setFeedbackTranslate } from './feedback';
import type { createSiteRouter } from './router';
import type { Services } from './services';
import { ServicesContext } from './servicesContext';
import './global.css';

/** Props of {@link App}. */
export interface AppProps {
  services: Services;
  router: ReturnType<typeof createSiteRouter>;
}

/**
 * The providers: the widgets' PoolKitProvider (i18n with core's catalogues in the stored
 * language, theme, toasts), the services (session, API) and the router.
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
 * (`prerender.tsx`, with a static router), so both render the same markup.
 */
export function AppProviders({ services, children }: { services: Services; children: ReactNode }) {
  const { i18n } = services;
  const [language, setLanguage] = useState(i18n.language);
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
    <PoolKitProvider i18n={i18n} language={isLanguage(language) ? language : DEFAULT_LANGUAGE}>
      <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
    </PoolKitProvider>
  );
}
