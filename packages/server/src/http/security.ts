import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { isApiPath } from './errorHandler';
import { redactLogArguments, serializeError } from './errorLog';

/**
 * The Content-Security-Policy of everything the server sends: only same-origin scripts,
 * styles, connections and frames; no plugins, no framing, no inline script or style.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
} as const;

/**
 * The `Content-Security-Policy` header value of {@link contentSecurityPolicy}, with more sources
 * allowed for scripts: the `'sha256-…'` hashes of the inline scripts of a page the server sends.
 * `frameAncestors` replaces `'none'` for the few pages other sites may frame (the widgets'
 * iframe routes, `EMBED_FRAME_ANCESTORS`); empty keeps `'none'`.
 */
export function contentSecurityPolicyHeader(
  extraScriptSources: readonly string[] = [],
  frameAncestors: readonly string[] = [],
): string {
  const directives: Record<string, readonly string[]> = {
    ...contentSecurityPolicy,
    scriptSrc: [...contentSecurityPolicy.scriptSrc, ...extraScriptSources],
    frameAncestors:
      frameAncestors.length === 0 ? contentSecurityPolicy.frameAncestors : frameAncestors,
  };
  return Object.entries(directives)
    .map(
      ([name, values]) =>
        `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`,
    )
    .join(';');
}

const incomingRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request id: the caller's `x-request-id` when it is a short safe token (so ids follow a
 * request through a load balancer), otherwise a new UUID.
 */
export function requestIdFor(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && incomingRequestId.test(header) ? header : randomUUID();
}

/** Keys whose values never reach the logs, at any of the first three levels of a log object. */
const secretKeys = [
  'authorization',
  'cookie',
  'password',
  'newPassword',
  'oldPassword',
  'new_password',
  'old_password',
  'pay_password',
  'payPassword',
  'token',
  'access_token',
  'accessToken',
  'refresh_token',
  'refreshToken',
  'observer_token',
  'secret',
  'totp',
  'captcha',
];

/**
 * `code` is also the name of error codes, so it is redacted only where request input sits
 * (verification codes in bodies and queries).
 */
const redactPaths = [
  ...secretKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  'req.headers["x-observer-token"]',
  'res.headers["set-cookie"]',
  '*.headers["set-cookie"]',
  'body.code',
  'query.code',
  '*.body.code',
  '*.query.code',
  'input.body.code',
  'input.query.code',
];

const secretQueryKeys = /pass|token|secret|code|captcha|key/i;

/** Hides the values of secret-looking query parameters in a URL about to be logged. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of new Set(params.keys())) {
    if (secretQueryKeys.test(key)) params.set(key, '[redacted]');
  }
  return `${url.slice(0, queryStart)}?${params.toString().replaceAll('%5Bredacted%5D', '[redacted]')}`;
}

/** Where log lines go (a stream with `write`); tests pass one to read the logs. */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Fastify's pino logger options: JSON lines at `level`, with credentials, passwords, tokens and
 * codes redacted, secret query parameters hidden in logged URLs, and errors logged without the
 * values of SQL parameters (`serializeError`), however they are passed to the logger.
 *
 * @param stream - where lines go. Default: standard output.
 */
export function loggerOptions(
  level: string,
  stream?: LogDestination,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: (request) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
      err: serializeError,
      error: serializeError,
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, redactLogArguments(args) as Parameters<typeof method>);
      },
    },
    ...(stream === undefined ? {} : { stream }),
  };
}

/**
 * Registers the security headers (helmet, with the strict CSP above), echoes the request id as
 * `x-request-id`, and marks `/api` answers `Cache-Control: no-store`.
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    // The site and API are same-origin; nothing embeds cross-origin resources that need COEP.
    crossOriginEmbedderPolicy: false,
    // Matches `frame-ancestors 'none'` for browsers that only know X-Frame-Options.
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
}
