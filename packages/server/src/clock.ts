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
