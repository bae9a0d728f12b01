/** One input field that failed validation, as the error envelope's `fields` lists it. */
export interface FieldError {
  readonly field: string;
  readonly message: string;
}

/** Options of {@link HttpError}. */
export interface HttpErrorOptions {
  /** Field-level details (validation errors). */
  readonly fields?: readonly FieldError[];
  /** Extra response headers, e.g. `Retry-After`. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly cause?: unknown;
}

/**
 * An error that becomes an error envelope `{code, msg, fields?}` with HTTP `status`. Throw it
 * from handlers and hooks; anything else thrown becomes a generic 500 (code 50000).
 *
 * @example
 * throw new HttpError(404, ERROR_CODES.notFound, 'No such miner');
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: number;
  readonly fields: readonly FieldError[] | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, code: number, msg: string, options: HttpErrorOptions = {}) {
    super(msg, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }
}

/**
 * Thrown (only when response validation is on, i.e. in tests) when a handler's answer does not
 * match its endpoint's `response` schema: the contract and the server have drifted apart.
 */
export class ResponseContractError extends Error {
  readonly endpointId: string;

  constructor(endpointId: string, details: string) {
    super(`Response of ${endpointId} does not match the contract: ${details}`);
    this.name = 'ResponseContractError';
    this.endpointId = endpointId;
  }
}
