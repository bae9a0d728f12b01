import { Redis } from 'ioredis';
import type { RateLimitStore } from './rateLimit';

/** INCR and set the expiry on the first hit, in one atomic script. */
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** Options of {@link RedisRateLimitStore}. */
export interface RedisRateLimitStoreOptions {
  /** Prefix of every key. Default `poolkit:ratelimit:`. */
  readonly prefix?: string;
}

/**
 * Rate-limit counters in Redis (used when `REDIS_URL` is set): one key per bucket and window,
 * counted by an atomic Lua script, expiring when the window ends.
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(redisUrl: string, options: RedisRateLimitStoreOptions = {}) {
    this.#redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
    // Connection errors surface on the commands; this keeps them from crashing the process.
    this.#redis.on('error', () => {});
    this.#prefix = options.prefix ?? 'poolkit:ratelimit:';
  }

  async hit(key: string, windowStart: number, windowMs: number): Promise<number> {
    const count = await this.#redis.eval(
      hitScript,
      1,
      `${this.#prefix}${key}:${windowStart}`,
      String(windowMs),
    );
    return Number(count);
  }

  async close(): Promise<void> {
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}
