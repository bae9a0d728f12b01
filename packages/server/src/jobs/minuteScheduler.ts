import type { Clock } from '../clock';
import type { Database } from '../db/connect';
import { minuteKey, runExclusive } from './exclusive';

/** Options of {@link createMinuteScheduler}. */
export interface MinuteSchedulerOptions {
  readonly clock: Clock;
  /** Runs once per minute of the clock; never twice at the same time. */
  readonly task: (nowMs: number) => Promise<void>;
  /** Called when a run throws; the scheduler keeps going. */
  readonly onError?: (error: unknown) => void;
  /** How often the clock is read, in wall milliseconds. Default 1000. */
  readonly pollMs?: number;
  /**
   * Runs each minute once across every node on the database, under the job's name
   * ({@link runExclusive}). Without it, each node runs its own task every minute.
   */
  readonly exclusive?: { readonly database: Database; readonly job: string };
}

/** A running scheduler. */
export interface MinuteScheduler {
  /** Stops polling and waits for a run in progress. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Runs `task` whenever the clock enters a new minute (and once at start). The clock is read,
 * not trusted to tick: a manual clock moved by an hour gives one run, which catches up itself.
 */
export function createMinuteScheduler(options: MinuteSchedulerOptions): MinuteScheduler {
  const { clock, onError, exclusive } = options;
  const task =
    exclusive === undefined
      ? options.task
      : async (nowMs: number) => {
          await runExclusive(exclusive.database, exclusive.job, minuteKey(nowMs), nowMs, () =>
            options.task(nowMs),
          );
        };
  let lastMinute = Number.NaN;
  let running: Promise<void> | null = null;
  let stopped = false;

  const poll = () => {
    if (stopped || running !== null) return;
    const now = clock.now();
    const minute = Math.floor(now / 60_000);
    if (minute === lastMinute) return;
    lastMinute = minute;
    running = task(now)
      .catch((error: unknown) => onError?.(error))
      .finally(() => {
        running = null;
      });
  };

  const timer = setInterval(poll, options.pollMs ?? 1000);
  timer.unref();
  poll();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running !== null) await running;
    },
  };
}
