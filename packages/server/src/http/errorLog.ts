/**
 * What the log keeps of an error. A failed query carries its parameter values in several
 * places: drizzle's `DrizzleQueryError` in its `params` and in its message ("Failed query: …
 * params: …") and so its stack, PGlite's error in `params` again, and PostgreSQL quotes values in
 * some messages (`invalid input syntax for type integer: "…"`) and details
 * (`Key (token_hash)=(…) already exists.`). Those values are tokens, hashes, encrypted copies and
 * codes, so none of them may reach a log line; the SQL text, the error's type, code, message and
 * stack stay, for they are what a failure is read by.
 */

const REDACTED = '[redacted]';
/** What replaces the list of a query's parameters in a message or stack. */
const PARAMS_NOT_LOGGED = 'params: [not logged]';
/**
 * Values shorter than this are not cut out of texts: too short to be a secret here (codes have
 * 6 digits, passwords 8 characters), and cutting `btc` or `1` out of a message would garble it.
 */
const MIN_REDACTED_LENGTH = 4;
/** How deep causes and nested fields are followed. */
const MAX_DEPTH = 6;
/**
 * Keys of query errors that hold parameter values (`params`: drizzle and PGlite) or the
 * options they were parsed with (`queryOptions`: PGlite), and nothing else of use.
 */
const PARAMETER_KEYS = new Set(['params', 'queryOptions']);

function isErrorLike(value: unknown): value is Error {
  return (
    value instanceof Error ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as { message?: unknown }).message === 'string' &&
      typeof (value as { stack?: unknown }).stack === 'string')
  );
}

/** The strings a parameter value can show up as in a message. */
function collectValue(value: unknown, into: Set<string>, depth: number): void {
  if (depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    if (value.length >= MIN_REDACTED_LENGTH) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collectValue(item, into, depth + 1);
  } else if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    if (ArrayBuffer.isView(value)) return;
    try {
      collectValue(JSON.stringify(value), into, depth + 1);
    } catch {
      // A value that does not serialise cannot appear as JSON in a message either.
    }
    for (const item of Object.values(value)) collectValue(item, into, depth + 1);
  }
}

/** How a driver lists parameters in a message: drizzle writes `params: ${params}`. */
function parameterListing(params: unknown[]): string | undefined {
  try {
    return `params: ${String(params)}`;
  } catch {
    return undefined;
  }
}

interface Secrets {
  /** Exact parameter listings (`params: a,b,c`), replaced as a whole. */
  readonly listings: Set<string>;
  /** Single parameter values, longest first. */
  readonly values: string[];
}

/** Every parameter value carried by an error, its causes and its aggregated errors. */
function secretsOf(error: unknown): Secrets {
  const listings = new Set<string>();
  const values = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (current: unknown, depth: number): void => {
    if (!isErrorLike(current) || seen.has(current) || depth > MAX_DEPTH) return;
    seen.add(current);
    for (const key of PARAMETER_KEYS) {
      const params = (current as unknown as Record<string, unknown>)[key];
      if (!Array.isArray(params)) continue;
      const listing = parameterListing(params);
      if (listing !== undefined && params.length > 0) listings.add(listing);
      collectValue(params, values, 0);
    }
    visit(current.cause, depth + 1);
    const aggregated = (current as { errors?: unknown }).errors;
    if (Array.isArray(aggregated)) for (const item of aggregated) visit(item, depth + 1);
  };
  visit(error, 0);
  return { listings, values: [...values].sort((left, right) => right.length - left.length) };
}

/**
 * Redacts a text: exact parameter listings first (so values of any length go), then each known
 * value, then any `params: …` line left (a listing copied into another error's message).
 */
function redactText(text: string, secrets: Secrets): string {
  let result = text;
  for (const listing of secrets.listings) result = result.replaceAll(listing, PARAMS_NOT_LOGGED);
  for (const value of secrets.values) result = result.replaceAll(value, REDACTED);
  return result.replace(/^params: (?!\[not logged\]).*$/gm, PARAMS_NOT_LOGGED);
}

