import { loadLanguage } from '@poolkit/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createSiteRouter } from './app/router';
import { createServices, setAuthFailureHandler } from './app/services';

const services = createServices();
const router = createSiteRouter(services);
setAuthFailureHandler(() => {
  void router.navigate('/login');
});
services.scheduler.start();
// The API module (contract schemas, zod, ky) is not part of the first load; fetch it now, beside
// the page chunk, so the page's first request does not wait for it. A failure here is retried by
// the first call.
services.api.preload().catch(() => {});

const container = document.getElementById('root');
// English is in the bundle; another stored language arrives as its own chunk first, so the page
// never flashes English (`loadLanguage` never rejects: on failure the texts stay English).
void loadLanguage(services.i18n).then(() => {
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <App services={services} router={router} />
    </StrictMode>,
  );
});
