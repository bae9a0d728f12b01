/**
 * The server's scheduled jobs, in one registry. Modules declare their jobs while the app is
 * built; the app starts one runner over the registry when it is ready and stops it when it
 * closes. The runner reads the app's clock (it does not trust timers to tick): a job runs once
 * at start and then whenever the clock enters a new period of its cadence, so a manual clock
 * moved by an hour gives one run, which catches up by itself. An exclusive job runs each period
 * once across every node on the database, under its name ({@link runExclusive}).
 */
import type { Clock } from '../clock';
import type { Database } from '../db/connect';
import { minuteKey, runExclusive } from './exclusive';

/** How often a job runs: at every new minute of the app's clock, or every N minutes of it. */
export type JobCadence = 'minute' | { readonly everyMinutes: number };

/** A scheduled job, as a module declares it. */
export interface JobDefinition {
  /**
   * The job's name: unique in the registry; an exclusive job's lock key and its `job_runs.job`,
   * so nodes of different releases agree on it. Never rename a job in place.
   */
  readonly name: string;
  readonly cadence: JobCadence;
  /**
   * Run each period once across the nodes on the database ({@link runExclusive}); otherwise each
   * node runs the job on its own.
   */
  readonly exclusive: boolean;
  /** The work of one period; `nowMs` is the clock's time when the period's run starts. */
  run(nowMs: number): Promise<void>;
}

/** Options of {@link createJobRegistry}. */
export interface JobRegistryOptions {
  readonly clock: Clock;
  /** Where exclusive jobs take their locks and claim their periods. */
  readonly database: Database;
  /** Called when a run throws; the runner goes on with that job's next period and the others. */
  readonly onError?: (error: unknown, job: JobDefinition) => void;
  /** How often the clock is read, in wall milliseconds. Default 1000. */
  readonly pollMs?: number;
}

/** The registry of scheduled jobs and their one runner. */
export interface JobRegistry {
  /** Adds jobs. Throws on a name declared already, a bad cadence, or once the runner started. */
  declare(...jobs: readonly JobDefinition[]): void;
  /** The declared jobs, in the order of declaration. */
  list(): readonly JobDefinition[];
  /** Starts the runner: one clock poll for every job. Throws when started twice. */
  start(): void;
  /**
   * Stops the runner and waits for the runs in progress. Safe to call twice, and before
   * {@link JobRegistry.start}.
   */
  stop(): Promise<void>;
}

/** The length of one period of `cadence`, in milliseconds. */
export function cadenceMs(cadence: JobCadence): number {
  return cadence === 'minute' ? 60_000 : cadence.everyMinutes * 60_000;
}

/** `cadence` in words, for the log: `every minute`, `every 10 minutes`. */
export function describeCadence(cadence: JobCadence): string {
  if (cadence === 'minute' || cadence.everyMinutes === 1) return 'every minute';
  return `every ${cadence.everyMinutes} minutes`;
}

/**
 * The registry's jobs on one line, for the start-up log.
 *
 * @example
 * describeJobs(registry.list()); // 'pool-engine (every minute, exclusive), cancellations (every 10 minutes)'
 */
export function describeJobs(jobs: readonly JobDefinition[]): string {
  if (jobs.length === 0) return 'none';
  return jobs
    .map(
      (job) => `${job.name} (${describeCadence(job.cadence)}${job.exclusive ? ', exclusive' : ''})`,
    )
    .join(', ');
}

/** One job's state in the runner. */
interface JobSlot {
  readonly job: JobDefinition;
  readonly periodMs: number;
  lastPeriod: number;
  running: Promise<void> | null;
}

/**
 * Creates the registry. Jobs are declared on it, then {@link JobRegistry.start} runs them until
 * {@link JobRegistry.stop}. Each job runs on its own: a slow job does not hold up the others,
 * and a job never runs twice at the same time (a poll while it runs leaves it alone; the first
 * poll after it ends runs the period the clock is in then, if that is a new one).
 *
 * @example
 * const jobs = createJobRegistry({ clock, database, onError: (err, job) => log.error({ err, job: job.name }) });
 * jobs.declare({ name: 'coupons', cadence: 'minute', exclusive: true, run: (now) => advanceCoupons(db, now) });
 * jobs.start(); … await jobs.stop();
 */
export function createJobRegistry(options: JobRegistryOptions): JobRegistry {
  const { clock, database, onError } = options;
  const slots: JobSlot[] = [];
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopped = false;

  const runSlot = async (slot: JobSlot, nowMs: number): Promise<void> => {
    const { job } = slot;
    try {
      if (job.exclusive) {
        // The period's key: its first minute (for a minute job, today's `minuteKey(nowMs)`).
        const period = minuteKey(Math.floor(nowMs / slot.periodMs) * slot.periodMs);
        await runExclusive(database, job.name, period, nowMs, () => job.run(nowMs));
      } else {
        await job.run(nowMs);
      }
    } catch (error) {
      try {
        onError?.(error, job);
      } catch {
        // A failing error reporter must not stop the runner either.
      }
    }
  };

  const poll = () => {
    if (stopped) return;
    const nowMs = clock.now();
    for (const slot of slots) {
      if (slot.running !== null) continue;
      const period = Math.floor(nowMs / slot.periodMs);
      if (period === slot.lastPeriod) continue;
      slot.lastPeriod = period;
      slot.running = runSlot(slot, nowMs).finally(() => {
        slot.running = null;
      });
    }
  };

  return {
    declare(...jobs) {
      if (started) throw new Error('scheduled jobs: declared after the runner started');
      for (const job of jobs) {
        if (job.name === '' || slots.some((slot) => slot.job.name === job.name)) {
          throw new Error(`scheduled jobs: the name "${job.name}" is empty or taken`);
        }
        const minutes = job.cadence === 'minute' ? 1 : job.cadence.everyMinutes;
        if (!Number.isInteger(minutes) || minutes <= 0) {
          throw new Error(`scheduled jobs: "${job.name}" needs a whole number of minutes`);
        }
        slots.push({
          job,
          periodMs: cadenceMs(job.cadence),
          lastPeriod: Number.NaN,
          running: null,
        });
      }
    },
    list() {
      return slots.map((slot) => slot.job);
    },
    start() {
      if (started) throw new Error('scheduled jobs: the runner started already');
      started = true;
      if (stopped) return;
      timer = setInterval(poll, options.pollMs ?? 1000);
      timer.unref();
      poll();
    },
    async stop() {
      stopped = true;
      if (timer !== null) clearInterval(timer);
      timer = null;
      await Promise.all(slots.map((slot) => slot.running));
    },
  };
}
