import { DEFAULT_LANGUAGE, loadLanguage, nextTask } from '@poolkit/core';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { createSiteRouter } from './app/router';
import { createServices, setAuthFailureHandler } from './app/services';

const container = document.getElementById('root');

/**
 * Hydrates the prerendered markup when it is this page's and fits this user (index.html's first
 * script sets `data-csr` on `<html>` otherwise); else renders from scratch, replacing it.
 * Hydration waits for the router's first navigation (guard, page chunk), so the first render
 * matches the prerender's.
 */
async function start(root: HTMLElement): Promise<void> {
  // Start-up runs in a few tasks (evaluating the modules; the services, whose i18n instance
  // builds the first screen's catalogue, and the router; starting the API load; hydrating), each
  // short enough for the browser to answer input between them.
  await nextTask();
  const services = createServices();
  const router = createSiteRouter(services);
  setAuthFailureHandler(() => {
    void router.navigate('/login');
  });
  services.scheduler.start();
  await nextTask();
  // The API module (contract schemas, zod, ky) is not part of the first load; fetch it now, beside
  // the page chunk, so the page's first request does not wait for it. A failure here is retried by
  // the first call.
  services.api.preload().catch(() => {});
  // English's first-screen messages are in the bundle (the rest comes with the API client and
  // with any other page); another stored language arrives as its own chunk first, so the page
  // never flashes English (`loadLanguage` never rejects: on failure the texts stay English).
  if (services.i18n.language !== DEFAULT_LANGUAGE) await loadLanguage(services.i18n);
  const app = (
    <StrictMode>
      <App services={services} router={router} />
    </StrictMode>
  );
  const html = document.documentElement;
  if (root.dataset.prerendered === window.location.pathname && !html.hasAttribute('data-csr')) {
    await new Promise<void>((ready) => {
      if (router.state.initialized) ready();
      else {
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          ready();
        });
      }
    });
    await nextTask();
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // blocking input for the whole page (the page is already painted and readable meanwhile).
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError: (error) => console.error('PoolKit hydration:', error),
      });
    });
    return;
  }
  root.replaceChildren();
  createRoot(root).render(app);
  html.removeAttribute('data-csr');
}

if (container) void start(container);
