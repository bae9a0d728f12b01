import { lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/connect';
import { rateLimitHits } from '../db/schema';
import type { RateLimitStore } from './rateLimit';

/** Options of {@link PostgresRateLimitStore}. */
export interface PostgresRateLimitStoreOptions {
  /** Delete ended windows once every this many hits. Default `500`. */
  readonly pruneEvery?: number;
}

/**
 * Rate-limit counters in the `rate_limit_hits` table. Each hit is one
 * `INSERT … ON CONFLICT DO UPDATE SET count = count + 1 RETURNING count`, which PostgreSQL
 * runs atomically, so concurrent requests (and processes) are counted exactly.
 */
export class PostgresRateLimitStore implements RateLimitStore {
  readonly #database: Database;
  readonly #clock: Clock;
  readonly #pruneEvery: number;
  #hitsSincePrune = 0;

  constructor(database: Database, clock: Clock, options: PostgresRateLimitStoreOptions = {}) {
    this.#database = database;
    this.#clock = clock;
    this.#pruneEvery = options.pruneEvery ?? 500;
  }

  async hit(key: string, windowStart: number, windowMs: number): Promise<number> {
    const [row] = await this.#database.db
      .insert(rateLimitHits)
      .values({
        key,
        windowStart: new Date(windowStart),
        count: 1,
        expiresAt: new Date(windowStart + windowMs),
      })
      .onConflictDoUpdate({
        target: [rateLimitHits.key, rateLimitHits.windowStart],
        set: { count: sql`${rateLimitHits.count} + 1` },
      })
      .returning({ count: rateLimitHits.count });
    if (row === undefined) throw new Error('rate_limit_hits upsert returned no row');
    this.#hitsSincePrune += 1;
    if (this.#hitsSincePrune >= this.#pruneEvery) {
      this.#hitsSincePrune = 0;
      await this.prune();
    }
    return row.count;
  }

  /** Deletes the counters of windows that have ended; resolves how many went. */
  async prune(): Promise<number> {
    const deleted = await this.#database.db
      .delete(rateLimitHits)
      .where(lt(rateLimitHits.expiresAt, new Date(this.#clock.now())))
      .returning({ key: rateLimitHits.key });
    return deleted.length;
  }

  async close(): Promise<void> {
    // The database belongs to the caller, who closes it.
  }
}
