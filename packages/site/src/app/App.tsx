import { DEFAULT_LANGUAGE, isLanguage } from '@poolkit/core';
import { PoolKitProvider } from '@poolkit/widgets';
import { useEffect, useState } from 'react';
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
  const { i18n } = services;
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    setFeedbackTranslate((key) => i18n.t(key));
    const onChange = (next: string) => setLanguage(next);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);
  return (
    <PoolKitProvider i18n={i18n} language={isLanguage(language) ? language : DEFAULT_LANGUAGE}>
      <ServicesContext.Provider value={services}>
        <RouterProvider router={router} />
      </ServicesContext.Provider>
    </PoolKitProvider>
  );
}
