import { canOpenAddressMiningPage, isPoolTypeOpen } from '../domain/coinGuards';
import { OBSERVER_TOKEN_PARAM } from '../session/readObserverToken';
import { matchRoute, normalizePath, type RouteMatch } from './matchRoute';
import { hasAnyPermission } from './permissions';
import type { CoinGuard, RouteRecord } from './routes';

/** The substring that makes any path open (spec section 2). */
export const RED_PACKET_PATH = '/activity/red_packet';

/** A query as routers hand it over: one value, several, or none per name. */
export type NavigationQuery = Readonly<
  Record<string, string | readonly (string | null)[] | null | undefined>
>;

/** What the guard knows of the session. */
export interface NavigationSession {
  /** An access token is stored (spec section 4, "Login stores tokens"). */
  isLoggedIn: boolean;
  /** An observer token is stored: a read-only observer session. */
  isObserver: boolean;
  /** The stored observer token, when known; a different one in the URL switches to it. */
  observerToken?: string | null;
  /** The permission strings, or `null` while not loaded. An empty list is loaded (holds none). */
  roles: readonly string[] | null;
}

/** Input of {@link decideNavigation}. */
export interface NavigationRequest {
  /** The target path, e.g. `/user/setting`. */
  path: string;
  /** The target query. */
  query: NavigationQuery;
  /** The target hash, if any (`#pay`; a missing `#` is added). */
  hash?: string;
  session: NavigationSession;
  /**
   * The route table to decide on.
   * @defaultValue `ROUTES`
   */
  routes?: readonly RouteRecord[];
}

/** Why a navigation is redirected. */
export type RedirectReason =
  /** No route has this path (spec section 2: unknown path → `/`). */
  | 'unknown-path'
  /** The route only forwards (`/contract` → `/contract/list`, `/user` → `/user/setting`). */
  | 'route-redirect'
  /** A signed-in user opened login, registration or password reset. */
  | 'signed-in'
  /** The coin may not open this page (spec section 2 coin guards). */
  | 'coin-not-supported'
  /** A visitor opened a page that needs login. */
  | 'login-required'
  /** An observer opened a page outside the read-only account pages. */
  | 'observer-read-only'
  /** The user holds none of the route's roles. */
  | 'forbidden';

/** What the router should do with a navigation. */
export type NavigationDecision =
  /** Go ahead. */
  | { type: 'allow'; name: string; params: Readonly<Record<string, string>> }
  /**
   * Navigate to `to` instead (a path with its query), replacing the history entry. `redirected`
   * is set where the spec asks for a redirected flag (signed-in user on a guest-only page).
   */
  | { type: 'redirect'; to: string; reason: RedirectReason; redirected?: boolean }
  /** Load the roles (`GET /permissions/current`), then decide again; on failure see `decideRolesLoadFailure`. */
  | { type: 'load-roles' }
  /** Store `observerToken` as the observer session (roles unloaded), then decide again. */
  | { type: 'start-observer'; observerToken: string }
  /** Clear the observer token and reload the page at `reloadTo` (spec section 2). */
  | { type: 'end-observer'; reloadTo: string };

function firstValue(value: NavigationQuery[string]): string | undefined {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return undefined;
  for (const item of value) if (typeof item === 'string') return item;
  return undefined;
}

function searchOf(query: NavigationQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === 'string') params.append(name, value);
    else if (value)
      for (const item of value) if (typeof item === 'string') params.append(name, item);
  }
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

function passesCoinGuard(guard: CoinGuard | undefined, params: RouteMatch['params']): boolean {
  if (guard === undefined) return true;
  switch (guard.kind) {
    case 'address-mining':
      return canOpenAddressMiningPage(params.coin ?? '', guard.page);
    case 'pool-type':
      return isPoolTypeOpen(params.type ?? '');
    default:
      return guard satisfies never;
  }
}

