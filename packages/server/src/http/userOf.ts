import { ERROR_CODES } from '../contract';
import type { Principal } from './authenticate';
import { HttpError } from './httpError';

/**
 * The caller of a call that only a signed-in user makes: HTTP 401 code 40100 for a visitor, an
 * observer link or a delegate (API key, app token). An endpoint's `auth: 'user'` still lets an
 * observer or a delegate reach its reads, so `registerEndpoint` cannot type this for a handler:
 * the handler asks here.
 */
export function signedInUser(principal: Principal | null): Principal {
  if (principal === null || principal.kind !== 'user') {
    throw new HttpError(401, ERROR_CODES.unauthorized, 'Sign in to continue');
  }
  return principal;
}

/**
 * The id of the signed-in user a call acts for ({@link signedInUser}: 401 code 40100 for anyone
 * else).
 *
 * @example
 * registerEndpoint(app, endpoints.tickets, async ({ query }, { principal }) =>
 *   listTickets(database.db, userOf(principal), query),
 * );
 */
export function userOf(principal: Principal | null): string {
  return signedInUser(principal).userId;
}
