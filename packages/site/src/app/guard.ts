import {
  decideNavigation,
  decideRolesLoadFailure,
  type NavigationQuery,
  type NavigationSession,
} from '@poolkit/core/access';
import { isApiError } from '@poolkit/core/client';
import { reportError, showMessage } from './feedback';
import { type LoaderFunctionArgs, redirect } from './nav';
import type { Services } from './services';

/** What the guard hands to the pages: the allowed route's name and parameters. */
export interface GuardResult {
  name: string;
  params: Readonly<Record<string, string>>;
}

/** Flags of the last guard redirect; `redirected` is the spec's flag for a signed-in user on a guest page. */
export const navigationFlags = { redirected: false };

/** Thrown when loading the roles failed with anything but HTTP 400: the navigation is aborted. */
export class NavigationAbortedError extends Error {
  override readonly name = 'NavigationAbortedError';
}

function queryOf(url: URL): NavigationQuery {
  const query: Record<string, string[]> = {};
  for (const [name, value] of url.searchParams) {
    const list = query[name] ?? [];
    list.push(value);
    query[name] = list;
  }
  return query;
}

/**
 * The message a signed-in user gets when a page needs a role they do not hold, instead of
 * landing on the home page without a word: the operator console (`/admin…`) says so by name.
 */
export function forbiddenMessageKey(path: string): string {
  return path === '/admin' || path.startsWith('/admin/')
    ? 'site.guard.noOperatorAccess'
    : 'site.guard.noAccess';
}

/**
 * Wires core's `decideNavigation` to the data router as the root loader: it runs on every
 * navigation, loads the roles on the first one (`GET /permissions/current`), starts and ends
 * observer sessions, and redirects where the spec says so.
 */
export function createGuardLoader(services: Services) {
  const { session, api, scheduler, i18n } = services;
  const loaded = { user: false, observer: false };
  session.subscribe((event) => {
    if (event.type === 'login' || event.type === 'logout') {
      loaded.user = false;
      loaded.observer = false;
    }
    if (event.type === 'observer') loaded.observer = false;
  });

  function navigationSession(): NavigationSession {
    const isObserver = session.observer.isActive();
    const rolesLoaded = isObserver ? loaded.observer : loaded.user;
    return {
      isLoggedIn: session.isLoggedIn(),
      isObserver,
      observerToken: session.observer.getToken(),
      roles: rolesLoaded ? session.getActiveRoles() : null,
    };
  }

  async function loadRoles(): Promise<void> {
    const isObserver = session.observer.isActive();
    try {
      const current = await api.currentPermissions();
      if (isObserver) {
        session.observer.setRoles(current.permissions);
        loaded.observer = true;
      } else {
        session.setRoles(current.permissions);
        loaded.user = true;
      }
    } catch (error) {
      const status = isApiError(error) && error.status !== 0 ? error.status : undefined;
      const decision = decideRolesLoadFailure({ status, isObserver });
      switch (decision.type) {
        case 'logout':
          session.logout();
          throw redirect(decision.to);
        case 'clear-observer-and-home':
          session.observer.clear();
          throw redirect(decision.to);
        case 'abort':
          reportError(error);
          throw new NavigationAbortedError('roles', { cause: error });
        default:
          return decision satisfies never;
      }
    }
  }

  return async function guardLoader({ request }: LoaderFunctionArgs): Promise<GuardResult> {
    const url = new URL(request.url);
    void scheduler.check();
    // Each step changes the session (roles loaded, observer started), so a few rounds suffice.
    for (let round = 0; round < 5; round += 1) {
      const decision = decideNavigation({
        path: url.pathname,
        query: queryOf(url),
        hash: url.hash,
        session: navigationSession(),
      });
      switch (decision.type) {
        case 'allow':
          return { name: decision.name, params: decision.params };
        case 'redirect':
          navigationFlags.redirected = decision.redirected === true;
          if (decision.reason === 'forbidden') {
            showMessage(i18n.t(forbiddenMessageKey(url.pathname)), 'error');
          }
          throw redirect(decision.to);
        case 'load-roles':
          await loadRoles();
          break;
        case 'start-observer':
          session.observer.start(decision.observerToken);
          break;
        case 'end-observer':
          session.observer.clear();
          window.location.replace(decision.reloadTo);
          // The page reloads; this navigation never completes.
          return new Promise<GuardResult>(() => undefined);
        default:
          return decision satisfies never;
      }
    }
    throw new NavigationAbortedError('guard');
  };
}