/**
 * The route guard of spec sections 2, 4 and 6 as one pure decision, checked in this order:
 *
 * 1. Unknown path → redirect to `/`.
 * 2. A forwarding route → its target, keeping query and hash.
 * 3. Any path containing `/activity/red_packet` → allow.
 * 4. Observer token: `observer_token` in the query while not in (that) observer session →
 *    `start-observer`; an observer session without it in the URL → `end-observer` (clear and
 *    reload without it).
 * 5. Signed-in user on `/login`, `/register/phone`, `/register/email`, `/resetpassword/phone`,
 *    `/resetpassword/email` → `/` with `redirected: true`.
 * 6. Coin guards: `/mining/:coin/*` only for alph, kas, sumo, zeph, aleo (`ip-statistics` only
 *    aleo); `/pool/:type/*` never for those five → `/`. They run before the login check, so a
 *    visitor is not asked to log in for a page that would send them home anyway.
 * 7. A session (user or observer) whose roles are `null` → `load-roles` on any route, so the
 *    allowed routes exist from the first navigation on.
 * 8. Public route → allow.
 * 9. No session → `/login?redirect=<path with query and hash>`.
 * 10. Observer session on a page that is not a read-only account page (`meta.observer`) → `/`.
 *     Observer mode wins over a signed-in user, since the observer token is the bearer then.
 * 11. Roles lacking for the route or any parent → `/`. Decision: `/` (not a 403 page) because
 *     a route the user may not open is not among the generated routes, so it is unknown to them.
 * 12. Allow.
 *
 * @example
 * decideNavigation({ path: '/user/setting', query: {}, session: { isLoggedIn: false, isObserver: false, roles: null } });
 * // { type: 'redirect', to: '/login?redirect=%2Fuser%2Fsetting', reason: 'login-required' }
 */
export function decideNavigation(request: NavigationRequest): NavigationDecision {
  const { query, session } = request;
  const path = normalizePath(request.path);
  const rawHash = request.hash ?? '';
  const hash = rawHash === '' || rawHash.startsWith('#') ? rawHash : `#${rawHash}`;
  const match = request.routes === undefined ? matchRoute(path) : matchRoute(path, request.routes);
  if (match === null) return { type: 'redirect', to: '/', reason: 'unknown-path' };
  const { route, params, parents } = match;

  if (route.redirect !== undefined) {
    return {
      type: 'redirect',
      to: `${route.redirect}${searchOf(query)}${hash}`,
      reason: 'route-redirect',
    };
  }

  const allow: NavigationDecision = { type: 'allow', name: route.name, params };
  if (path.includes(RED_PACKET_PATH)) return allow;

  const observerToken = firstValue(query[OBSERVER_TOKEN_PARAM]);
  if (observerToken !== undefined && observerToken !== '') {
    const knownToken = session.observerToken;
    const otherToken =
      knownToken !== undefined && knownToken !== null && knownToken !== observerToken;
    if (!session.isObserver || otherToken) return { type: 'start-observer', observerToken };
  } else if (session.isObserver) {
    return { type: 'end-observer', reloadTo: `${path}${searchOf(query)}${hash}` };
  }

  if (route.meta.guestOnly === true && session.isLoggedIn) {
    return { type: 'redirect', to: '/', reason: 'signed-in', redirected: true };
  }

  if (!passesCoinGuard(route.meta.coinGuard, params)) {
    return { type: 'redirect', to: '/', reason: 'coin-not-supported' };
  }

  const hasSession = session.isLoggedIn || session.isObserver;
  if (hasSession && session.roles === null) return { type: 'load-roles' };

  if (route.public) return allow;

  if (!hasSession) {
    const back = `${path}${searchOf(query)}${hash}`;
    return {
      type: 'redirect',
      to: `/login?${new URLSearchParams({ redirect: back }).toString()}`,
      reason: 'login-required',
    };
  }

  if (session.isObserver && route.meta.observer !== true) {
    return { type: 'redirect', to: '/', reason: 'observer-read-only' };
  }

  const permitted = [...parents, route].every((record) =>
    hasAnyPermission(session.roles, record.meta.roles),
  );
  if (!permitted) return { type: 'redirect', to: '/', reason: 'forbidden' };

  return allow;
}
