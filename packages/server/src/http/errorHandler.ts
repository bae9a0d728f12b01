import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorEnvelope } from '../contract';
import { type FieldError, HttpError, ResponseContractError } from './httpError';

/**
 * Error code for HTTP 415 (a body that is not JSON). Not in core's `ERROR_CODES` yet; follows
 * its rule that a code starts with its HTTP status.
 */
export const UNSUPPORTED_MEDIA_TYPE_CODE = 41500;

/**
 * Answers requests no route matched and that are not `/api` calls (the site's history-mode
 * fallback). Resolving `false` leaves the request to the 404 envelope.
 */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/** True for `/api` and everything under `/api/`. */
export function isApiPath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  return pathname === '/api' || pathname.startsWith('/api/');
}

function envelope(code: number, msg: string, fields?: readonly FieldError[]): ErrorEnvelope {
  return fields === undefined || fields.length === 0
    ? { code, msg }
    : { code, msg, fields: [...fields] };
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === 'number';
}

/** Maps what the request pipeline throws to an HTTP status and an error envelope. */
function toHttpError(error: unknown, bodyLimitBytes: number): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (!isFastifyError(error)) return undefined;
  const status = error.statusCode ?? 500;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(
        413,
        ERROR_CODES.payloadTooLarge,
        `body: the request body is larger than ${bodyLimitBytes} bytes`,
        { fields: [{ field: 'body', message: `larger than ${bodyLimitBytes} bytes` }] },
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(
        415,
        UNSUPPORTED_MEDIA_TYPE_CODE,
        'body: unsupported content type, send application/json',
        { fields: [{ field: 'body', message: 'unsupported content type' }] },
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpError(400, ERROR_CODES.validation, 'body: the JSON body is empty', {
        fields: [{ field: 'body', message: 'empty JSON body' }],
      });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return malformedJson();
    default:
      break;
  }
  if (error instanceof SyntaxError && status === 400) return malformedJson();
  if (status >= 400 && status < 500) {
    return new HttpError(status, status * 100, error.message);
  }
  return undefined;
}

function malformedJson(): HttpError {
  return new HttpError(400, ERROR_CODES.validation, 'body: malformed JSON', {
    fields: [{ field: 'body', message: 'malformed JSON' }],
  });
}

/** Longest path parameter the router accepts (long enough for every coin's address). */
export const MAX_PARAM_LENGTH = 256;

/**
 * Fastify's `frameworkErrors`: the router's own errors (bad percent-encoding, over-long path
 * parameters) happen before any hook runs; answer them with the error envelope too.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : (error.statusCode ?? 400);
  const message = tooLong
    ? `longer than ${MAX_PARAM_LENGTH} characters`
    : 'malformed percent-encoding';
  request.log.info({ code: error.code }, error.message);
  void reply
    .status(status)
    .header('x-request-id', request.id)
    .type('application/json; charset=utf-8')
    .send(envelope(status * 100, `params: ${message}`, [{ field: 'params', message }]));
}

/**
 * Installs the error handler and the not-found handler: every error becomes an error envelope
 * (`{code, msg, fields?}`) with a fitting status; unexpected errors are logged with the request
 * id and answered with HTTP 500 code 50000 and a generic message, never a stack trace.
 */
export function registerErrorHandlers(app: FastifyInstance, fallback?: NotFoundFallback): void {
  const { bodyLimitBytes } = app.platform.config;

  app.setErrorHandler(async (error: unknown, request, reply) => {
    const httpError = toHttpError(error, bodyLimitBytes);
    if (httpError !== undefined) {
      if (httpError.status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: httpError.code, status: httpError.status }, httpError.message);
      reply.headers(httpError.headers);
      return reply
        .status(httpError.status)
        .type('application/json; charset=utf-8')
        .send(envelope(httpError.code, httpError.message, httpError.fields));
    }
    request.log.error({ err: error }, 'unexpected error');
    const showDetails = error instanceof ResponseContractError && app.platform.validateResponses;
    return reply
      .status(500)
      .type('application/json; charset=utf-8')
      .send(envelope(ERROR_CODES.internal, showDetails ? error.message : 'Internal server error'));
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (!isApiPath(request.url) && fallback !== undefined && (await fallback(request, reply))) {
      return reply;
    }
    const pathname = request.url.split('?', 1)[0] ?? '';
    return reply
      .status(404)
      .type('application/json; charset=utf-8')
      .send(
        envelope(ERROR_CODES.notFound, `Not found: ${request.method} ${pathname.slice(0, 200)}`),
      );
  });
}
