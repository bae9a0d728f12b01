import { type FlatRoute, flattenRoutes, ROUTES, type RouteRecord } from './routes';

/** A route matched by {@link matchRoute}. */
export interface RouteMatch {
  readonly route: RouteRecord;
  /** The route's absolute pattern, e.g. `/contract/order/:order_id`. */
  readonly fullPath: string;
  /** Ancestors of the route, outermost first (`[Contract]` for `/contract/list`). */
  readonly parents: readonly RouteRecord[];
  /** Path parameters, URI-decoded: `{ order_id: '42' }`. */
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Reduces a path to the form routes are matched on: without query or hash, with a leading slash
 * and without trailing slashes (`/download/` is `/download`).
 */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const withSlash = bare.startsWith('/') ? bare : `/${bare}`;
  const trimmed = withSlash.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

const FLAT_ROUTES: readonly FlatRoute[] = flattenRoutes(ROUTES);

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchPattern(
  pattern: string,
  segments: readonly string[],
): { params: Record<string, string>; staticCount: number } | null {
  const patternSegments = pattern.split('/').filter((part) => part !== '');
  if (patternSegments.length !== segments.length) return null;
  const params: Record<string, string> = {};
  let staticCount = 0;
  for (const [index, part] of patternSegments.entries()) {
    const segment = segments[index];
    if (segment === undefined || segment === '') return null;
    if (part.startsWith(':')) {
      params[part.slice(1)] = decodeSegment(segment);
    } else if (part === segment) {
      staticCount += 1;
    } else {
      return null;
    }
  }
  return { params, staticCount };
}

/**
 * Finds the route of a path in a route table, with its parameters. Paths are case sensitive;
 * query, hash and trailing slashes are ignored. When two patterns match, the one with more
 * literal segments wins, then the earlier one. Returns `null` for an unknown path (which the
 * site redirects to `/`).
 *
 * @param path - a location path, e.g. `/contract/order/42`
 * @param routes - the table; default {@link ROUTES}
 * @example matchRoute('/pool/btc/miner')?.params; // { type: 'btc' }
 */
export function matchRoute(
  path: string,
  routes: readonly RouteRecord[] = ROUTES,
): RouteMatch | null {
  const normalized = normalizePath(path);
  const segments = normalized === '/' ? [] : normalized.split('/').slice(1);
  const candidates = routes === ROUTES ? FLAT_ROUTES : flattenRoutes(routes);
  let best: (RouteMatch & { staticCount: number }) | null = null;
  for (const { route, fullPath, parents } of candidates) {
    const matched = matchPattern(fullPath, segments);
    if (matched && (best === null || matched.staticCount > best.staticCount)) {
      best = { route, fullPath, parents, params: matched.params, staticCount: matched.staticCount };
    }
  }
  if (best === null) return null;
  return { route: best.route, fullPath: best.fullPath, parents: best.parents, params: best.params };
}
