import { ERROR_CODES } from '../contract/errorCodes';

/** One field-level problem: from the server's error envelope, or from input validation. */
export interface ApiFieldError {
  /** The field's path inside params, query or body, dot-separated (`coin`, `items.0.name`). */
  field: string;
  message: string;
}

/**
 * Why a call failed:
 * - `http`: the server answered with an error envelope or an error status;
 * - `network`: no answer (connection refused, DNS, CORS);
 * - `timeout`: no answer within the time-out;
 * - `aborted`: the caller's `signal` aborted the call;
 * - `validation`: the input did not match the endpoint's schemas; nothing was sent;
 * - `invalidResponse`: the answer is not an envelope, or its data does not match the schema;
 * - `auth`: a token refresh was needed but no refresh token is stored.
 */
export type ApiErrorKind =
  | 'http'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'validation'
  | 'invalidResponse'
  | 'auth';

/** What an {@link ApiError} is built from. */
export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** HTTP status; `0` when no answer arrived (network, timeout, validation). */
  status: number;
  /** The envelope code, when the server sent one. */
  code?: number;
  /** The envelope's `msg`; an empty or blank one counts as absent. */
  serverMessage?: string;
  /** The error message of the request itself (network, timeout, HTTP status line, bad input). */
  requestMessage?: string;
  fields?: readonly ApiFieldError[];
  /** The i18n key; default: the key of `code` (see {@link messageKeyForCode}) or by `kind`. */
  messageKey?: string;
  /** The endpoint id, when the error belongs to a call. */
  endpointId?: string;
  cause?: unknown;
}

/** The fallback i18n key: "request failed" (spec section 8). */
export const REQUEST_FAILED_KEY = 'errors.requestFailed';

/**
 * The i18n key of an envelope code: `errors.<name>` for a code of `ERROR_CODES` (for example
 * 40301 → `errors.observerReadOnly`), else `errors.requestFailed`.
 */
export function messageKeyForCode(code: number | undefined): string {
  for (const [name, value] of Object.entries(ERROR_CODES)) {
    if (value === code) return `errors.${name}`;
  }
  return REQUEST_FAILED_KEY;
}

/** The i18n key of a call that got no answer. */
const NETWORK_KEY = 'errors.network';

function defaultMessageKey(init: ApiErrorInit): string {
  if (init.code !== undefined) return messageKeyForCode(init.code);
  if (init.kind === 'timeout') return 'errors.timeout';
  if (init.kind === 'network') return NETWORK_KEY;
  if (init.kind === 'validation') return 'errors.validation';
  if (init.kind === 'auth') return 'errors.tokenExpired';
  return REQUEST_FAILED_KEY;
}

function present(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text;
}

/**
 * The one error type of PoolKit's client. Its `message` follows spec section 8: the server's
 * message, else the request error message (time-out, HTTP status line), else the i18n key of
 * the case (`errors.network` when no answer arrived, else `errors.requestFailed`). `messageKey` always holds an i18n key for the case, for hosts that
 * prefer a translated text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; `0` when no answer arrived. */
  readonly status: number;
  /** The envelope code, when any. */
  readonly code: number | undefined;
  /** The server's message, when it sent a non-blank one. */
  readonly serverMessage: string | undefined;
  /** The request's own error message, when any. */
  readonly requestMessage: string | undefined;
  /** Field-level problems; `[]` when none. */
  readonly fields: readonly ApiFieldError[];
  /** An i18n key (`errors.*`) describing the case. */
  readonly messageKey: string;
  /** The endpoint id, when the error belongs to a call. */
  readonly endpointId: string | undefined;

  constructor(init: ApiErrorInit) {
    const serverMessage = present(init.serverMessage);
    const requestMessage = present(init.requestMessage);
    // A request that got no answer says so in the browser's own words ("Failed to fetch",
    // "NetworkError when attempting to fetch resource."): its message is the i18n key instead,
    // which `describeError` translates; the browser's text stays in `requestMessage`.
    const ownMessage = init.kind === 'network' ? NETWORK_KEY : requestMessage;
    super(serverMessage ?? ownMessage ?? REQUEST_FAILED_KEY, { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = serverMessage;
    this.requestMessage = requestMessage;
    this.fields = init.fields ?? [];
    this.messageKey = init.messageKey ?? defaultMessageKey(init);
    this.endpointId = init.endpointId;
  }

  /** True for the expired-token answer: HTTP 400 with code 40001 (spec section 8). */
  get isTokenExpired(): boolean {
    return this.status === 400 && this.code === ERROR_CODES.tokenExpired;
  }
}

/** Narrows an unknown error to {@link ApiError}. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
