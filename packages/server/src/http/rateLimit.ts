import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../clock';
import { ERROR_CODES } from '../contract';
import type { Principal } from './authenticate';
import { HttpError } from './httpError';

/**
 * Where rate-limit counters live: PostgreSQL by default ({@link PostgresRateLimitStore}),
 * Redis when `REDIS_URL` is set. Counting must be atomic across processes, so that API nodes
 * behind a load balancer share one limit.
 */
export interface RateLimitStore {
  /**
   * Counts one hit of `key` in the fixed window that starts at `windowStart` (epoch ms) and
   * lasts `windowMs`, and resolves the number of hits in that window including this one.
   */
  hit(key: string, windowStart: number, windowMs: number): Promise<number>;
  /** Releases what the store holds open. */
  close(): Promise<void>;
}

/** How many hits a limit allows in how long. */
export interface RateLimitWindow {
  /** Hits allowed per window. */
  readonly limit: number;
  /** Window length in milliseconds. */
  readonly windowMs: number;
}

/** Options of {@link rateLimit}. */
export interface RateLimitOptions extends RateLimitWindow {
  /**
   * What to count by. A string names a bucket and is counted per client IP (`login` counts
   * `login:<ip>`); a function returns the whole key (e.g. the bucket plus the account name).
   */
  readonly key: string | ((request: FastifyRequest) => string);
}

/** What counting one hit found: see {@link countRateLimit}. */
export interface RateLimitCount {
  /** The limit of the window (the `RateLimit-Limit` header). */
  readonly limit: number;
  /** Hits left in the window after this one (the `RateLimit-Remaining` header). */
  readonly remaining: number;
  /** `null` while within the limit; over it, the seconds until the window ends (`Retry-After`). */
  readonly retryAfterSeconds: number | null;
}

/**
 * Calls per window each API key, and each third-party app's authorisation, may make: 600 in
 * 10 minutes (Antpool's figure). Counted on every path that answers such a caller: the
 * contract's routes (`registerEndpoint`), the hot-read cache, which answers before them
 * (`hotReads.ts`), and the opening of a live stream (`modules/live`). `buildApp` takes another
 * figure for tests (`delegateRateLimit`).
 *
 * An app's budget belongs to the user's authorisation of it (its grant), not to one access
 * token: every token the grant issues shares it, so refreshing the token (every two hours, or
 * at will) does not start a new budget. One app authorised by two users has two budgets, as
 * two API keys do.
 */
export const DELEGATE_RATE_LIMIT: RateLimitWindow = { limit: 600, windowMs: 10 * 60_000 };

/**
 * The rate-limit bucket of a delegate: `api_key:<key id>` or `oauth_app:<grant id>`;
 * `null` for users and observers, who have no such limit.
 */
export function delegateRateLimitKey(principal: Principal): string | null {
  if (principal.kind !== 'delegate') return null;
  return `${principal.delegation?.via ?? 'delegate'}:${principal.delegation?.id ?? ''}`;
}

/** Keys longer than this are hashed, so a client cannot store long strings through them. */
const maxKeyLength = 200;

function resolveKey(options: RateLimitOptions, request: FastifyRequest): string {
  const key =
    typeof options.key === 'string' ? `${options.key}:${request.ip}` : options.key(request);
  if (key.length <= maxKeyLength) return key;
  return `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/**
 * Counts one hit of `key` in the fixed window of `window` that holds the clock's now, in
 * `store`. Where a Fastify request is at hand, {@link enforceRateLimit} does this and answers;
 * this is for paths that answer before the framework (the hot-read cache).
 */
export async function countRateLimit(
  store: RateLimitStore,
  clock: Clock,
  key: string,
  window: RateLimitWindow,
): Promise<RateLimitCount> {
  const now = clock.now();
  const windowStart = Math.floor(now / window.windowMs) * window.windowMs;
  const count = await store.hit(key, windowStart, window.windowMs);
  return {
    limit: window.limit,
    remaining: Math.max(0, window.limit - count),
    retryAfterSeconds:
      count > window.limit
        ? Math.max(1, Math.ceil((windowStart + window.windowMs - now) / 1000))
        : null,
  };
}

/** The headers of a counted hit: `RateLimit-Limit` and `RateLimit-Remaining`. */
export function rateLimitHeaders(count: RateLimitCount): [string, string][] {
  return [
    ['ratelimit-limit', String(count.limit)],
    ['ratelimit-remaining', String(count.remaining)],
  ];
}

/** The HTTP 429 (code 42900, `Retry-After` in seconds) of a caller over a limit. */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    ERROR_CODES.rateLimited,
    `Too many requests, try again in ${retryAfterSeconds} s`,
    { headers: { 'retry-after': String(retryAfterSeconds) } },
  );
}

/**
 * Counts this request against a limit and throws HTTP 429 (code 42900, with `Retry-After` in
 * seconds) when it is over. Uses the app's store and clock.
 */
export async function enforceRateLimit(
  request: FastifyRequest,
  reply: FastifyReply,
  options: RateLimitOptions,
): Promise<void> {
  const { clock, rateLimitStore } = request.server.platform;
  const count = await countRateLimit(rateLimitStore, clock, resolveKey(options, request), options);
  for (const [name, value] of rateLimitHeaders(count)) reply.header(name, value);
  if (count.retryAfterSeconds !== null) throw tooManyRequests(count.retryAfterSeconds);
}

/**
 * Counts a call of an API key or app token against its own limit (the app's
 * `delegateRateLimit`, {@link DELEGATE_RATE_LIMIT} by default) and throws the 429 when it is
 * over; does nothing for other callers.
 */
export async function enforceDelegateRateLimit(
  request: FastifyRequest,
  reply: FastifyReply,
  principal: Principal,
): Promise<void> {
  const bucket = delegateRateLimitKey(principal);
  if (bucket === null) return;
  await enforceRateLimit(request, reply, {
    key: () => bucket,
    ...request.server.platform.delegateRateLimit,
  });
}

/**
 * A Fastify `preHandler` hook that rate-limits a route (login, code sending, registration).
 * For contract endpoints, pass `rateLimit` to `registerEndpoint` instead.
 *
 * @example
 * app.post('/api/x', { preHandler: rateLimit({ key: 'x', limit: 5, windowMs: 60_000 }) }, handler);
 */
export function rateLimit(options: RateLimitOptions): preHandlerAsyncHookHandler {
  if (!Number.isInteger(options.limit) || options.limit < 1) {
    throw new Error(`rateLimit: limit must be a positive integer, got ${options.limit}`);
  }
  if (!Number.isInteger(options.windowMs) || options.windowMs < 1) {
    throw new Error(`rateLimit: windowMs must be a positive integer, got ${options.windowMs}`);
  }
  return async (request, reply) => {
    await enforceRateLimit(request, reply, options);
  };
}
