import ky, { HTTPError, type KyInstance, type NormalizedOptions, TimeoutError } from 'ky';
import { z } from 'zod';
import { REQUEST_TIMEOUT_MS } from '../constants';
import type { Endpoint } from '../contract/endpoint';
import { errorEnvelopeSchema } from '../contract/envelope';
import { DEFAULT_LANGUAGE } from '../i18n/languages';
import type { SessionTokens } from '../session/createSession';
import { ApiError } from './apiError';

/** Options of {@link createHttpClient}. Every getter is called at request time. */
export interface HttpClientOptions {
  /**
   * The API base, relative to the page or absolute (tests, partners' sites). Default `'/api'`.
   */
  baseUrl?: string | URL;
  /** Time-out per request in ms (spec section 9). Default `20000`. */
  timeout?: number;
  /** The interface language, sent as `Accept-Language`. Default: `() => 'en'`. */
  getLanguage?: () => string;
  /** The user's access token. Default: `() => null`. */
  getAccessToken?: () => string | null | undefined;
  /** The refresh token. Default: `() => null`. */
  getRefreshToken?: () => string | null | undefined;
  /** The observer token; when set it is the bearer of family B. Default: `() => null`. */
  getObserverToken?: () => string | null | undefined;
  /**
   * Receives tokens after a refresh; it must store them so that `getAccessToken` returns the
   * new one (`session.setTokens` does, and shares them with other tabs). Default: nothing.
   */
  onTokensRefreshed?: (tokens: SessionTokens) => void;
  /**
   * Clears the session after a failed refresh, or when no refresh token is stored: log out and
   * clear the pool name (`session.logout` does both). Default: nothing.
   */
  clearSession?: () => void;
  /** Called after `clearSession`: the host goes to `/login` (core never navigates). Default: nothing. */
  onAuthFailure?: () => void;
  /**
   * What follows a successful refresh caused by an expired token (HTTP 400, code 40001):
   * `'retry'` sends each waiting request once more with the new token; `'reload'` calls
   * `onReloadRequested` once and rejects the waiting requests (spec section 8's "refresh and
   * reload the page"). Default `'retry'`.
   */
  afterRefresh?: 'retry' | 'reload';
  /** With `afterRefresh: 'reload'`: the host reloads the page. Default: nothing. */
  onReloadRequested?: () => void;
  /** The refresh call's path under the base. Default `'/users/refresh/login'`. */
  refreshPath?: string;
  /** A fetch implementation. Default: the global `fetch`. */
  fetch?: typeof globalThis.fetch;
  /**
   * The `credentials` of signed-in calls. Default `'include'` (the site, and partners' apps on an
   * origin the server lists in `CORS_ORIGINS`). Public reads of family A never carry credentials
   * to another origin (they go `'same-origin'`, or `'omit'` when this is `'omit'`): the server
   * answers them to any origin with `Access-Control-Allow-Origin: *`, which browsers refuse
   * for a call with credentials.
   */
  credentials?: RequestCredentials;
  /**
   * Send `Cache-Control: no-cache` and `Pragma: no-cache` on every call (spec section 7).
   * Default `true`. Set `false` on another origin: custom headers make every public read wait
   * for a CORS preflight (the connected widgets do).
   */
  noCacheHeaders?: boolean;
}

/** A request whose input is validated and whose path is filled (see `createApi`). */
export interface PreparedRequest {
  /** The filled path under the base, such as `/address-mining/kas/pool/stats`. */
  path: string;
  searchParams?: URLSearchParams;
  /** Sent as a JSON body when defined. */
  json?: unknown;
}

/** Per-call options. */
export interface CallOptions {
  /** Aborts the call. */
  signal?: AbortSignal;
}

/** The HTTP client: two ky instances and the envelope, error and token handling on top. */
export interface HttpClient {
  /** Family A: base, cookies, time-out, no-cache and language headers. */
  readonly familyA: KyInstance;
  /** Family B: family A plus `Authorization: Bearer` (observer token first, else access token). */
  readonly familyB: KyInstance;
  /**
   * Sends one endpoint call and returns the envelope's `data` parsed with the endpoint's
   * response schema (or the text for `responseKind: 'text'`). Rejects with {@link ApiError}.
   */
  send<E extends Endpoint>(
    endpoint: E,
    request: PreparedRequest,
    options?: CallOptions,
  ): Promise<z.output<E['response']>>;
  /**
   * Exchanges the refresh token for new tokens (`POST /users/refresh/login`, body
   * `{refresh_token}`, data `{token, refresh_token}`) and hands them to `onTokensRefreshed`.
   * Concurrent calls share one request. Rejects with {@link ApiError} (`kind: 'auth'` when no
   * refresh token is stored).
   */
  refreshTokens(): Promise<SessionTokens>;
}

const refreshAnswerSchema = z.object({
  code: z.literal(0),
  data: z.object({ token: z.string().min(1), refresh_token: z.string().min(1) }),
});

type Bearer = { kind: 'access' | 'observer'; token: string } | { kind: 'none'; token: null };

