import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import { ERROR_CODES } from '../contract';
import type { Database } from '../db/connect';
import { queryRows } from '../engine/sql';
import { HttpError } from './httpError';
import { isRefusal } from './isRefusal';

/** "30 s", "2 min": a wait as a 429's message says it. */
export function describeWait(seconds: number): string {
  return seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}

/** Wrong guesses are the refusals with `status` (404 for an unknown code); others are not. */
export function wrongWhenStatus(status: number): (error: unknown) => GuessOutcome {
  return (error) => (isRefusal(error) && error.status === status ? 'wrong' : 'other');
}

/** Options of {@link createGuessBrake}. */
export interface GuessBrakeOptions {
  /** What is guessed, the first part of the key: `login`, `coupon-code`, `red-packet-code`. */
  readonly scope: string;
  /** Attempts in a streak that run without waiting. Default `5`. */
  readonly freeAttempts?: number;
  /**
   * The wait after the last free attempt, doubled by each further one. Default 1 minute
   * (then 2, 4, 8 … minutes).
   */
  readonly firstDelayMs?: number;
  /** The longest wait. Default 1 hour. */
  readonly maxDelayMs?: number;
  /**
   * A streak is forgotten this long after its last attempt (or after its wait ran out).
   * Default 15 minutes.
   */
  readonly forgetAfterMs?: number;
  /** Builds the message of the 429, from the seconds to wait. */
  readonly message: (retryAfterSeconds: number) => string;
}

/** What an attempt's outcome means to the brake: see {@link GuessBrake.attempt}. */
export type GuessOutcome = 'wrong' | 'other';

/** A per-subject brake on guessing a secret: see {@link createGuessBrake}. */
export interface GuessBrake {
  /**
   * Runs one attempt for `subject` (an account name, a user id) behind the brake. While the
   * brake holds, answers HTTP 429 code 42900 naming `field`, with `Retry-After`, and `run` is
   * not called at all (a right guess during the wait does not get through). Otherwise the
   * attempt is counted before `run` starts, so concurrent attempts are counted one by one; then:
   * `run` resolving (a right guess) forgets the streak; `run` throwing what `classify` calls
   * `'wrong'` keeps the attempt counted; anything else (`'other'`: a refusal that is not a wrong
   * guess) gives the attempt back. The error is thrown on as it was.
   */
  attempt<T>(
    subject: string,
    field: string,
    run: () => Promise<T>,
    classify: (error: unknown) => GuessOutcome,
  ): Promise<T>;
}

/**
 * A brake on guessing per account rather than per client address, so that spreading the
 * guesses over many addresses does not help: after `freeAttempts` attempts in a streak, each
 * further attempt waits (1, 2, 4 … minutes, at most an hour, by default). Counted in the
 * `guess_brakes` table (one row per scope and SHA-256 of the subject, one atomic statement per
 * attempt), so it holds across API nodes; the identity module's pruning (`pruneIdentityData`)
 * deletes forgotten rows.
 *
 * Decision: a delay (429 with `Retry-After`), not a captcha: the login already asks a captcha on
 * every attempt, and a proof of work costs a guesser with many machines little. Decision: the
 * brake does not lock the account out for good: the owner waits, or signs in another way
 * (passkey, third-party sign-in), or resets the password by email or phone.
 */
export function createGuessBrake(
  database: Database,
  clock: Clock,
  options: GuessBrakeOptions,
): GuessBrake {
  const freeAttempts = options.freeAttempts ?? 5;
  const firstDelayMs = options.firstDelayMs ?? 60_000;
  const maxDelayMs = options.maxDelayMs ?? 3_600_000;
  const forgetAfterMs = options.forgetAfterMs ?? 15 * 60_000;

  function keyOf(subject: string): string {
    return `${options.scope}:${createHash('sha256').update(subject).digest('hex')}`;
  }

  function tooMany(field: string, waitMs: number): HttpError {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const message = options.message(seconds);
    return new HttpError(429, ERROR_CODES.rateLimited, message, {
      fields: [{ field, message }],
      headers: { 'retry-after': String(seconds) },
    });
  }

  /** Counts an attempt; resolves its number in the streak, or the wait while the brake holds. */
  async function claim(key: string): Promise<{ attempts: number } | { waitMs: number }> {
    const now = clock.now();
    const nowAt = sql`${new Date(now).toISOString()}::timestamptz`;
    const milliseconds = (value: SQL) => sql`(${value}) * interval '1 millisecond'`;
    /** The wait after attempt number `attempts`, or NULL while it is a free one. */
    const lockAfter = (attempts: SQL) =>
      sql`CASE WHEN ${attempts} >= ${freeAttempts}
            THEN ${nowAt} + ${milliseconds(
              sql`least(${maxDelayMs}::float8,
                        ${firstDelayMs}::float8 * power(2, least(${attempts} - ${freeAttempts}, 40)))`,
            )}
            END`;
    const next = sql`CASE WHEN b.expires_at <= ${nowAt} THEN 1 ELSE b.attempts + 1 END`;
    const forget = milliseconds(sql`${forgetAfterMs}::float8`);
    // One statement, so concurrent attempts are counted one by one: a forgotten streak starts
    // again at 1; a held brake changes nothing and returns no row; otherwise the count goes up,
    // and from the last free attempt on, the next one waits firstDelay × 2^(attempts − free).
    const rows = await queryRows<{ attempts: number }>(
      database.db,
      sql`INSERT INTO guess_brakes AS b (key, attempts, locked_until, expires_at)
          VALUES (${key}, 1, ${lockAfter(sql`1`)}, coalesce(${lockAfter(sql`1`)}, ${nowAt}) + ${forget})
          ON CONFLICT (key) DO UPDATE SET
            attempts = ${next},
            locked_until = ${lockAfter(next)},
            expires_at = coalesce(${lockAfter(next)}, ${nowAt}) + ${forget}
          WHERE b.locked_until IS NULL OR b.locked_until <= ${nowAt}
          RETURNING b.attempts`,
    );
    const attempts = rows[0]?.attempts;
    if (attempts !== undefined) return { attempts };
    const [held] = await queryRows<{ locked_ms: number | null }>(
      database.db,
      sql`SELECT (extract(epoch from locked_until) * 1000)::float8 AS locked_ms
          FROM guess_brakes WHERE key = ${key}`,
    );
    return { waitMs: (held?.locked_ms ?? now + firstDelayMs) - now };
  }

  return {
    async attempt(subject, field, run, classify) {
      const key = keyOf(subject);
      const claimed = await claim(key);
      if ('waitMs' in claimed) throw tooMany(field, claimed.waitMs);
      let result: Awaited<ReturnType<typeof run>>;
      try {
        result = await run();
      } catch (error) {
        if (classify(error) === 'other') {
          // Not a wrong guess: the attempt is given back, and a wait it started is lifted.
          await database.db.execute(
            sql`UPDATE guess_brakes SET attempts = attempts - 1,
                  locked_until = CASE WHEN attempts - 1 < ${freeAttempts} THEN NULL
                                      ELSE locked_until END
                WHERE key = ${key} AND attempts = ${claimed.attempts}`,
          );
        }
        throw error;
      }
      await database.db.execute(sql`DELETE FROM guess_brakes WHERE key = ${key}`);
      return result;
    },
  };
}
