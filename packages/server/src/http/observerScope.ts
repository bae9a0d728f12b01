import { type Endpoint, ERROR_CODES } from '../contract';
import type { Principal } from './authenticate';
import { HttpError } from './httpError';

/** The parsed input of a call, as far as the scope check reads it. */
export interface ScopedInput {
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
}

/** The scope an observer link grants and the names of the input fields it limits. */
const scopedFields = ['account', 'pool'] as const;
type ScopedField = (typeof scopedFields)[number];

/** The values of `field` in a call's params, query and body (strings only, in that order). */
function valuesOf(input: ScopedInput, field: ScopedField): string[] {
  const values: string[] = [];
  for (const part of [input.params, input.query, input.body]) {
    if (typeof part !== 'object' || part === null) continue;
    const value = (part as Record<string, unknown>)[field];
    if (typeof value === 'string') values.push(value);
  }
  return values;
}

function covers(principal: Principal, field: ScopedField, value: string): boolean {
  if (principal.kind === 'delegate') {
    // A key or app token is given accounts, with every pool they mine.
    return field === 'pool' || (principal.delegation?.accounts ?? []).includes(value);
  }
  if (field === 'account') return principal.observerAccount === value;
  const pools = principal.observerPools ?? [];
  return pools.length === 0 || pools.includes(value);
}

function outOfScope(principal: Principal, field: ScopedField): HttpError {
  const holder =
    principal.kind === 'observer'
      ? 'observer link'
      : principal.delegation?.via === 'oauth_app'
        ? 'app authorisation'
        : 'API key';
  const message = `This ${holder} does not cover this ${field}`;
  return new HttpError(403, ERROR_CODES.forbidden, `${field}: ${message}`, {
    fields: [{ field, message }],
  });
}

/**
 * Holds an observer token to its link: the one account and, when the link names pools, those
 * pools. Every call goes through it with its parsed input: an `account` or `pool` field (path,
 * query or body) outside the link answers HTTP 403 code 40300 naming the field, whether or not
 * the account exists (so names cannot be probed). An `optional` call (public pool figures) is
 * answered as to a visitor without a token instead, so an observer still sees the public pages
 * of other pools. A delegate (API key, app token) is held the same way to its accounts (every
 * pool). Users and anonymous callers pass through unchanged.
 *
 * @returns the principal the handler acts for: `null` for an observer on an `optional` call
 * outside its link, else `principal`.
 */
export function enforceObserverScope(
  endpoint: Endpoint,
  principal: Principal | null,
  input: ScopedInput,
): Principal | null {
  if (principal === null || principal.kind === 'user') return principal;
  for (const field of scopedFields) {
    for (const value of valuesOf(input, field)) {
      if (covers(principal, field, value)) continue;
      if (endpoint.auth === 'optional') return null;
      throw outOfScope(principal, field);
    }
  }
  return principal;
}
