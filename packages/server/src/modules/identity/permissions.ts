/** Every permission string of spec section 6: what a user acting on a main account holds. */
export const ALL_PERMISSIONS = [
  'contract.view',
  'account.view',
  'pool.view',
  'miner.view',
  'user.view',
  'recommend.view',
  'wallet.view',
] as const;

/** A sub-account's permission level (spec section 6). */
export type AccountPermissionLevel = 'pool_management' | 'profit_management' | 'read_only';

/**
 * What a user may do while acting on (having chosen as current) a sub-account of a level.
 * Decision: pool management sees pools, workers, its accounts and its own user pages; profit
 * management sees pools (profits live there) and the wallet; read-only sees pools and workers
 * and may not write (the verifier refuses its non-GET calls but switching account, settings
 * and logging out).
 */
export const SUB_ACCOUNT_PERMISSIONS: Readonly<Record<AccountPermissionLevel, readonly string[]>> =
  {
    pool_management: ['pool.view', 'miner.view', 'account.view', 'user.view'],
    profit_management: ['pool.view', 'wallet.view', 'user.view'],
    read_only: ['pool.view', 'miner.view'],
  };

/** What an observer token holds: read-only pools and workers of its one account. */
export const OBSERVER_PERMISSIONS: readonly string[] = ['pool.view', 'miner.view'];

/**
 * The permission of operators (core's `OPERATOR_PERMISSION`): the `/admin/…` calls. A user
 * holds it with a row in `operators`, whatever account they act on.
 */
export const OPERATOR_PERMISSION = 'admin.view';

/** The role name an operator reports besides its account roles. */
export const OPERATOR_ROLE = 'operator';

/** The role names an observer session reports (kept apart from user roles, spec section 6). */
export const OBSERVER_ROLES: readonly string[] = ['observer'];

/** The acting account of a user, as the verifier reads it. */
export interface ActingAccount {
  readonly isMain: boolean;
  readonly permission: string;
}

/** Narrows a stored level; unknown values count as read-only (the safe side). */
export function permissionLevel(value: string): AccountPermissionLevel {
  return value === 'pool_management' || value === 'profit_management' ? value : 'read_only';
}

/**
 * Permission strings of a user acting on `account` (all seven for a main account or none
 * chosen), plus `admin.view` for an operator: the operator role belongs to the person, not to
 * the account they act on.
 */
export function userPermissions(account: ActingAccount | null, operator = false): string[] {
  const held =
    account === null || account.isMain
      ? ALL_PERMISSIONS
      : SUB_ACCOUNT_PERMISSIONS[permissionLevel(account.permission)];
  return operator ? [...held, OPERATOR_PERMISSION] : [...held];
}

/**
 * Role names of a user acting on `account`: `user` plus `main_account` or the sub-account
 * level, and `operator` for an operator.
 */
export function userRoles(account: ActingAccount | null, operator = false): string[] {
  const roles =
    account === null || account.isMain
      ? ['user', 'main_account']
      : ['user', `sub_account_${permissionLevel(account.permission)}`];
  return operator ? [...roles, OPERATOR_ROLE] : roles;
}
