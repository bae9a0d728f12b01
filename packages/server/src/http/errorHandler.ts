import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorEnvelope, type HttpMethod } from '../contract';
import { DomainError } from '../domain/errors';
import { type FieldError, HttpError, ResponseContractError } from './httpError';

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
  if (error instanceof DomainError) {
    return new HttpError(error.status, error.code, error.message, {
      fields: error.fields,
      cause: error,
    });
  }
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
        ERROR_CODES.unsupportedMediaType,
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

/** The methods the contract's endpoints use, in the order `Allow` lists them. */
const apiMethods: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

/**
 * Why an `/api` request matched no route, as an error: a `.` or `..` segment (400; the API has
 * no relative paths), a segment longer than any parameter (414), a path that exists for other
 * methods (405 with `Allow`; `HEAD` too, since JSON calls are not answered without a body), or
 * nothing there (404).
 */
function unmatchedApiRequest(app: FastifyInstance, request: FastifyRequest): HttpError {
  const pathname = request.url.split('?', 1)[0] ?? '';
  const segments = pathname.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    return new HttpError(400, ERROR_CODES.validation, 'path: must not contain . or .. segments', {
      fields: [{ field: 'path', message: 'must not contain . or .. segments' }],
    });
  }
  if (segments.some((segment) => segment.length > MAX_PARAM_LENGTH)) {
    const message = `a segment is longer than ${MAX_PARAM_LENGTH} characters`;
    return new HttpError(414, ERROR_CODES.uriTooLong, `path: ${message}`, {
      fields: [{ field: 'path', message }],
    });
  }
  const allowed = apiMethods.filter(
    (method) => method !== request.method && app.findRoute({ method, url: pathname }) !== null,
  );
  if (allowed.length > 0) {
    return new HttpError(
      405,
      ERROR_CODES.methodNotAllowed,
      `method: ${request.method} is not allowed here; use ${allowed.join(' or ')}`,
      {
        fields: [{ field: 'method', message: `use ${allowed.join(' or ')}` }],
        headers: { allow: allowed.join(', ') },
      },
    );
  }
  return new HttpError(
    404,
    ERROR_CODES.notFound,
    `Not found: ${request.method} ${pathname.slice(0, 200)}`,
  );
}

/** The reason phrases of the statuses {@link clientErrorHandler} answers. */
const clientErrorReasons: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refuses some requests before Fastify sees
 * them (a request line and headers over Node's 16 KB limit, a malformed request, a timeout).
 * Answer those with the error envelope too, then close the connection.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let body: ErrorEnvelope = {
    code: ERROR_CODES.validation,
    msg: 'request: malformed HTTP request',
    fields: [{ field: 'request', message: 'malformed HTTP request' }],
  };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    body = {
      code: ERROR_CODES.headersTooLarge,
      msg: 'headers: the URL and headers together are too large',
      fields: [{ field: 'headers', message: 'the URL and headers together are too large' }],
    };
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    body = { code: 40800, msg: 'request: the request took too long to arrive' };
  }
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${clientErrorReasons[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(json)}\r\n` +
        'Connection: close\r\n\r\n' +
        json,
    );
  }
  socket.destroy();
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
    if (!isApiPath(request.url)) {
      if (fallback !== undefined && (await fallback(request, reply))) return reply;
      const pathname = request.url.split('?', 1)[0] ?? '';
      return reply
        .status(404)
        .type('application/json; charset=utf-8')
        .send(
          envelope(ERROR_CODES.notFound, `Not found: ${request.method} ${pathname.slice(0, 200)}`),
        );
    }
    const error = unmatchedApiRequest(app, request);
    reply.headers(error.headers);
    return reply
      .status(error.status)
      .type('application/json; charset=utf-8')
      .send(envelope(error.code, error.message, error.fields));
  });
}