/** A call of family A that needs no token. */
function isPublic(endpoint: Endpoint): boolean {
  return endpoint.family === 'A' && endpoint.auth === 'public';
}

/** A public read: what the server answers to any origin, without credentials. */
function isPublicRead(endpoint: Endpoint): boolean {
  return isPublic(endpoint) && endpoint.method === 'GET';
}

function withoutLeadingSlash(path: string): string {
  return path.replace(/^\/+/, '');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toRequestError(error: unknown, endpointId: string | undefined): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof TimeoutError || (error instanceof Error && error.name === 'TimeoutError')) {
    return new ApiError({
      kind: 'timeout',
      status: 0,
      requestMessage: message,
      endpointId,
      cause: error,
    });
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return new ApiError({
      kind: 'aborted',
      status: 0,
      requestMessage: message,
      endpointId,
      cause: error,
    });
  }
  return new ApiError({
    kind: 'network',
    status: 0,
    requestMessage: message,
    endpointId,
    cause: error,
  });
}

async function fromHttpError(error: HTTPError, endpointId: string | undefined): Promise<ApiError> {
  let text = '';
  try {
    text = await error.response.text();
  } catch {
    // An unreadable body leaves only the status line.
  }
  const envelope = errorEnvelopeSchema.safeParse(parseJson(text));
  return new ApiError({
    kind: 'http',
    status: error.response.status,
    code: envelope.success ? envelope.data.code : undefined,
    serverMessage: envelope.success ? envelope.data.msg : undefined,
    requestMessage: error.message,
    fields: envelope.success ? envelope.data.fields : undefined,
    endpointId,
    cause: error,
  });
}

function invalidResponse(status: number, endpointId: string, cause: unknown): ApiError {
  return new ApiError({ kind: 'invalidResponse', status, endpointId, cause });
}

function parseData(endpoint: Endpoint, status: number, data: unknown): unknown {
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success) throw invalidResponse(status, endpoint.id, parsed.error);
  return parsed.data;
}

async function readAnswer(endpoint: Endpoint, response: Response): Promise<unknown> {
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  const body = endpoint.responseKind === 'json' || isJson ? parseJson(text) : undefined;
  // An error envelope can come with HTTP 200 too; it is an error all the same.
  const failure = errorEnvelopeSchema.safeParse(body);
  if (failure.success && failure.data.code !== 0) {
    throw new ApiError({
      kind: 'http',
      status: response.status,
      code: failure.data.code,
      serverMessage: failure.data.msg,
      fields: failure.data.fields,
      endpointId: endpoint.id,
    });
  }
  if (endpoint.responseKind === 'text') return parseData(endpoint, response.status, text);
  if (typeof body !== 'object' || body === null || !('code' in body) || body.code !== 0) {
    throw invalidResponse(response.status, endpoint.id, new Error('The answer is not an envelope'));
  }
  return parseData(endpoint, response.status, 'data' in body ? body.data : undefined);
}

