import type { Clock } from '../clock';
import type { Database } from '../db/connect';
import { pruneJobRuns } from '../jobs/exclusive';
import type { JobDefinition } from '../jobs/registry';
import { inLedgerTransaction } from '../modules/wallet/ledger';
import { creditMiningIncome } from '../modules/wallet/miningIncome';
import { createIngest, type Ingest } from './ingest';
import { maintainPartitions } from './partitions';
import { POOLS } from './poolCatalog';
import { runRollup, vacuumEngineTables } from './rollup';
import { estimateToday, settleClosedDays, utcDay } from './settlement';
import { createSimulator, type Simulator } from './simulator';

/** Where the engine reports what it does. */
export interface EngineLog {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** Options of {@link createPoolEngine}. */
export interface PoolEngineOptions {
  readonly database: Database;
  readonly clock: Clock;
  /** Run the demo simulator (config `DEMO`). */
  readonly demo: boolean;
  /** Seed of the simulator. Default `DEFAULT_SIMULATOR_SEED`. */
  readonly seed?: number;
  /** Days the simulator back-fills on a fresh database. Default 7. */
  readonly backfillDays?: number;
  /**
   * Where the simulator sends its data. Default the engine's own seam; with `NATS_URL` the share
   * stream's publishing ingest (`ShareStream.demoIngest`), as a stratum server would.
   */
  readonly simulatorIngest?: Ingest;
  readonly log?: EngineLog;
  /**
   * Called after each roll-up (the API node's hot-read cache reads the new tick at once rather
   * than at its next poll).
   */
  readonly afterRollup?: () => Promise<void>;
}

/** The pool data engine: ingest seam, demo simulator, minute rollups and daily settlement. */
export interface PoolEngine {
  /** The seam stratum servers call. */
  readonly ingest: Ingest;
  /**
   * One pass at the clock's current time: simulate (demo), roll up, estimate today's income
   * (every 10 minutes), settle closed days and credit their income to the ledger (once a
   * day). Tests call it after moving the clock.
   */
  runOnce(): Promise<void>;
  /**
   * The engine's scheduled job, for the app's job registry: {@link PoolEngine.runOnce} at every
   * new minute of the clock, once across the nodes on the database (`pool-engine`).
   */
  readonly job: JobDefinition;
  /**
   * Ends the engine's scheduled passes: the simulator leaves a pass in progress early, later
   * runs of the job do nothing. Resolves when the pass in progress has ended.
   */
  stop(): Promise<void>;
}

/** How long the claims of scheduled runs are kept (`job_runs`). */
const JOB_RUN_RETENTION_MS = 7 * 24 * 3_600_000;

/**
 * Creates the pool data engine.
 *
 * @example
 * const engine = createPoolEngine({ database, clock: systemClock, demo: config.demo });
 * app.jobs.declare(engine.job); … await engine.stop();
 */
export function createPoolEngine(options: PoolEngineOptions): PoolEngine {
  const { database, clock, log } = options;
  const ingest = createIngest(database, { clock });
  let stopping = false;
  const simulator: Simulator | null = options.demo
    ? createSimulator({
        database,
        ingest: options.simulatorIngest ?? ingest,
        clock,
        shouldStop: () => stopping,
        ...(options.seed === undefined ? {} : { seed: options.seed }),
        ...(options.backfillDays === undefined ? {} : { backfillDays: options.backfillDays }),
      })
    : null;
  let lastEstimate = Number.NEGATIVE_INFINITY;
  let lastVacuum = Number.NEGATIVE_INFINITY;
  let lastSettlementDay = '';
  let scheduledPass: Promise<void> | null = null;

  async function runOnce(): Promise<void> {
    const started = Date.now();
    const steps = simulator === null ? 0 : await simulator.advance();
    if (stopping) return;
    const now = clock.now();
    await runRollup(database, now);
    await options
      .afterRollup?.()
      .catch((error: unknown) =>
        log?.error({ err: error }, 'pool engine: after-rollup hook failed'),
      );
    if (now - lastEstimate >= 10 * 60_000) {
      lastEstimate = now;
      for (const pool of POOLS.keys()) await estimateToday(database, pool, now);
    }
    const today = utcDay(now);
    if (today !== lastSettlementDay) {
      lastSettlementDay = today;
      const settled = await settleClosedDays(database, now);
      if (settled > 0) log?.info({ settled }, 'pool engine: days settled');
      // Each settlement credits its own day; this catches up days settled before the ledger
      // existed (or by a release without it). The credits' references make it run once.
      const credited = await inLedgerTransaction(database, (tx) => creditMiningIncome(tx, {}, now));
      if (credited > 0) log?.info({ credited }, 'pool engine: earlier income credited');
    }
    if (now - lastVacuum >= 60 * 60_000) {
      lastVacuum = now;
      const partitions = await maintainPartitions(database, now);
      if (partitions.created.length + partitions.dropped.length > 0) {
        log?.info({ ...partitions }, 'pool engine: series partitions kept');
      }
      if (database.driver === 'pglite') await vacuumEngineTables(database);
      await pruneJobRuns(database, now - JOB_RUN_RETENTION_MS);
    }
    if (steps > 60) {
      log?.info({ steps, ms: Date.now() - started }, 'pool engine: simulated history written');
    }
  }

  return {
    ingest,
    runOnce,
    job: {
      name: 'pool-engine',
      cadence: 'minute',
      // Several API nodes on one database: one of them runs each minute's pass.
      exclusive: true,
      run: async () => {
        if (stopping) return;
        scheduledPass = runOnce();
        try {
          await scheduledPass;
        } finally {
          scheduledPass = null;
        }
      },
    },
    async stop() {
      stopping = true;
      // Its failure is the job's, reported by the registry.
      await scheduledPass?.catch(() => {});
    },
  };
}
