import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { type Endpoint, ERROR_CODES, errorStatusesOf, isDelegableRead } from '../contract';
import type { Database } from '../db/connect';
import { DomainError } from '../domain/errors';
import type { Principal } from './authenticate';
import { corsAccessOf } from './cors';
import type { HotReadScope } from './hotReads';
import { HttpError, ResponseContractError } from './httpError';
import { enforceObserverScope } from './observerScope';
import { enforceDelegateRateLimit, enforceRateLimit, type RateLimitOptions } from './rateLimit';
import { parseInput } from './validation';

/** The parsed, typed input of an endpoint's handler. */
export interface EndpointInput<TEndpoint extends Endpoint> {
  readonly params: z.output<TEndpoint['params']>;
  readonly query: z.output<TEndpoint['query']>;
  readonly body: z.output<TEndpoint['body']>;
}

/** What a handler gets besides its input. */
export interface RequestContext {
  /** The request id, also sent back as `x-request-id`. */
  readonly requestId: string;
  /** The request's logger (carries the request id). */
  readonly log: FastifyBaseLogger;
  /** Who is calling; `null` for anonymous calls and on `public` endpoints. */
  readonly principal: Principal | null;
  readonly clock: Clock;
  readonly database: Database;
  readonly config: Config;
  /** The raw Fastify request and reply, for headers (e.g. `Content-Disposition`). */
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/**
 * Handles one endpoint: resolves the envelope's `data` (the wire form of `endpoint.response`),
 * or the text for `responseKind: 'text'`. Throw an `HttpError` for an error envelope.
 */
export type EndpointHandler<TEndpoint extends Endpoint> = (
  input: EndpointInput<TEndpoint>,
  context: RequestContext,
) => Promise<z.input<TEndpoint['response']>>;

/** Options of {@link registerEndpoint}. */
export interface RegisterEndpointOptions {
  /** Rate limits to apply before anything else (login, code sending, registration). */
  readonly rateLimit?: RateLimitOptions | readonly RateLimitOptions[];
  /**
   * A hot read (GET only): its answers are kept by the node's hot-read cache until the data
   * changes (`http/hotReads.ts`), shared by every caller (`public`) or per caller
   * (`principal`). Only for answers that change with the engine's tick or the caller's own
   * writes, never for anything that depends on the time of the request beyond the minute.
   */
  readonly hotRead?: HotReadScope;
  /** The largest body this call takes, in bytes. Default: the app's `bodyLimitBytes`. */
  readonly bodyLimit?: number;
}

/** Converts the contract's `{name}` placeholders to Fastify's `:name` under `/api`. */
export function toFastifyPath(path: string): string {
  return `/api${path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1')}`;
}

/**
 * Holds a delegate (API key, app token) to family-B reads: 403 code 40301 for a write or any
 * other call, then counts the call against the credential's own limit (429 code 42900,
 * `DELEGATE_RATE_LIMIT` in `rateLimit.ts`), in the app's rate-limit store, so the limit holds
 * across nodes. The hot-read cache counts the calls it answers itself in the same bucket.
 */
async function admitDelegate(
  endpoint: Endpoint,
  principal: Principal,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (endpoint.write) {
    throw new HttpError(
      403,
      ERROR_CODES.observerReadOnly,
      'API keys and app tokens are read-only: this call changes data',
    );
  }
  if (!isDelegableRead(endpoint)) {
    throw new HttpError(
      403,
      ERROR_CODES.observerReadOnly,
      'API keys and app tokens can only read pool and account data',
    );
  }
  await enforceDelegateRateLimit(request, reply, principal);
}

async function resolvePrincipal(
  endpoint: Endpoint,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Principal | null> {
  if (endpoint.auth === 'public') return null;
  const principal = await request.server.platform.authenticate(request);
  if (principal === null) {
    if (endpoint.auth === 'optional') return null;
    throw new HttpError(401, ERROR_CODES.unauthorized, 'Sign in to continue');
  }
  if (principal.kind === 'observer') {
    if (endpoint.write) {
      throw new HttpError(403, ERROR_CODES.observerReadOnly, 'Observer access is read-only');
    }
    if (endpoint.auth === 'user-only') {
      throw new HttpError(403, ERROR_CODES.observerReadOnly, 'Observers cannot use this call');
    }
  }
  if (principal.kind === 'delegate') await admitDelegate(endpoint, principal, request, reply);
  if (endpoint.permission !== undefined && !principal.permissions.includes(endpoint.permission)) {
    throw new HttpError(403, ERROR_CODES.forbidden, `Missing permission ${endpoint.permission}`);
  }
  return principal;
}

function checkResponse(endpoint: Endpoint, data: unknown): void {
  // Check what the client will parse: the JSON form of the answer.
  const wire: unknown = data === undefined ? undefined : JSON.parse(JSON.stringify(data));
  const result = endpoint.response.safeParse(wire);
  if (!result.success) {
    const details = result.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new ResponseContractError(endpoint.id, details);
  }
}

/**
 * Wires one contract endpoint to Fastify: route `method` + `/api` + path, optional rate limits,
 * authentication by the endpoint's `auth` (401 code 40100 without a user; 403 code 40301 for an
 * observer on a `write` call or a `user-only` call, and for an API key or app token on anything
 * but a family-B read, whose own limit then counts the call; 403 code 40300 without the
 * `permission`),
 * validation of params, query and body (HTTP 400 code 40000 naming the field), the observer
 * link's scope (`enforceObserverScope`: 403 code 40300 for another account or pool), then the
 * handler, whose result is wrapped in `{code: 0, msg: 'success', data}` (or sent as text). When the
 * platform's `validateResponses` is on (test mode), answers that break `endpoint.response`
 * throw, so contract drift fails the tests.
 *
 * @example
 * registerEndpoint(app, healthEndpoint, async (_input, context) => ({ status: 'ok', … }));
 */
export function registerEndpoint<TEndpoint extends Endpoint>(
  app: FastifyInstance,
  endpoint: TEndpoint,
  handler: EndpointHandler<TEndpoint>,
  options: RegisterEndpointOptions = {},
): void {
  const limits: readonly RateLimitOptions[] =
    options.rateLimit === undefined
      ? []
      : Array.isArray(options.rateLimit)
        ? options.rateLimit
        : [options.rateLimit as RateLimitOptions];

  const documented = new Set<number>(errorStatusesOf(endpoint));
  if (limits.length > 0 && !documented.has(429)) {
    throw new Error(`${endpoint.id} is rate-limited, but its contract's errors do not list 429`);
  }

  if (options.hotRead !== undefined && endpoint.method !== 'GET') {
    throw new Error(`${endpoint.id} is not a GET: it cannot be a hot read`);
  }
  const writes = endpoint.method !== 'GET';

  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    resolved: (principal: Principal) => void,
  ) => {
    const { platform } = request.server;
    for (const limit of limits) await enforceRateLimit(request, reply, limit);
    const caller = await resolvePrincipal(endpoint, request, reply);
    if (caller !== null) resolved(caller);
    const input: EndpointInput<TEndpoint> = {
      params: await parseInput<TEndpoint['params']>(
        'params',
        endpoint.params,
        request.params ?? {},
      ),
      query: await parseInput<TEndpoint['query']>(
        'query',
        endpoint.query,
        request.query === undefined ? {} : request.query,
      ),
      body: await parseInput<TEndpoint['body']>(
        'body',
        endpoint.body,
        request.body === undefined ? {} : request.body,
      ),
    };
    const principal = enforceObserverScope(endpoint, caller, input);
    const hotReads = options.hotRead === undefined ? null : platform.hotReads;
    const hot =
      hotReads === null || options.hotRead === undefined
        ? null
        : hotReads.begin(request.url, options.hotRead, principal, corsAccessOf(endpoint), {
            delegable: isDelegableRead(endpoint),
          });
    const compute = async () => {
      const result = await handler(input, {
        requestId: request.id,
        log: request.log,
        principal,
        clock: platform.clock,
        database: platform.database,
        config: platform.config,
        request,
        reply,
      });
      if (platform.validateResponses) checkResponse(endpoint, result);
      return result;
    };
    if (hot !== null && hotReads !== null && options.hotRead !== undefined) {
      // Callers asking the same thing at once (a tick has just passed) share one computation.
      const body = await hotReads.shared(hot, async () =>
        JSON.stringify({ code: 0, msg: 'success', data: await compute() }),
      );
      const etag = hot.etag(body);
      reply
        .type('application/json; charset=utf-8')
        .header('etag', etag)
        .header(
          'cache-control',
          hotReads.cacheControl(options.hotRead, hot.tick, platform.clock.now()),
        );
      hotReads.store(hot, body, reply.getHeaders());
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(body);
    }
    const data = await compute();
    if (endpoint.responseKind === 'text') {
      if (typeof data !== 'string') {
        throw new Error(`Handler of text endpoint ${endpoint.id} returned a ${typeof data}`);
      }
      if (reply.getHeader('content-type') === undefined) {
        reply.type(`${endpoint.mediaType}; charset=utf-8`);
      }
      return reply.send(data);
    }
    return reply.type('application/json; charset=utf-8').send({ code: 0, msg: 'success', data });
  };

  app.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    config: { corsAccess: corsAccessOf(endpoint) },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    handler: async (request, reply) => {
      const seen: { caller: Principal | null } = { caller: null };
      try {
        return await answer(request, reply, (principal) => {
          seen.caller = principal;
        });
      } catch (error) {
        // In tests, an error status the contract does not list fails like a drifted answer,
        // so the OpenAPI document lists every status a call can answer.
        if (
          request.server.platform.validateResponses &&
          (error instanceof HttpError || error instanceof DomainError) &&
          !documented.has(error.status)
        ) {
          throw new ResponseContractError(
            endpoint.id,
            `HTTP ${error.status} (${error.message}) is not among its errors`,
          );
        }
        throw error;
      } finally {
        // Whatever a caller writes may change what they read: their cached reads go stale.
        if (writes && seen.caller !== null) {
          request.server.platform.hotReads?.invalidateUser(seen.caller.userId);
        }
      }
    },
  });
  app.platform.endpoints.push(endpoint);
}
