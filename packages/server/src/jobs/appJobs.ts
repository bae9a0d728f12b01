import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/connect';
import { cadenceMs, createJobRegistry, describeJobs, type JobRegistry } from './registry';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's scheduled jobs ({@link JobRegistry}): modules declare theirs on it while the
     * app is built; it runs them from the app's ready (or, in `main.ts`, from the moment the
     * server listens) until its close.
     */
    jobs: JobRegistry;
  }
}

/**
 * Puts the app's job registry on `app.jobs`, before the modules register (they declare their
 * jobs on it). A failed run is logged with the job's name and the runner goes on.
 */
export function decorateJobs(app: FastifyInstance, clock: Clock, database: Database): JobRegistry {
  const jobs = createJobRegistry({
    clock,
    database,
    onError: (error, job) => app.log.error({ err: error, job: job.name }, 'scheduled job failed'),
  });
  app.decorate('jobs', jobs);
  return jobs;
}

/**
 * Starts the app's job runner, with one log line that lists the jobs. Throws when started
 * already.
 */
export function startJobs(app: FastifyInstance): void {
  const jobs = app.jobs.list();
  app.log.info(
    {
      jobs: jobs.map((job) => ({
        name: job.name,
        everyMinutes: cadenceMs(job.cadence) / 60_000,
        exclusive: job.exclusive,
      })),
    },
    `scheduled jobs: ${describeJobs(jobs)}`,
  );
  app.jobs.start();
}

/**
 * Stops the app's job runner when the app closes, waiting for the runs in progress, and (with
 * `startOnReady`) starts it when the app is ready. Called after every module has registered:
 * Fastify runs `onReady` hooks in order, so the modules' own (demo seeds, the first price turn)
 * finish before their jobs' first runs, as when each module started its own timer.
 */
export function runJobsWithApp(app: FastifyInstance, startOnReady: boolean): void {
  if (startOnReady) {
    app.addHook('onReady', async () => {
      startJobs(app);
    });
  }
  app.addHook('onClose', async () => {
    await app.jobs.stop();
  });
}
