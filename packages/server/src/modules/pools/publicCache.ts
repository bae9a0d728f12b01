import type { Clock } from '../../clock';

/** How long a public pool-wide answer is reused, in clock milliseconds (rollups run per minute). */
export const PUBLIC_CACHE_TTL_MS = 5_000;

/** A tiny per-process cache of public answers (pool stats, pool series, coin table). */
export interface PublicCache {
  /** The cached value of `key`, or the one `load` makes (shared by concurrent callers). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/**
 * Creates a {@link PublicCache} on a clock. Answers that are the same for every caller and
 * change at most once a minute are kept for {@link PUBLIC_CACHE_TTL_MS}; a failed load is not
 * kept. Each server process has its own (API nodes share nothing but the database).
 */
export function createPublicCache(clock: Clock, ttlMs: number = PUBLIC_CACHE_TTL_MS): PublicCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = clock.now();
      const entry = entries.get(key);
      if (entry !== undefined && entry.expires > now) return entry.value as Promise<T>;
      if (entries.size > 1_000) entries.clear();
      const value = load();
      entries.set(key, { expires: now + ttlMs, value });
      value.catch(() => entries.delete(key));
      return value;
    },
  };
}
