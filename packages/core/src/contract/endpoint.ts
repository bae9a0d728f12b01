import { z } from 'zod';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The two call families of spec section 7. Family A: public and identity calls (base `/api`,
 * cookies, no-cache headers, language header). Family B: account calls with the bearer access
 * token, or the observer token in observer mode. Both share the base path `/api`.
 */
export type ApiFamily = 'A' | 'B';

/**
 * Who may call an endpoint: `public` needs no token; `optional` uses one when present;
 * `user` needs a signed-in user (an observer token is accepted for reads); `user-only` refuses
 * observer tokens even for reads (identity and security calls).
 */
export type EndpointAuth = 'public' | 'optional' | 'user' | 'user-only';

/** How the answer body is read: a JSON envelope (default) or plain text (CSV exports). */
export type ResponseKind = 'json' | 'text';

/** The schema used where an endpoint takes no path parameters, query or body. */
export const noInput = z.object({}).strict();
export type NoInput = typeof noInput;

/**
 * One call of the API contract. The server validates requests with `params`, `query` and
 * `body`, and its tests check answers against `response`; the client parses answers with it.
 * `response` describes the envelope's `data` field (or the text for `responseKind: 'text'`).
 */
export interface Endpoint<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
> {
  /** Stable identifier, also the client method name (camelCase). */
  readonly id: string;
  readonly family: ApiFamily;
  readonly method: HttpMethod;
  /** Path under `/api` with `{name}` placeholders, exactly as the spec writes it. */
  readonly path: string;
  readonly auth: EndpointAuth;
  /** Permission string of spec section 6 the caller must hold, when one applies. */
  readonly permission?: string;
  /** True when the call changes state: observers are refused (HTTP 403). */
  readonly write: boolean;
  readonly params: TParams;
  readonly query: TQuery;
  readonly body: TBody;
  readonly response: TResponse;
  readonly responseKind: ResponseKind;
  /** One line for the OpenAPI document. */
  readonly summary: string;
}

/** Options accepted by {@link defineEndpoint}; unset schemas default to {@link noInput}. */
export interface EndpointOptions<
  TParams extends z.ZodType,
  TQuery extends z.ZodType,
  TBody extends z.ZodType,
  TResponse extends z.ZodType,
> {
  id: string;
  family: ApiFamily;
  method: HttpMethod;
  path: string;
  auth: EndpointAuth;
  permission?: string;
  /** Defaults to `method !== 'GET'`. */
  write?: boolean;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  response: TResponse;
  /** Defaults to `'json'`. */
  responseKind?: ResponseKind;
  summary: string;
}

/** Declares one endpoint, filling the defaults (no input, JSON answer, write = not GET). */
export function defineEndpoint<
  TResponse extends z.ZodType,
  TParams extends z.ZodType = NoInput,
  TQuery extends z.ZodType = NoInput,
  TBody extends z.ZodType = NoInput,
>(
  options: EndpointOptions<TParams, TQuery, TBody, TResponse>,
): Endpoint<TParams, TQuery, TBody, TResponse> {
  return {
    id: options.id,
    family: options.family,
    method: options.method,
    path: options.path,
    auth: options.auth,
    ...(options.permission === undefined ? {} : { permission: options.permission }),
    write: options.write ?? options.method !== 'GET',
    params: (options.params ?? noInput) as TParams,
    query: (options.query ?? noInput) as TQuery,
    body: (options.body ?? noInput) as TBody,
    response: options.response,
    responseKind: options.responseKind ?? 'json',
    summary: options.summary,
  };
}

/** The `{name}` placeholders of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1] ?? '');
}

/** Fills a path's `{name}` placeholders, URI-encoding each value. Throws on a missing one. */
export function buildPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
