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

/** HTTP statuses of the error envelope that an endpoint may answer. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 414 | 415 | 429 | 500 | 503;

/** How the answer body is read: a JSON envelope (default) or plain text (CSV exports). */
export type ResponseKind = 'json' | 'text';

/** The schema used where an endpoint takes no path parameters, query or body. */
export const noInput = z.object({}).strict();
export type NoInput = typeof noInput;

/**
 * The message of a string that holds a control character other than tab, line feed and
 * carriage return (NUL above all, which PostgreSQL refuses in text).
 */
export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters such as NUL';

/** True for U+0000-U+001F and U+007F, except tab, line feed and carriage return. */
function isRefusedControlCharacter(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
}

/** True when `text` holds a character {@link isRefusedControlCharacter} refuses. */
export function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    if (isRefusedControlCharacter(text.charCodeAt(index))) return true;
  }
  return false;
}

/**
 * The message of a string that holds half of a UTF-16 surrogate pair without the other half
 * (`"\ud800"` in JSON): it is no Unicode text, PostgreSQL refuses it in `json`, and UTF-8 cannot
 * carry it.
 */
export const UNPAIRED_SURROGATE_MESSAGE = 'Must not contain unpaired UTF-16 surrogates';

/**
 * True when `text` holds a lone surrogate: a high one (U+D800-U+DBFF) not followed by a low
 * one, or a low one (U+DC00-U+DFFF) not preceded by a high one. Emoji and the other characters
 * beyond U+FFFF are whole pairs and pass.
 */
export function hasUnpairedSurrogate(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code >= 0xdc00) return true;
    const next = text.charCodeAt(index + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
    index += 1;
  }
  return false;
}

/** What is wrong with one string of a request, or `undefined` when nothing. */
function refusedTextMessage(text: string): string | undefined {
  if (hasControlCharacter(text)) return CONTROL_CHARACTER_MESSAGE;
  if (hasUnpairedSurrogate(text)) return UNPAIRED_SURROGATE_MESSAGE;
  return undefined;
}

/** Deepest nesting of request input that is searched for control characters. */
const maxInputDepth = 16;

function findRefusedText(
  value: unknown,
  path: PropertyKey[],
  report: (path: PropertyKey[], message: string) => void,
): void {
  if (typeof value === 'string') {
    const message = refusedTextMessage(value);
    if (message !== undefined) report(path, message);
    return;
  }
  if (typeof value !== 'object' || value === null || path.length >= maxInputDepth) return;
  for (const [key, item] of Object.entries(value)) {
    const segment = Array.isArray(value) ? Number(key) : key;
    // A record's keys are text the caller chose too (`clientExtensionResults`, say).
    const keyMessage = Array.isArray(value) ? undefined : refusedTextMessage(key);
    if (keyMessage !== undefined) report([...path, segment], keyMessage);
    else findRefusedText(item, [...path, segment], report);
  }
}

/**
 * Adds to a request schema the rule that no string in it (at any depth, keys included) holds a
 * control character other than tab, line feed and carriage return, or an unpaired UTF-16
 * surrogate. Every endpoint's params, query and body carry it, so NUL and its kin, and lone
 * surrogates, are refused with HTTP 400 naming the field before they can reach the database (or
 * an audit entry's JSON), on every endpoint, including the ones added later.
 */
export function refuseControlCharacters<TSchema extends z.ZodType>(schema: TSchema): TSchema {
  if (schema === (noInput as z.ZodType)) return schema;
  const refined = schema.superRefine((value, context) => {
    findRefusedText(value, [], (path, message) =>
      context.addIssue({ code: 'custom', path, message }),
    );
  }) as TSchema;
  guardedSchemas.add(refined);
  return refined;
}

const guardedSchemas = new WeakSet<z.ZodType>();

/**
 * True when `schema` refuses control characters and unpaired surrogates: it came from
 * {@link refuseControlCharacters}, or it is {@link noInput}, which takes no strings at all.
 */
export function refusesControlCharacters(schema: z.ZodType): boolean {
  return schema === (noInput as z.ZodType) || guardedSchemas.has(schema);
}

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
  /**
   * The media type of a `text` answer (`text/csv` for exports); `application/json` for JSON
   * answers. The server sends it as the answer's `Content-Type` and the OpenAPI document names it.
   */
  readonly mediaType: string;
  /**
   * Error statuses the call answers besides the ones every call of its kind may answer (see
   * {@link errorStatusesOf}): for example 409 for a name already taken, 429 for a rate limit.
   */
  readonly errors: readonly ErrorStatus[];
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
  /** A `text` answer's media type. Defaults to `'text/plain'`. */
  mediaType?: string;
  /** Error statuses beyond the ones {@link errorStatusesOf} derives. Defaults to none. */
  errors?: readonly ErrorStatus[];
  summary: string;
}

/**
 * Declares one endpoint, filling the defaults (no input, JSON answer, write = not GET). Its
 * params, query and body refuse control characters ({@link refuseControlCharacters}).
 */
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
    params: refuseControlCharacters((options.params ?? noInput) as TParams),
    query: refuseControlCharacters((options.query ?? noInput) as TQuery),
    body: refuseControlCharacters((options.body ?? noInput) as TBody),
    response: options.response,
    responseKind: options.responseKind ?? 'json',
    mediaType:
      (options.responseKind ?? 'json') === 'json'
        ? 'application/json'
        : (options.mediaType ?? 'text/plain'),
    errors: options.errors ?? [],
    summary: options.summary,
  };
}

/**
 * Every error status an endpoint may answer, sorted: 400 (a field is invalid) and 500 for
 * every call; 401 and 403 unless it is public (no or a bad token; an observer on a write or
 * user-only call, a missing permission); 404 and 414 when its path has parameters (nothing by
 * that name; a parameter longer than the router takes); 413 and 415 unless it is a GET (body
 * too large; not JSON); 429 for the reads an API key may make ({@link isDelegableRead}: each key
 * is rate limited); and the endpoint's own `errors`.
 */
export function errorStatusesOf(endpoint: Endpoint): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([400, 500, ...endpoint.errors]);
  if (endpoint.auth !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  // Each API key and app token has its own rate limit (600 calls per 10 minutes).
  if (isDelegableRead(endpoint)) statuses.add(429);
  if (pathParamNames(endpoint.path).length > 0) {
    statuses.add(404);
    statuses.add(414);
  }
  if (endpoint.method !== 'GET') {
    statuses.add(413);
    statuses.add(415);
  }
  return [...statuses].sort((left, right) => left - right);
}

/**
 * True for the calls a read-only API key or a third-party app's access token may make: the
 * family-B reads (GET) that take a user's token and are not `user-only`. Everything else
 * (writes, identity, money, settings) needs the user's own session.
 */
export function isDelegableRead(endpoint: Endpoint): boolean {
  return (
    endpoint.family === 'B' &&
    endpoint.method === 'GET' &&
    (endpoint.auth === 'user' || endpoint.auth === 'optional')
  );
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
