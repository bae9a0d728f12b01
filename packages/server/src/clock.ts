/**
 * The server's source of time. Everything that depends on "now" (rate-limit windows, token
 * expiry, the demo engine, scheduled jobs) reads it from here, so tests can drive it.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to; for tests. */
export interface ManualClock extends Clock {
  /** Moves the clock forward by `milliseconds`. */
  advance(milliseconds: number): void;
  /** Sets the clock to `epochMilliseconds`. */
  set(epochMilliseconds: number): void;
}

/**
 * Creates a {@link ManualClock}.
 *
 * @param start - the initial time in epoch milliseconds. Default `Date.UTC(2026, 0, 1)`.
 */
export function createManualClock(start: number = Date.UTC(2026, 0, 1)): ManualClock {
  let current = start;
  return {
    now: () => current,
    advance: (milliseconds) => {
      current += milliseconds;
    },
    set: (epochMilliseconds) => {
      current = epochMilliseconds;
    },
  };
}

/** A clock that follows another at an offset that only grows; the development server's clock. */
export interface OffsetClock extends Clock {
  /** Moves the clock forward by `milliseconds` (not below zero). */
  advance(milliseconds: number): void;
  /** How far ahead of the base clock it runs, in milliseconds. */
  offsetMs(): number;
}

/**
 * Creates an {@link OffsetClock} over `base`. The development server runs on one so the
 * end-to-end tests can move it a day ahead (`POST /api/dev/clock`) and watch the scheduled
 * jobs (settlement, contract output, red-packet income, rewards) run as they would the next
 * day. Time only moves forward: the jobs and the ledger never see it go back.
 *
 * @example
 * const clock = createOffsetClock();
 * clock.advance(24 * 3_600_000); // tomorrow, same time
 */
export function createOffsetClock(base: Clock = systemClock): OffsetClock {
  let offset = 0;
  return {
    now: () => base.now() + offset,
    advance: (milliseconds) => {
      if (Number.isFinite(milliseconds) && milliseconds > 0) offset += milliseconds;
    },
    offsetMs: () => offset,
  };
}
