import {
  type Api,
  createApi,
  createHttpClient,
  type Endpoints,
  endpoints,
  type HttpClient,
  type Session,
  sessionHttpOptions,
} from '@poolkit/core';

/** The HTTP client and the typed API over it. */
export interface Client {
  http: HttpClient;
  api: Api<Endpoints>;
}

/**
 * Creates the HTTP client wired to the session and the typed API over the whole contract.
 *
 * This module is imported lazily (see `services.ts`): it carries the contract's schemas and zod,
 * about 40 KB gzip, which the first paint does not need.
 */
export function createClient(session: Session, onAuthFailure: () => void): Client {
  const http = createHttpClient({
    baseUrl: '/api',
    ...sessionHttpOptions(session),
    onAuthFailure,
  });
  return { http, api: createApi(http, endpoints) };
}
