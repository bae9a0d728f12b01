/**
 * Scheduled work that runs once across API nodes. Every node's timer asks; PostgreSQL decides:
 * the run takes a transaction-scoped advisory lock on the job's name (a second node at the same
 * moment is refused at once, it does not queue) and claims its period in `job_runs` in the same
 * transaction (a node asking later in the period finds the claim). The work itself runs on
 * other connections of the pool while the lock's transaction stays open; when it throws, the
 * claim rolls back with the lock and the next tick of any node runs the period again.
 *
 * PGlite is one process's embedded database (its folder cannot be opened by a second node), so
 * there the work simply runs.
 */
import { hostname } from 'node:os';
import type { Database } from '../db/connect';

/** What {@link runExclusive} did. */
export type ExclusiveOutcome =
  /** This node ran the work. */
  | 'ran'
  /** Another node is running the job right now. */
  | 'busy'
  /** The period was run already (by any node). */
  | 'done';

/** This node's name in `job_runs`. */
const NODE = `${hostname()}:${process.pid}`;

/**
 * A stable 64-bit lock key of a job name in this database schema (PostgreSQL's
 * `hashtextextended`, on the server). Advisory locks belong to the whole database, and the
 * claims (`job_runs`) to the schema: the nodes of one deployment share both, while a deployment
 * (or a test file) in another schema of the same database neither holds up this one's jobs nor
 * makes them skip a period.
 */
const LOCK_SQL = `SELECT pg_try_advisory_xact_lock(
  hashtextextended('poolkit:job:' || current_schema() || ':' || $1, 0)) AS locked`;

/**
 * Runs `work` for `period` of `job` unless another node runs the job now or ran that period.
 *
 * @param period The run's period key, e.g. the minute `2026-11-24T09:05` or the day
 *   `2026-11-24`: one successful run per key.
 * @param nowMs When the run starts (the app clock), recorded with the claim.
 *
 * @example
 * await runExclusive(database, 'pool-engine', minuteKey(now), now, () => engine.pass(now));
 */
export async function runExclusive(
  database: Database,
  job: string,
  period: string,
  nowMs: number,
  work: () => Promise<void>,
): Promise<ExclusiveOutcome> {
  if (database.driver === 'pglite') {
    await work();
    return 'ran';
  }
  return database.transaction(async (session) => {
    const [lock] = await session.query<{ locked: boolean }>(LOCK_SQL, [job]);
    if (lock?.locked !== true) return 'busy';
    const claimed = await session.query<{ job: string }>(
      `INSERT INTO job_runs (job, period, node, started_at, finished_at)
       VALUES ($1, $2, $3, $4::timestamptz, $4::timestamptz)
       ON CONFLICT (job, period) DO NOTHING RETURNING job`,
      [job, period, NODE, new Date(nowMs).toISOString()],
    );
    if (claimed.length === 0) return 'done';
    await work();
    await session.query(
      'UPDATE job_runs SET finished_at = clock_timestamp() WHERE job = $1 AND period = $2',
      [job, period],
    );
    return 'ran';
  });
}

/** The minute of `nowMs` as a period key, e.g. `2026-11-24T09:05`. */
export function minuteKey(nowMs: number): string {
  return new Date(Math.floor(nowMs / 60_000) * 60_000).toISOString().slice(0, 16);
}

/** The UTC day of `nowMs` as a period key, e.g. `2026-11-24`. */
export function dayKey(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

/** Forgets claims older than `beforeMs` (the table would otherwise grow by a row a minute). */
export async function pruneJobRuns(database: Database, beforeMs: number): Promise<number> {
  if (database.driver === 'pglite') return 0;
  return database.transaction(async (session) => {
    const rows = await session.query<{ job: string }>(
      'DELETE FROM job_runs WHERE started_at < $1::timestamptz RETURNING job',
      [new Date(beforeMs).toISOString()],
    );
    return rows.length;
  });
}
