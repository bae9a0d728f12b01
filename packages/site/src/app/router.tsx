import { flattenRoutes, matchRoute, ROUTES } from '@poolkit/core/access';
import { loadLanguage } from '@poolkit/core/i18n';
import { createGuardLoader } from './guard';
import { Layout, RouteError, ShellFallback } from './Layout';
import { lazyPage, type PendingLocation } from './lazyPage';
import {
  createBrowserHistory,
  createRouter,
  type History,
  type RouteDefinition,
  type Router,
  type RouterInit,
} from './nav';
import { FIRST_SCREEN_PAGES, PAGE_LOADERS } from './pages';
import type { Services } from './services';

/** The element of a route that only forwards: the guard redirects before it renders. */
function Nothing() {
  return null;
}

/** The route of paths no route has; the guard redirects them before it renders. */
const UNKNOWN = 'Unknown';

/**
 * Builds every route of spec section 2 from core's `ROUTES` (paths as the spec writes them,
 * matched by core's `matchRoute`), each page a lazily loaded chunk, under one layout whose
 * loader is the navigation guard. Forwarding routes (`/user`, `/contract`) and unknown paths are
 * redirected by the guard.
 */
export function buildRoutes(
  services: Services,
  pending: PendingLocation,
): Omit<RouterInit, 'history'> {
  const routes: Record<string, RouteDefinition> = { [UNKNOWN]: { Component: Nothing } };
  for (const { route } of flattenRoutes(ROUTES)) {
    const load = PAGE_LOADERS[route.name];
    if (route.redirect !== undefined || load === undefined) {
      routes[route.name] = { Component: Nothing };
      continue;
    }
    // A page beyond the first screen comes with the rest of its language's messages.
    const loadPage = FIRST_SCREEN_PAGES.has(route.name)
      ? load
      : () => Promise.all([load(), loadLanguage(services.i18n)]).then(([page]) => page);
    routes[route.name] = { lazy: lazyPage(loadPage, pending) };
  }
  return {
    match: (pathname) => {
      const matched = matchRoute(pathname);
      return matched && { name: matched.route.name, params: matched.params };
    },
    routes,
    fallback: UNKNOWN,
    loader: createGuardLoader(services),
    layout: { Component: Layout, ErrorBoundary: RouteError, HydrateFallback: ShellFallback },
  };
}

/** Creates the site's router on `history` (default: the browser's). */
export function createSiteRouter(services: Services, history: History = createBrowserHistory()) {
  let router: Router | null = null;
  const pending: PendingLocation = () => router?.state.navigation.location;
  router = createRouter({ ...buildRoutes(services, pending), history });
  return router;
}
