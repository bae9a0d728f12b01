import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Endpoint, ERROR_CODES } from '../contract';
import { isApiPath } from './errorHandler';
import { HttpError } from './httpError';

/**
 * How a call may be made from another origin: `public` for the public reads (a GET that needs no
 * token: family A's address-mining reads, and the pool, coin and content reads of family B whose
 * token is optional, which the connected widgets and the embeds call), which any page may read
 * without credentials; `private` for everything else, which only the configured origins
 * (`CORS_ORIGINS`) may call, with credentials. A public read answered to a foreign page is the
 * anonymous answer: `*` never carries credentials, and a token would need a preflight that
 * allows `Authorization`, which a foreign origin is refused.
 */
export type CorsAccess = 'public' | 'private';

/** The cross-origin access of an endpoint, see {@link CorsAccess}. */
export function corsAccessOf(endpoint: Endpoint): CorsAccess {
  return endpoint.method === 'GET' && (endpoint.auth === 'public' || endpoint.auth === 'optional')
    ? 'public'
    : 'private';
}

/** Headers a page may send on a cross-origin call (beyond the CORS-safelisted ones). */
const ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept-Language',
  'X-Observer-Token',
  'X-Request-Id',
  'If-None-Match',
  'Cache-Control',
  'Pragma',
];

/** Headers that carry a user's credentials: never allowed on a public read from a foreign page. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'x-observer-token']);

/** Headers of an answer a cross-origin page may read. */
const EXPOSED_HEADERS = 'X-Request-Id, ETag, Retry-After';

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = '600';

/** The message of a refused cross-origin call (HTTP 403, code 40300). */
export const FOREIGN_ORIGIN_MESSAGE =
  'Calls from this origin are not allowed: only public reads, without credentials';

/**
 * What to do with a request's `Origin`: `same` (no `Origin`, or the server's own host: nothing
 * to add), `allow` with the headers to add, or `refuse`.
 */
export type CorsDecision =
  | { readonly kind: 'same' }
  | { readonly kind: 'allow'; readonly headers: readonly (readonly [string, string])[] }
  | { readonly kind: 'refuse' };

/**
 * The CORS policy, one pure function for Fastify's hooks and for the hot-read cache (which
 * answers before Fastify):
 *
 * - no `Origin`, or an `Origin` whose host is the request's host (the site itself; behind a
 *   proxy that rewrites `Host`, `X-Forwarded-Host` from a `TRUST_PROXY` proxy): `same`;
 * - an origin of `CORS_ORIGINS`: every call, with credentials (`Access-Control-Allow-Origin`
 *   echoes it, `Access-Control-Allow-Credentials: true`);
 * - any other origin: the public reads only, as `Access-Control-Allow-Origin: *` without
 *   credentials (so a browser never sends cookies with them); every other call is refused.
 *
 * @param origin - the request's `Origin` header.
 * @param host - the request's host (Fastify's `request.host`, or the raw `Host` header).
 * @param access - the called endpoint's access, `null` when the path is no endpoint.
 * @param allowedOrigins - `CORS_ORIGINS`, as `scheme://host[:port]`.
 */
export function corsDecision(
  origin: string | undefined,
  host: string | undefined,
  access: CorsAccess | null,
  allowedOrigins: readonly string[],
): CorsDecision {
  if (origin === undefined || isSameHost(origin, host)) return { kind: 'same' };
  if (allowedOrigins.includes(origin)) {
    return {
      kind: 'allow',
      headers: [
        ['access-control-allow-origin', origin],
        ['access-control-allow-credentials', 'true'],
        ['access-control-expose-headers', EXPOSED_HEADERS],
      ],
    };
  }
  if (access === 'public') {
    return {
      kind: 'allow',
      headers: [
        ['access-control-allow-origin', '*'],
        ['access-control-expose-headers', EXPOSED_HEADERS],
      ],
    };
  }
  return { kind: 'refuse' };
}

function isSameHost(origin: string, host: string | undefined): boolean {
  if (host === undefined || !URL.canParse(origin)) return false;
  return new URL(origin).host === host.toLowerCase();
}

