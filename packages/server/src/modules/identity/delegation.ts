/**
 * What API keys and third-party app authorisations share: both let something other than the
 * user's own session read for the user, limited to some scopes (stored as a JSON list) and some
 * of the user's mining accounts (a join table), and both end by being revoked.
 */
import { type DelegableScope, delegableScopeSchema } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { ERROR_CODES } from '../../contract';
import { iso, queryRows } from '../../db/sql';
import { badField } from '../../domain/errors';
import { queryRows as queryInTransaction, type SqlExecutor } from '../../engine/sql';
import { type SecurityChange, securityChangeIn } from './securityChange';

/** A JSON column holding a list of strings (scopes, redirect URIs, allowed addresses). */
export function jsonList(stored: string): string[] {
  const value: unknown = JSON.parse(stored);
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new Error('A JSON list column of a key or an app does not hold a list of strings');
  }
  return value;
}

/** The stored scopes still known to the contract (one dropped since is left out, not an error). */
export function scopesOf(stored: string): DelegableScope[] {
  return jsonList(stored).flatMap((scope) => {
    const parsed = delegableScopeSchema.safeParse(scope);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Account names as `string_agg(…, ',')` joins them; none is `[]`. */
export function namesOf(list: string | null): string[] {
  return list === null || list === '' ? [] : list.split(',');
}

/**
 * The user's own mining accounts among `names` (each name once), and the first name that is
 * not one of them (`undefined` when all are), for the caller's 404.
 */
export async function ownedAccounts(
  context: AppContext,
  userId: string,
  names: readonly string[],
): Promise<{ owned: { id: string; name: string }[]; missing: string | undefined }> {
  const unique = [...new Set(names)];
  const owned = await queryRows<{ id: string; name: string }>(
    context.database,
    sql`SELECT id::text AS id, name FROM mining_accounts
        WHERE user_id = ${userId}::bigint AND name IN (${sql.join(
          unique.map((name) => sql`${name}`),
          sql`, `,
        )})`,
  );
  const missing = unique.find((name) => !owned.some((row) => row.name === name));
  return { owned, missing };
}

/** The tables of revocable delegations, each with `id`, `user_id` and `revoked_at`. */
type DelegationTable = 'api_keys' | 'oauth_grants';

/**
 * Revokes the user's live delegation `id` of `table` (the id as the path gave it, compared as
 * text so a malformed one matches nothing) as a security change: told by message and logged.
 * HTTP 404 naming `id` with `missing` when the user has no such live one.
 */
export async function revokeOwnDelegation(
  context: AppContext,
  table: DelegationTable,
  id: string,
  change: SecurityChange,
  missing: string,
): Promise<void> {
  const revoked = await securityChangeIn(context, change, async (tx, nowMs) => {
    const rows = await queryInTransaction<{ id: string }>(
      tx,
      sql`UPDATE ${sql.identifier(table)} SET revoked_at = ${iso(nowMs)}::timestamptz
          WHERE user_id = ${change.userId}::bigint AND id::text = ${id} AND revoked_at IS NULL
          RETURNING id::text AS id`,
    );
    return rows.length > 0 ? true : undefined;
  });
  if (revoked === undefined) badField('id', missing, ERROR_CODES.notFound);
}

/**
 * Revokes every live delegation of a user in `table` (a password reset: whoever held the
 * account may have made one), in the caller's transaction when it passes one. Resolves how many
 * it revoked.
 */
export async function revokeAllDelegations(
  executor: SqlExecutor,
  table: DelegationTable,
  userId: string,
  nowMs: number,
): Promise<number> {
  const rows = await queryInTransaction<{ id: string }>(
    executor,
    sql`UPDATE ${sql.identifier(table)} SET revoked_at = ${iso(nowMs)}::timestamptz
        WHERE user_id = ${userId}::bigint AND revoked_at IS NULL
        RETURNING id::text AS id`,
  );
  return rows.length;
}
