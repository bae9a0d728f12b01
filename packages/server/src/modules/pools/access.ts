import { ERROR_CODES, isCoinId, isMiningAddressShape } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import { findPool, type PoolDefinition } from '../../engine/poolCatalog';
import { queryRows, toNumber } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { isRefusal } from '../../http/isRefusal';
import type { RequestContext } from '../../http/registerEndpoint';

/** A mining account the caller may use. */
export interface AccountRef {
  readonly id: number;
  readonly name: string;
}

function notFound(field: string, message: string): HttpError {
  return new HttpError(404, ERROR_CODES.notFound, `${field}: ${message}`, {
    fields: [{ field, message }],
  });
}

/**
 * The pool of a `{pool}` path parameter for account calls: a pool that exists and is mined by
 * account (address-mining pools have no accounts). 404 code 40400 otherwise.
 */
export function requireAccountPool(name: string): PoolDefinition {
  const pool = findPool(name);
  if (pool === undefined) throw notFound('pool', 'No such pool');
  if (pool.addressMining) throw notFound('pool', 'This pool is mined by address, not by account');
  return pool;
}

/** The pool of a `{pool}` path parameter for public pool calls (any pool). */
export function requirePool(name: string): PoolDefinition {
  const pool = findPool(name);
  if (pool === undefined) throw notFound('pool', 'No such pool');
  return pool;
}

/** The pool of an address-mining `{coin}`; 404 for coins that are not mined by address. */
export function requireAddressPool(coin: string): PoolDefinition {
  const pool = isCoinId(coin) ? findPool(coin) : undefined;
  if (pool === undefined || !pool.addressMining) {
    throw notFound('coin', 'This coin is not mined by address');
  }
  return pool;
}

/** Checks an `{addr}` against the coin's address shape: HTTP 400 code 40005 naming `addr`. */
export function requireAddress(pool: PoolDefinition, address: string): string {
  if (!isMiningAddressShape(pool.coin, address)) {
    throw new HttpError(400, ERROR_CODES.addressWrong, 'addr: The address is wrong', {
      fields: [{ field: 'addr', message: 'The address is wrong' }],
    });
  }
  return address;
}

/**
 * The mining account `name` if the caller may use it: a user owns it (`mining_accounts.user_id`),
 * or an observer's token is for it, or an API key or app token was given it. Unknown and foreign accounts alike answer 404 code 40400, so
 * account names cannot be probed.
 */
export async function requireAccount(
  context: RequestContext,
  name: string,
  field = 'account',
): Promise<AccountRef> {
  const { principal } = context;
  if (principal === null) throw new HttpError(401, ERROR_CODES.unauthorized, 'Sign in to continue');
  const rows = await queryRows<{ id: unknown; user_id: unknown }>(
    context.database.db,
    sql`SELECT id, user_id FROM mining_accounts WHERE name = ${name}`,
  );
  const row = rows[0];
  const allowed =
    row !== undefined &&
    String(row.user_id) === String(principal.userId) &&
    (principal.kind === 'user' ||
      (principal.kind === 'observer' && principal.observerAccount === name) ||
      (principal.kind === 'delegate' && (principal.delegation?.accounts ?? []).includes(name)));
  if (row === undefined || !allowed) throw notFound(field, 'No such mining account');
  return { id: toNumber(row.id), name };
}

/** Same as {@link requireAccount}, from a mining account id (worker groups). */
export async function requireAccountById(
  context: RequestContext,
  accountId: number,
  field: string,
): Promise<AccountRef> {
  const rows = await queryRows<{ name: string }>(
    context.database.db,
    sql`SELECT name FROM mining_accounts WHERE id = ${accountId}`,
  );
  const row = rows[0];
  if (row === undefined) throw notFound(field, 'Not found');
  try {
    return await requireAccount(context, row.name, field);
  } catch (error) {
    if (isRefusal(error) && error.status === 404) throw notFound(field, 'Not found');
    throw error;
  }
}

/** A 404 naming `field`. */
export function notFoundError(field: string, message: string): HttpError {
  return notFound(field, message);
}
