import type { z } from 'zod';
import { buildPath, type Endpoint, noInput } from '../contract/endpoint';
import { ApiError, type ApiFieldError } from './apiError';
import type { CallOptions, HttpClient, PreparedRequest } from './createHttpClient';

type Simplify<T> = { [K in keyof T]: T[K] };

// The empty object: `EmptyObject extends T` holds when every property of T is optional.
type EmptyObject = Record<never, never>;

// A part (params, query, body) is optional when its schema accepts an empty object.
type InputPart<K extends string, T> = EmptyObject extends T ? { [P in K]?: T } : { [P in K]: T };

/**
 * What a call of endpoint `E` takes: `params`, `query` and `body` (each typed by the schema's
 * input), each required only when its schema has required fields.
 */
export type EndpointInput<E extends Endpoint> = Simplify<
  InputPart<'params', z.input<E['params']>> &
    InputPart<'query', z.input<E['query']>> &
    InputPart<'body', z.input<E['body']>>
>;

/** What a call of endpoint `E` resolves: its response schema's output. */
export type EndpointOutput<E extends Endpoint> = z.output<E['response']>;

/** The typed method of one endpoint; the input may be left out when nothing in it is required. */
export type ApiMethod<E extends Endpoint> =
  EmptyObject extends EndpointInput<E>
    ? (input?: EndpointInput<E>, options?: CallOptions) => Promise<EndpointOutput<E>>
    : (input: EndpointInput<E>, options?: CallOptions) => Promise<EndpointOutput<E>>;

/** One typed method per endpoint of the record, under the same key. */
export type Api<T extends Record<string, Endpoint>> = { [K in keyof T]: ApiMethod<T[K]> };

type Part = 'params' | 'query' | 'body';

function validate(endpoint: Endpoint, part: Part, value: unknown): unknown {
  const parsed = endpoint[part].safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: ApiFieldError[] = parsed.error.issues.map((issue) => ({
    field: issue.path.length === 0 ? part : issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = fields[0];
  throw new ApiError({
    kind: 'validation',
    status: 0,
    requestMessage:
      first === undefined ? `Invalid ${part}` : `Invalid ${part}.${first.field}: ${first.message}`,
    fields,
    endpointId: endpoint.id,
    cause: parsed.error,
  });
}

function toPathParams(value: unknown): Record<string, string | number> {
  const result: Record<string, string | number> = {};
  if (typeof value !== 'object' || value === null) return result;
  for (const [name, item] of Object.entries(value)) {
    if (typeof item === 'string' || typeof item === 'number') result[name] = item;
    else if (item !== undefined && item !== null) result[name] = String(item);
  }
  return result;
}

function toSearchParams(value: unknown): URLSearchParams | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const search = new URLSearchParams();
  const append = (name: string, item: unknown) => {
    if (item === undefined || item === null) return;
    search.append(name, item instanceof Date ? item.toISOString() : String(item));
  };
  for (const [name, item] of Object.entries(value)) {
    if (Array.isArray(item)) for (const element of item) append(name, element);
    else append(name, item);
  }
  return search.size === 0 ? undefined : search;
}

/**
 * Validates a call's input with the endpoint's schemas and turns it into a request: the path
 * filled with `buildPath`, the query as search parameters (`undefined` and `null` values left
 * out, arrays as repeated parameters), the body as JSON (for non-GET calls that declare a body
 * or are given one). A bad input throws an {@link ApiError} of `kind: 'validation'`, status 0,
 * whose `fields` name the fields.
 */
export function prepareRequest(
  endpoint: Endpoint,
  input: { params?: unknown; query?: unknown; body?: unknown } | undefined,
): PreparedRequest {
  const params = validate(endpoint, 'params', input?.params ?? {});
  const query = validate(endpoint, 'query', input?.query ?? {});
  const request: PreparedRequest = { path: buildPath(endpoint.path, toPathParams(params)) };
  const searchParams = toSearchParams(query);
  if (searchParams !== undefined) request.searchParams = searchParams;
  if (endpoint.method !== 'GET' && (endpoint.body !== noInput || input?.body !== undefined)) {
    request.json = validate(endpoint, 'body', input?.body ?? {});
  }
  return request;
}

/**
 * Creates one typed method per endpoint of the record, under the same key. Each method
 * validates its input, sends the call with `http.send`, and resolves the parsed answer.
 *
 * @example
 * const api = createApi(http, endpoints);
 * const stats = await api.poolStats({ params: { coin: 'kas' } });
 */
export function createApi<T extends Record<string, Endpoint>>(
  http: HttpClient,
  endpoints: T,
): Api<T> {
  const api: Record<string, (input?: never, options?: CallOptions) => Promise<unknown>> = {};
  for (const [name, endpoint] of Object.entries(endpoints)) {
    api[name] = async (
      input?: { params?: unknown; query?: unknown; body?: unknown },
      options?: CallOptions,
    ) => http.send(endpoint, prepareRequest(endpoint, input), options);
  }
  return api as Api<T>;
}