/**
 * Creates the two ky instances of spec section 7 and the call logic over them: envelope
 * unwrapping, typed {@link ApiError}s, and the expired-token flow of spec section 8 (refresh
 * once for all concurrent calls, then retry each call once, or ask for a reload).
 *
 * Family A calls of endpoints whose `auth` is not `'public'` (for example `/permissions/current`)
 * carry the bearer too: the server has no other way to know the user. `auth: 'user-only'`
 * endpoints always use the access token, never the observer token.
 *
 * ky's own retries are off: a call is sent at most twice, the second time only after a refresh.
 *
 * @example
 * const http = createHttpClient({ ...sessionHttpOptions(session), onAuthFailure: () => go('/login') });
 */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const getLanguage = options.getLanguage ?? (() => DEFAULT_LANGUAGE);
  const getAccessToken = () => options.getAccessToken?.() || null;
  const getRefreshToken = () => options.getRefreshToken?.() || null;
  const getObserverToken = () => options.getObserverToken?.() || null;
  const afterRefresh = options.afterRefresh ?? 'retry';

  function setBearer(request: Request, token: string | null): void {
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    else request.headers.delete('Authorization');
  }

  const credentials = options.credentials ?? 'include';
  const publicCredentials: RequestCredentials = credentials === 'omit' ? 'omit' : 'same-origin';
  const familyA = ky.create({
    prefixUrl: options.baseUrl ?? '/api',
    credentials,
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    retry: 0,
    ...(options.noCacheHeaders === false
      ? {}
      : { headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' } }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    hooks: {
      beforeRequest: [
        (request: Request, normalized: NormalizedOptions) => {
          request.headers.set('Accept-Language', getLanguage());
          // `send` decides the bearer per endpoint and passes it in the context.
          if ('bearer' in normalized.context) {
            const { bearer } = normalized.context;
            setBearer(request, typeof bearer === 'string' ? bearer : null);
          }
        },
      ],
    },
  });

  const familyB = familyA.extend({
    hooks: {
      beforeRequest: [
        (request: Request, normalized: NormalizedOptions) => {
          if ('bearer' in normalized.context) return;
          setBearer(request, getObserverToken() ?? getAccessToken());
        },
      ],
    },
  });

  function pickBearer(endpoint: Endpoint): Bearer {
    if (isPublic(endpoint)) return { kind: 'none', token: null };
    const observer = endpoint.auth === 'user-only' ? null : getObserverToken();
    if (observer !== null) return { kind: 'observer', token: observer };
    const access = getAccessToken();
    return access === null ? { kind: 'none', token: null } : { kind: 'access', token: access };
  }

  async function perform(
    endpoint: Endpoint,
    request: PreparedRequest,
    bearer: string | null,
    callOptions: CallOptions | undefined,
  ): Promise<unknown> {
    const instance = endpoint.family === 'A' ? familyA : familyB;
    let response: Response;
    try {
      response = await instance(withoutLeadingSlash(request.path), {
        method: endpoint.method,
        ...(request.searchParams === undefined ? {} : { searchParams: request.searchParams }),
        ...(request.json === undefined ? {} : { json: request.json }),
        ...(callOptions?.signal === undefined ? {} : { signal: callOptions.signal }),
        ...(isPublicRead(endpoint) ? { credentials: publicCredentials } : {}),
        context: { bearer },
      });
    } catch (error) {
      if (error instanceof HTTPError) throw await fromHttpError(error, endpoint.id);
      throw toRequestError(error, endpoint.id);
    }
    try {
      return await readAnswer(endpoint, response);
    } catch (error) {
      throw toRequestError(error, endpoint.id);
    }
  }

  let refreshFlight: Promise<SessionTokens> | null = null;

  async function requestNewTokens(): Promise<SessionTokens> {
    const refreshToken = getRefreshToken();
    if (refreshToken === null) {
      throw new ApiError({ kind: 'auth', status: 0, requestMessage: 'No refresh token is stored' });
    }
    let body: unknown;
    try {
      body = await familyA
        .post(withoutLeadingSlash(options.refreshPath ?? '/users/refresh/login'), {
          json: { refresh_token: refreshToken },
          context: { bearer: null },
        })
        .json();
    } catch (error) {
      if (error instanceof HTTPError) throw await fromHttpError(error, undefined);
      if (error instanceof SyntaxError) throw invalidResponse(200, 'refreshTokens', error);
      throw toRequestError(error, undefined);
    }
    const answer = refreshAnswerSchema.safeParse(body);
    if (!answer.success) throw invalidResponse(200, 'refreshTokens', answer.error);
    const tokens = {
      accessToken: answer.data.data.token,
      refreshToken: answer.data.data.refresh_token,
    };
    options.onTokensRefreshed?.(tokens);
    return tokens;
  }

  function refreshTokens(): Promise<SessionTokens> {
    refreshFlight ??= requestNewTokens().finally(() => {
      refreshFlight = null;
    });
    return refreshFlight;
  }

  // The renewal after a 40001: one per expired token, shared by every call that carried it, so
  // late 40001 answers (arriving after the refresh ended) do not cause a second refresh.
  // `reload` is true when this client refreshed and the host asked for a reload instead of retries.
  type Renewal = { tokens: SessionTokens; reload: boolean };
  let renewal: { staleToken: string; outcome: Promise<Renewal> } | null = null;

  function renew(staleToken: string): Promise<Renewal> {
    if (renewal?.staleToken === staleToken) return renewal.outcome;
    const current = getAccessToken();
    if (current !== null && current !== staleToken) {
      // Refreshed meanwhile (by the scheduler or another tab): retry with the stored token.
      const tokens = { accessToken: current, refreshToken: getRefreshToken() ?? '' };
      return Promise.resolve({ tokens, reload: false });
    }
    const outcome = refreshTokens().then(
      (tokens) => {
        if (afterRefresh === 'reload') options.onReloadRequested?.();
        return { tokens, reload: afterRefresh === 'reload' };
      },
      (error: unknown) => {
        options.clearSession?.();
        options.onAuthFailure?.();
        throw error;
      },
    );
    renewal = { staleToken, outcome };
    return outcome;
  }

  async function send<E extends Endpoint>(
    endpoint: E,
    request: PreparedRequest,
    callOptions?: CallOptions,
  ): Promise<z.output<E['response']>> {
    const bearer = pickBearer(endpoint);
    try {
      return (await perform(endpoint, request, bearer.token, callOptions)) as z.output<
        E['response']
      >;
    } catch (error) {
      // An observer link's token is not the user's to refresh: its 40001 goes to the caller.
      if (!(error instanceof ApiError && error.isTokenExpired && bearer.kind === 'access'))
        throw error;
      let renewed: Renewal;
      try {
        renewed = await renew(bearer.token);
      } catch {
        throw error;
      }
      if (renewed.reload) throw error;
      // The second and last attempt: a 40001 now goes to the caller.
      return (await perform(
        endpoint,
        request,
        renewed.tokens.accessToken,
        callOptions,
      )) as z.output<E['response']>;
    }
  }

  return { familyA, familyB, send, refreshTokens };
}
