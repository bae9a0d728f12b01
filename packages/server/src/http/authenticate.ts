import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../contract';
import { HttpError } from './httpError';

/**
 * What a `delegate` principal carries: a read-only API key of the user, or the access token a
 * third-party app got through `/login/oauth/authorize`. Both read family-B data of the mining
 * accounts they were given, with the permission strings they were given, and nothing else.
 */
export interface Delegation {
  /** Where the credential comes from. */
  readonly via: 'api_key' | 'oauth_app';
  /** The key's or the grant's id: the rate-limit bucket. */
  readonly id: string;
  /** The mining accounts (by name) it may read. */
  readonly accounts: readonly string[];
}

/**
 * The credential a principal was told by, as far as an open live stream needs to check it again
 * (`modules/live/hub.ts`): a stream is authenticated once when it opens, then its credential is
 * looked at again on a cadence and the stream ends once it no longer works.
 */
export interface PrincipalCredential {
  /**
   * What it is: a session (its access tokens), a read-only API key, a third-party app's access
   * token, an observer link's token.
   */
  readonly type: 'session' | 'api_key' | 'oauth_token' | 'observer_link';
  /**
   * Which one: the session's token family (`sid`), the API key's id, the SHA-256 of the app's
   * access token or of the observer link's token.
   */
  readonly id: string;
  /**
   * When it stops working by itself, epoch ms, when that is known without the database (a
   * session's access token: its `exp`). Other expiries are read with the revocations.
   */
  readonly expiresAt?: number;
}

/** One string per credential: `<type>:<id>`. */
export function credentialKey(credential: PrincipalCredential): string {
  return `${credential.type}:${credential.id}`;
}

/**
 * Tells which of `credentials` still work at `nowMs` (not revoked, deleted or expired, their
 * user active): resolves their {@link credentialKey}s. Batched: one call for every stream.
 */
export type CredentialCheck = (
  credentials: readonly PrincipalCredential[],
  nowMs: number,
) => Promise<ReadonlySet<string>>;

/**
 * Who is calling: a signed-in user, an observer (read-only access to one account through an
 * observer token, spec section 6), or a delegate (a read-only API key or a third-party app's
 * token: family-B reads of chosen accounts, see {@link Delegation}).
 */
export interface Principal {
  readonly kind: 'user' | 'observer' | 'delegate';
  /** The user (for an observer: the account owner) the call acts for. */
  readonly userId: string;
  /** Permission strings of spec section 6 this caller holds. */
  readonly permissions: readonly string[];
  /** For an observer: the one mining account (by name) its token may read. */
  readonly observerAccount?: string;
  /** For an observer: the pools of that account its token may read; empty or absent: all. */
  readonly observerPools?: readonly string[];
  /** For a delegate: the credential and the accounts it may read. */
  readonly delegation?: Delegation;
  /**
   * The credential the call came with, when the identity module made the principal: what an
   * open live stream checks again (`modules/live/hub.ts`). Not part of the scope.
   */
  readonly credential?: PrincipalCredential;
}

/**
 * Everything that decides what a principal may read, as one string: its kind and, for a
 * delegate, whether it is an API key or an app's token; the user; the permissions; the
 * observer link's account and pools; the delegate's accounts. Two principals with the same key
 * read exactly the same data, so an answer computed for one may be handed to the other (the
 * live stream's account snapshots, the hot-read cache's per-caller answers); two principals of
 * one user with different scopes (two API keys given different accounts, a session and a key)
 * never share a key. Lists are sorted, so the same scope given in another order still shares.
 * The credential's own id is left out on purpose: two keys with the same scope read the same.
 */
export function principalScopeKey(principal: Principal): string {
  const sorted = (list: readonly string[] | undefined) => [...(list ?? [])].sort();
  return JSON.stringify([
    principal.kind,
    principal.delegation?.via ?? null,
    principal.userId,
    sorted(principal.permissions),
    principal.observerAccount ?? null,
    sorted(principal.observerPools),
    principal.delegation === undefined ? null : sorted(principal.delegation.accounts),
  ]);
}

/**
 * Works out who is calling. Resolves `null` when the request carries no credentials; throws an
 * {@link HttpError} when it carries bad ones (HTTP 400 code 40001 for an expired token, 401
 * otherwise). Endpoints with auth `public` never call it.
 */
export type Authenticate = (request: FastifyRequest) => Promise<Principal | null>;

/** Checks one bearer token; throws an {@link HttpError} when it is not valid. */
export type TokenVerifier = (token: string, request: FastifyRequest) => Promise<Principal>;

/** The bearer token of the `Authorization` header, when there is one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * An {@link Authenticate} that reads the bearer token (user or observer token alike, spec
 * section 6) and hands it to `verify`.
 */
export function bearerAuthenticate(verify: TokenVerifier): Authenticate {
  return async (request) => {
    const token = bearerToken(request);
    if (token === undefined) {
      if (request.headers.authorization !== undefined) {
        throw new HttpError(
          401,
          ERROR_CODES.unauthorized,
          'authorization: expected "Bearer <token>"',
        );
      }
      return null;
    }
    return verify(token, request);
  };
}

/**
 * The verifier used until the identity module plugs in its own: it accepts no token at all, so
 * protected endpoints answer 401 whatever is sent.
 */
export const rejectingTokenVerifier: TokenVerifier = async () => {
  throw new HttpError(401, ERROR_CODES.unauthorized, 'Invalid or unknown token');
};