/**
 * PostgreSQL's details quote row values: `Key (col)=(value) already exists.`, `Failing row
 * contains (…)`. The column names stay; the values go, whatever their form (`lower(…)` indexes
 * show them changed, so they need not equal a parameter).
 */
function redactDetail(detail: string): string {
  return detail
    .replace(/\)=\(.*\)/gs, `)=(${REDACTED})`)
    .replace(/(Failing row contains )\(.*\)/gs, `$1(${REDACTED})`);
}

function redactValue(value: unknown, secrets: Secrets, depth: number, seen: Set<unknown>): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[circular]';
  if (isErrorLike(value)) return errorObject(value, secrets, depth, seen);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets, depth + 1, seen));
  if (value instanceof Date || ArrayBuffer.isView(value)) return value;
  seen.add(value);
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] = redactValue(item, secrets, depth + 1, seen);
  }
  return result;
}

/** An error as the log shows it (pino's standard fields, then the error's own). */
export interface SerializedError {
  readonly type: string;
  readonly message: string;
  readonly stack: string;
  readonly [key: string]: unknown;
}

function errorObject(
  error: Error,
  secrets: Secrets,
  depth: number,
  seen: Set<unknown>,
): SerializedError {
  seen.add(error);
  const constructorName = (error as { constructor?: { name?: unknown } }).constructor?.name;
  const result: Record<string, unknown> & SerializedError = {
    type: typeof constructorName === 'string' ? constructorName : error.name,
    message: redactText(error.message, secrets),
    stack: typeof error.stack === 'string' ? redactText(error.stack, secrets) : '',
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key === 'errors' || key in result) continue;
    if (PARAMETER_KEYS.has(key)) {
      if (key === 'params' && Array.isArray(value)) result.paramCount = value.length;
      continue;
    }
    result[key] =
      key === 'detail' && typeof value === 'string'
        ? redactText(redactDetail(value), secrets)
        : redactValue(value, secrets, depth + 1, seen);
  }
  const aggregated = (error as { errors?: unknown }).errors;
  if (Array.isArray(aggregated)) {
    result.aggregateErrors = aggregated.map((item) => redactValue(item, secrets, depth + 1, seen));
  }
  if (error.cause !== undefined) result.cause = redactValue(error.cause, secrets, depth + 1, seen);
  return result;
}

/**
 * The logger's serializer of `err` (and `error`): an error becomes `{type, message, stack, …its
 * own fields, cause}` like pino's standard serializer, with causes kept as nested objects (so a
 * query error's PostgreSQL `code`, `detail`, `table` and `constraint` stay readable) and without
 * any SQL parameter value: `params` becomes `paramCount`, parameter lists in messages and stacks
 * become `params: [not logged]`, values quoted by the database become `[redacted]`. Anything
 * that is not an error is left as it is.
 *
 * @example
 * const logger = pino({ serializers: { err: serializeError } });
 */
export function serializeError(value: Error): SerializedError;
export function serializeError(value: unknown): unknown;
export function serializeError(value: unknown): unknown {
  if (!isErrorLike(value)) return value;
  return errorObject(value, secretsOf(value), 0, new Set());
}

/**
 * The same redaction for a log call's arguments, for pino's `hooks.logMethod`: an error passed
 * first (`log.error(error)`) would otherwise lend its raw message to the line's `msg`, and a
 * message string may quote an error's message (`log.error({ err }, err.message)`). Strings are
 * redacted with the parameter values of the call's error; an error passed first moves under
 * `err`, with its redacted message as the line's message unless one is given.
 */
export function redactLogArguments(args: readonly unknown[]): unknown[] {
  const [first, ...rest] = args;
  const error = isErrorLike(first)
    ? first
    : typeof first === 'object' && first !== null
      ? (first as { err?: unknown }).err
      : undefined;
  const secrets = secretsOf(error);
  const texts = rest.map((item) => (typeof item === 'string' ? redactText(item, secrets) : item));
  if (isErrorLike(first)) {
    return typeof texts[0] === 'string'
      ? [{ err: first }, ...texts]
      : [{ err: first }, redactText(first.message, secrets), ...texts];
  }
  return [typeof first === 'string' ? redactText(first, secrets) : first, ...texts];
}
