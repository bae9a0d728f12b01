import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ERROR_CODES } from '../contract';
import { type Authenticate, bearerToken, type Delegation } from '../http/authenticate';
import { HttpError } from '../http/httpError';

/** A delegate token of {@link StubAuthOptions.delegates}. */
export interface StubDelegate {
  readonly user: string;
  readonly accounts: readonly string[];
  readonly via?: Delegation['via'];
  readonly id?: string;
}

/** Options of {@link stubAuthenticate}. */
export interface StubAuthOptions {
  /** User ids by user name; a bearer token that is a user's name signs in as that user. */
  readonly userIds: ReadonlyMap<string, string>;
  /** What every stub principal may do. */
  readonly permissions: readonly string[];
  /** The user and the one account the `observer` token reads. */
  readonly observer: { readonly user: string; readonly account: string };
  /**
   * Tokens of delegates: the user they belong to and the accounts they were given, a read-only
   * API key (`via`, default `api_key`) or an app's token (`oauth_app`), with their credential
   * id (default `'1'`).
   */
  readonly delegates?: Readonly<Record<string, StubDelegate>>;
}

/**
 * An {@link Authenticate} for module tests that do not sign in: the bearer token is a user's
 * name, `observer` an observer link and the `delegates` tokens API keys or apps' tokens, as the identity module
 * would authenticate them. Another token answers 401.
 */
export function stubAuthenticate(options: StubAuthOptions): Authenticate {
  const { userIds, permissions, observer } = options;
  return async (request) => {
    const token = bearerToken(request);
    if (token === undefined) return null;
    if (token === 'observer') {
      return {
        kind: 'observer',
        userId: userIds.get(observer.user) ?? '',
        permissions,
        observerAccount: observer.account,
      };
    }
    const delegate = options.delegates?.[token];
    if (delegate !== undefined) {
      return {
        kind: 'delegate',
        userId: userIds.get(delegate.user) ?? '',
        permissions,
        delegation: {
          via: delegate.via ?? 'api_key',
          id: delegate.id ?? '1',
          accounts: [...delegate.accounts],
        },
      };
    }
    const userId = userIds.get(token);
    if (userId === undefined) throw new HttpError(401, ERROR_CODES.unauthorized, 'Invalid token');
    return { kind: 'user', userId, permissions };
  };
}

/** An HTTP method the stub calls use. */
export type StubMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * `call` (the raw answer) and `data` (the `data` of a 200 answer, failing the test otherwise)
 * against the app `app()` returns, with an optional bearer token, JSON body and
 * `Accept-Language`.
 */
export function stubCalls(app: () => FastifyInstance) {
  function call(
    method: StubMethod,
    url: string,
    token?: string,
    body?: unknown,
    language?: string,
  ): Promise<LightMyRequestResponse> {
    return app().inject({
      method,
      url,
      headers: {
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...(language === undefined ? {} : { 'accept-language': language }),
      },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  }

  async function data<T = Record<string, unknown>>(
    method: StubMethod,
    url: string,
    token?: string,
    body?: unknown,
    language?: string,
  ): Promise<T> {
    const response = await call(method, url, token, body, language);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return (response.json() as { data: T }).data;
  }

  return { call, data };
}
