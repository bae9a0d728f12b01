/**
 * The permission strings of spec section 6, fetched after login (`GET /permissions/current`),
 * plus PoolKit's own `admin.view` ({@link OPERATOR_PERMISSION}). Route `meta.roles` and element
 * rules list these.
 */
export const PERMISSIONS = [
  'contract.view',
  'account.view',
  'pool.view',
  'miner.view',
  'user.view',
  'recommend.view',
  'wallet.view',
  'admin.view',
] as const;

/** One permission string, e.g. `'wallet.view'`. */
export type Permission = (typeof PERMISSIONS)[number];

/**
 * The permission of operators: the `/admin` area and the `/admin/…` calls. The spec has no
 * operator; PoolKit names it like the spec's area permissions (`wallet.view` opens the wallet's
 * writes too). A user holds it with the `operator` role, whatever account they act on.
 */
export const OPERATOR_PERMISSION = 'admin.view' satisfies Permission;

/** Narrows a string (from the API) to a known permission. */
export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

/**
 * The element-level rule of spec section 6: an element is shown unless the user holds none of
 * the listed permissions. An empty list shows it to everyone; roles not loaded yet (`null` or
 * `undefined`) count as holding none.
 *
 * @param held - the user's permissions, `null` while not loaded
 * @param required - the element's permissions (any one suffices)
 * @example hasAnyPermission(['pool.view'], ['pool.view', 'miner.view']); // true
 */
export function hasAnyPermission(
  held: readonly string[] | null | undefined,
  required: readonly string[],
): boolean {
  if (required.length === 0) return true;
  if (!held) return false;
  return required.some((permission) => held.includes(permission));
}
