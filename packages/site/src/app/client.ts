import {
  type Api,
  createApi,
  createHttpClient,
  type EndpointGroup,
  type Endpoints,
  type HttpClient,
  type Session,
  sessionHttpOptions,
} from '@poolkit/core';

/** The HTTP client, and the typed methods of one endpoint group over it. */
export interface Client {
  http: HttpClient;
  methodsOf(group: EndpointGroup): Partial<Api<Endpoints>>;
}

/**
 * Creates the HTTP client wired to the session; the endpoint groups' methods are made over it as
 * the groups arrive (see `services.ts`).
 *
 * This module is imported lazily: it carries ky, zod and the request and answer handling, which
 * the first paint does not need.
 */
export function createClient(session: Session, onAuthFailure: () => void): Client {
  const http = createHttpClient({
    baseUrl: '/api',
    ...sessionHttpOptions(session),
    onAuthFailure,
  });
  return {
    http,
    methodsOf: (group) => createApi(http, group) as Partial<Api<Endpoints>>,
  };
}
