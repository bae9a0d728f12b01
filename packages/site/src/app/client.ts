import {
  type Api,
  createApi,
  createHttpClient,
  type HttpClient,
  sessionHttpOptions,
} from '@poolkit/core/client';
import type { EndpointGroup, EndpointGroupName, Endpoints } from '@poolkit/core/contract';
import type { Session } from '@poolkit/core/session';
import { type ApiCache, apiCache } from './apiCache';

/** The HTTP client, and the typed methods of one endpoint group over it. */
export interface Client {
  http: HttpClient;
  methodsOf(group: EndpointGroup, name: EndpointGroupName): Partial<Api<Endpoints>>;
}

type Method = (...args: never[]) => Promise<unknown>;

/**
 * The methods of `group` (named `name`) over `http`, each write telling `cache` once it
 * succeeds, so the reads it changes are fetched again (see `apiCache.ts`).
 */
export function cachedMethodsOf(
  http: HttpClient,
  group: EndpointGroup,
  name: EndpointGroupName,
  cache: ApiCache = apiCache,
): Partial<Api<Endpoints>> {
  const methods = createApi(http, group) as Record<string, Method>;
  cache.registerGroup(name, Object.keys(group));
  for (const [id, endpoint] of Object.entries(group)) {
    const method = methods[id];
    if (!endpoint.write || method === undefined) continue;
    methods[id] = async (...args) => {
      const answer = await method(...args);
      cache.afterWrite(id);
      return answer;
    };
  }
  return methods as Partial<Api<Endpoints>>;
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
    methodsOf: (group, name) => cachedMethodsOf(http, group, name),
  };
}
