import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../contract';
import { iso } from '../../db/sql';
import { execute, type SqlExecutor } from '../../engine/sql';
import type { Principal } from '../../http/authenticate';
import { HttpError } from '../../http/httpError';
import { OPERATOR_PERMISSION } from '../identity/permissions';

/**
 * The operator check of the `/admin/…` handlers: resolves the operator's user id, or throws
 * HTTP 403 code 40300 for anyone else (401 without a user). `registerEndpoint` already refuses
 * a caller without the endpoint's `admin.view` permission; handlers call this as well, so an
 * operator action always knows who acts and can never run for an observer or a visitor.
 */
export function requireOperator(principal: Principal | null): string {
  if (principal === null) {
    throw new HttpError(401, ERROR_CODES.unauthorized, 'Sign in to continue');
  }
  if (principal.kind !== 'user' || !principal.permissions.includes(OPERATOR_PERMISSION)) {
    throw new HttpError(403, ERROR_CODES.forbidden, `Missing permission ${OPERATOR_PERMISSION}`);
  }
  return principal.userId;
}

/**
 * Makes a user an operator (a row in `operators`); nothing happens when it already is one.
 * `grantedBy` is the operator who granted it, `null` for the demo seed and scripts.
 */
export async function grantOperator(
  executor: SqlExecutor,
  userId: string,
  grantedBy: string | null,
  nowMs: number,
): Promise<void> {
  await execute(
    executor,
    sql`INSERT INTO operators (user_id, granted_at, granted_by)
        VALUES (${userId}::bigint, ${iso(nowMs)}::timestamptz, ${grantedBy}::bigint)
        ON CONFLICT (user_id) DO NOTHING`,
  );
}
