import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ERROR_CODES } from '../contract';
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

/** Options of {@link rateLimit}. */
export interface RateLimitOptions {
  /**
   * What to count by. A string names a bucket and is counted per client IP (`login` counts
   * `login:<ip>`); a function returns the whole key (e.g. the bucket plus the account name).
   */
  readonly key: string | ((request: FastifyRequest) => string);
  /** Hits allowed per window. */
  readonly limit: number;
  /** Window length in milliseconds. */
  readonly windowMs: number;
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
 * Counts this request against a limit and throws HTTP 429 (code 42900, with `Retry-After` in
 * seconds) when it is over. Uses the app's store and clock.
 */
export async function enforceRateLimit(
  request: FastifyRequest,
  reply: FastifyReply,
  options: RateLimitOptions,
): Promise<void> {
  const { clock, rateLimitStore } = request.server.platform;
  const now = clock.now();
  const windowStart = Math.floor(now / options.windowMs) * options.windowMs;
  const count = await rateLimitStore.hit(
    resolveKey(options, request),
    windowStart,
    options.windowMs,
  );
  const remaining = Math.max(0, options.limit - count);
  reply.header('ratelimit-limit', String(options.limit));
  reply.header('ratelimit-remaining', String(remaining));
  if (count > options.limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + options.windowMs - now) / 1000));
    throw new HttpError(
      429,
      ERROR_CODES.rateLimited,
      `Too many requests, try again in ${retryAfterSeconds} s`,
      { headers: { 'retry-after': String(retryAfterSeconds) } },
    );
  }
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