/** `/pools/{pool}/stats` → a pattern matching `/api/pools/kas/stats`. */
function pathPattern(path: string): RegExp {
  const parts = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^/api${parts.join('[^/]+')}/?$`);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's cross-origin access (`http/cors.ts`); set by `registerEndpoint`. */
    corsAccess?: CorsAccess;
  }
}

/**
 * Answers cross-origin calls to `/api` by {@link corsDecision}: adds the CORS headers to the
 * answers it allows (errors included, so a partner's page can read them), refuses the others
 * with HTTP 403 code 40300 before anything runs, and answers preflights (`OPTIONS`): 204 with
 * the allowed methods and headers, or 403. Every `/api` answer says `Vary: Origin`, because the
 * headers depend on it.
 */
export function registerCors(app: FastifyInstance): void {
  const allowedOrigins = app.platform.config.corsOrigins;
  const patterns = new Map<Endpoint, RegExp>();

  /** The access of the endpoint a preflight is about: the path and the requested method. */
  function accessOfPath(method: string, url: string): CorsAccess | null {
    const pathname = url.split('?', 1)[0] ?? '';
    let found: CorsAccess | null = null;
    for (const endpoint of app.platform.endpoints) {
      if (endpoint.method !== method) continue;
      let pattern = patterns.get(endpoint);
      if (pattern === undefined) {
        pattern = pathPattern(endpoint.path);
        patterns.set(endpoint, pattern);
      }
      if (!pattern.test(pathname)) continue;
      // A path that also matches a private endpoint (a fixed segment beside a parameter) is
      // treated as private.
      if (corsAccessOf(endpoint) === 'private') return 'private';
      found = 'public';
    }
    return found;
  }

  const refusal = () => new HttpError(403, ERROR_CODES.forbidden, FOREIGN_ORIGIN_MESSAGE);
  const originOf = (request: FastifyRequest) =>
    typeof request.headers.origin === 'string' ? request.headers.origin : undefined;

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url) || request.method === 'OPTIONS') return;
    reply.header('vary', 'Origin');
    const decision = corsDecision(
      originOf(request),
      request.host,
      request.routeOptions.config.corsAccess ?? null,
      allowedOrigins,
    );
    if (decision.kind === 'refuse') {
      // A path that is no endpoint stays a plain 404, without CORS headers.
      if (request.routeOptions.config.corsAccess === undefined) return;
      throw refusal();
    }
    if (decision.kind === 'allow')
      for (const [name, value] of decision.headers) reply.header(name, value);
  });

  app.route({
    method: 'OPTIONS',
    url: '/api/*',
    handler: async (request, reply) => {
      reply.header('vary', 'Origin');
      const requested = request.headers['access-control-request-method'];
      const method = typeof requested === 'string' ? requested.toUpperCase() : '';
      const access = accessOfPath(method, request.url);
      // A preflight for no endpoint is answered like any unknown path.
      if (access === null) return reply.callNotFound();
      const decision = corsDecision(originOf(request), request.host, access, allowedOrigins);
      if (decision.kind === 'refuse') throw refusal();
      // A foreign page may make a public read only as anyone: asking to send a token makes it
      // a signed-in call, which only the configured origins may make.
      const anonymous =
        decision.kind === 'allow' &&
        decision.headers.some(
          ([name, value]) => name === 'access-control-allow-origin' && value === '*',
        );
      const asked = String(request.headers['access-control-request-headers'] ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase());
      if (anonymous && asked.some((name) => CREDENTIAL_HEADERS.has(name))) throw refusal();
      if (decision.kind === 'allow') {
        for (const [name, value] of decision.headers) reply.header(name, value);
      }
      const allowedHeaders = anonymous
        ? ALLOWED_HEADERS.filter((name) => !CREDENTIAL_HEADERS.has(name.toLowerCase()))
        : ALLOWED_HEADERS;
      reply
        .header('access-control-allow-methods', method)
        .header('access-control-allow-headers', allowedHeaders.join(', '))
        .header('access-control-max-age', PREFLIGHT_MAX_AGE);
      return reply.code(204).send();
    },
  });
}
