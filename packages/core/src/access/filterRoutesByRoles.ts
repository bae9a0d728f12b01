import { hasAnyPermission } from './permissions';
import { joinRoutePath, type RouteRecord } from './routes';

/**
 * The routes a user may open, for menus and the site's generated route list (spec sections 4
 * and 6). A route whose `meta.roles` is empty is open to all; any other is kept when the user
 * holds any of its roles. Children are filtered the same way, recursively.
 *
 * Decision: a parent left with no children is dropped only when it has no page of its own,
 * which in the table means it only forwards (`redirect`, as `/contract` and `/user` do); a
 * parent with its own page stays, without children. When a kept parent's redirect target was
 * filtered out, the redirect moves to its first remaining child, so `/user` never forwards to a
 * page the user cannot open.
 *
 * @param routes - a route table, e.g. `ROUTES`; not modified
 * @param roles - the user's permissions; `null` (not loaded) keeps only open routes
 */
export function filterRoutesByRoles(
  routes: readonly RouteRecord[],
  roles: readonly string[] | null | undefined,
): RouteRecord[] {
  return filterLevel(routes, roles ?? [], '');
}

function filterLevel(
  routes: readonly RouteRecord[],
  roles: readonly string[],
  parentPath: string,
): RouteRecord[] {
  const kept: RouteRecord[] = [];
  for (const route of routes) {
    if (!hasAnyPermission(roles, route.meta.roles)) continue;
    if (route.children === undefined) {
      kept.push(route);
      continue;
    }
    const fullPath = parentPath === '' ? route.path : joinRoutePath(parentPath, route.path);
    const children = filterLevel(route.children, roles, fullPath);
    const hasOwnPage = route.redirect === undefined;
    if (children.length === 0 && !hasOwnPage) continue;
    const pathOf = (child: RouteRecord) => joinRoutePath(fullPath, child.path);
    const targetWasDropped =
      route.redirect !== undefined &&
      route.children.some((child) => pathOf(child) === route.redirect) &&
      !children.some((child) => pathOf(child) === route.redirect);
    const firstChild = children[0];
    const redirect =
      targetWasDropped && firstChild !== undefined ? pathOf(firstChild) : route.redirect;
    kept.push({
      ...route,
      ...(redirect === undefined ? {} : { redirect }),
      children,
    });
  }
  return kept;
}
