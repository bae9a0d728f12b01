import {
  CHUNK_LOAD_TIMEOUT_MS,
  chunkLoadRecovery,
  flattenRoutes,
  isChunkLoadError,
  loadLanguage,
  RELOADED_HASH,
  ROUTES,
} from '@poolkit/core';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { WebsiteUpdatedError } from './chunkErrors';
import { createGuardLoader } from './guard';
import { Layout, RouteError, ShellFallback } from './Layout';
import { FIRST_SCREEN_PAGES, PAGE_LOADERS, type PageModule } from './pages';
import type { Services } from './services';

/** What each route carries in its `handle`: its name in core's route table. */
export interface RouteHandle {
  name: string;
}

/** The element of a route that only forwards: the guard redirects before it renders. */
function Nothing() {
  return null;
}

type PendingLocation = () => { pathname: string; search: string } | undefined;

function withTimeout(load: () => Promise<PageModule>): Promise<PageModule> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new Error('Loading chunk page failed. (timeout)');
      error.name = 'ChunkLoadError';
      reject(error);
    }, CHUNK_LOAD_TIMEOUT_MS);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Loads a page chunk; on a chunk-load failure reloads the target page once, marked `#reloaded`,
 * and on a second failure throws {@link WebsiteUpdatedError} (core's `chunkLoadRecovery`).
 */
function lazyPage(load: () => Promise<PageModule>, pending: PendingLocation) {
  return async (): Promise<PageModule> => {
    try {
      return await withTimeout(load);
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      const target = pending() ?? window.location;
      const url = `${window.location.origin}${target.pathname}${target.search}`;
      const decision = chunkLoadRecovery(url, {
        alreadyReloaded: window.location.hash === RELOADED_HASH,
      });
      if (decision.action === 'show-message') throw new WebsiteUpdatedError();
      window.history.replaceState(null, '', decision.url);
      window.location.reload();
      return new Promise<PageModule>(() => undefined);
    }
  };
}

/**
 * Builds every route of spec section 2 from core's `ROUTES` (paths as the spec writes them),
 * each page a lazily loaded chunk, under one layout whose loader is the navigation guard.
 * Forwarding routes (`/user`, `/contract`) and unknown paths are redirected by the guard.
 */
export function buildRoutes(services: Services, pending: PendingLocation): RouteObject[] {
  const children: RouteObject[] = flattenRoutes(ROUTES).map(({ route, fullPath }) => {
    const handle: RouteHandle = { name: route.name };
    const load = PAGE_LOADERS[route.name];
    if (route.redirect !== undefined || load === undefined) {
      return { path: fullPath, handle, Component: Nothing };
    }
    // A page beyond the first screen comes with the rest of its language's messages.
    const loadPage = FIRST_SCREEN_PAGES.has(route.name)
      ? load
      : () => Promise.all([load(), loadLanguage(services.i18n)]).then(([page]) => page);
    return { path: fullPath, handle, lazy: lazyPage(loadPage, pending) };
  });
  children.push({ path: '*', handle: { name: 'Unknown' }, Component: Nothing });
  return [
    {
      id: 'root',
      loader: createGuardLoader(services),
      shouldRevalidate: () => true,
      Component: Layout,
      ErrorBoundary: RouteError,
      HydrateFallback: ShellFallback,
      children: [{ ErrorBoundary: RouteError, children }],
    },
  ];
}

/** Creates the history-mode data router. */
export function createSiteRouter(services: Services) {
  let router: ReturnType<typeof createBrowserRouter> | null = null;
  const pending: PendingLocation = () => router?.state.navigation.location ?? undefined;
  router = createBrowserRouter(buildRoutes(services, pending));
  return router;
}
