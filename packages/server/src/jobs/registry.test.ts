import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../clock';
import type { Database } from '../db/connect';
import { openTestDatabase } from '../testing/testDatabase';
import { twoNodeDatabases } from '../testing/twoNodeDatabases';
import { minuteKey } from './exclusive';
import { createJobRegistry, describeJobs, type JobDefinition } from './registry';

const databaseUrl = process.env.DATABASE_URL ?? '';

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits until `check` passes (the runner polls on a wall timer of a busy machine). */
function until(check: () => void): Promise<void> {
  return vi.waitFor(check, { timeout: 10_000, interval: 5 });
}

/** A promise and the function that settles it. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('createJobRegistry', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });

  afterAll(async () => {
    await database?.close();
  });

  it('should run a minute job once at start and once per new minute of the clock', async () => {
    const clock = createManualClock(Date.UTC(2026, 0, 1, 0, 0, 10));
    const runs: number[] = [];
    const jobs = createJobRegistry({ clock, database, pollMs: 5 });
    jobs.declare({
      name: 'tick',
      cadence: 'minute',
      exclusive: false,
      run: async (nowMs) => {
        runs.push(nowMs);
      },
    });
    jobs.start();
    try {
      await until(() => expect(runs).toHaveLength(1));
      clock.advance(30_000);
      await wait(40);
      expect(runs).toHaveLength(1);
      clock.advance(60_000);
      await until(() => expect(runs).toHaveLength(2));
      // A jump of an hour gives one run: the job catches up by itself.
      clock.advance(3_600_000);
      await until(() => expect(runs).toHaveLength(3));
      await wait(40);
      expect(runs).toEqual([
        Date.UTC(2026, 0, 1, 0, 0, 10),
        Date.UTC(2026, 0, 1, 0, 1, 40),
        Date.UTC(2026, 0, 1, 1, 1, 40),
      ]);
    } finally {
      await jobs.stop();
    }
  });

  it('should run a job of N minutes once per period of N minutes of the clock', async () => {
    const clock = createManualClock(Date.UTC(2026, 0, 1, 0, 3));
    const runs: string[] = [];
    const jobs = createJobRegistry({ clock, database, pollMs: 5 });
    jobs.declare({
      name: 'ten',
      cadence: { everyMinutes: 10 },
      exclusive: false,
      run: async (nowMs) => {
        runs.push(minuteKey(nowMs));
      },
    });
    jobs.start();
    try {
      await until(() => expect(runs).toHaveLength(1));
      // 00:03 → 00:09: the same period.
      for (let minute = 4; minute <= 9; minute += 1) {
        clock.advance(60_000);
        await wait(10);
      }
      expect(runs).toHaveLength(1);
      clock.advance(60_000);
      await until(() => expect(runs).toHaveLength(2));
      clock.advance(25 * 60_000);
      await until(() => expect(runs).toHaveLength(3));
      expect(runs).toEqual(['2026-01-01T00:03', '2026-01-01T00:10', '2026-01-01T00:35']);
    } finally {
      await jobs.stop();
    }
  });

  it('should report an error of one job and go on with the others and its next period', async () => {
    const clock = createManualClock(Date.UTC(2026, 0, 1));
    const errors: string[] = [];
    let failing = 0;
    let healthy = 0;
    const jobs = createJobRegistry({
      clock,
      database,
      pollMs: 5,
      onError: (error, job) => errors.push(`${job.name}: ${(error as Error).message}`),
    });
    jobs.declare(
      {
        name: 'failing',
        cadence: 'minute',
        exclusive: false,
        run: async () => {
          failing += 1;
          throw new Error(`boom ${failing}`);
        },
      },
      {
        name: 'healthy',
        cadence: 'minute',
        exclusive: false,
        run: async () => {
          healthy += 1;
        },
      },
    );
    jobs.start();
    try {
      await until(() => expect([failing, healthy]).toEqual([1, 1]));
      clock.advance(60_000);
      await until(() => expect([failing, healthy]).toEqual([2, 2]));
      expect(errors).toEqual(['failing: boom 1', 'failing: boom 2']);
    } finally {
      await jobs.stop();
    }
  });

  it('should never run a job twice at once, and stop should wait for the runs in progress', async () => {
    const clock = createManualClock();
    const release = gate();
    let active = 0;
    let maxActive = 0;
    let started = 0;
    let finished = 0;
    const jobs = createJobRegistry({ clock, database, pollMs: 2 });
    jobs.declare({
      name: 'slow',
      cadence: 'minute',
      exclusive: false,
      run: async () => {
        active += 1;
        started += 1;
        maxActive = Math.max(maxActive, active);
        await release.opened;
        active -= 1;
        finished += 1;
      },
    });
    jobs.start();
    await until(() => expect(started).toBe(1));
    // New minutes come while the run is in progress: none starts beside it.
    clock.advance(60_000);
    await wait(20);
    clock.advance(60_000);
    await wait(20);
    expect(started).toBe(1);

    let stopped = false;
    const stopping = jobs.stop().then(() => {
      stopped = true;
    });
    await wait(20);
    expect(stopped).toBe(false);
    release.open();
    await stopping;
    expect(finished).toBe(1);
    // Stopped: the clock moves on, nothing runs.
    clock.advance(60_000);
    await wait(30);
    expect([started, maxActive, active]).toEqual([1, 1, 0]);
    await jobs.stop();
  });

  it('should refuse a taken name, a cadence of no whole minutes and a declaration after start', async () => {
    const clock = createManualClock();
    const jobs = createJobRegistry({ clock, database, pollMs: 1000 });
    const job: JobDefinition = {
      name: 'once',
      cadence: 'minute',
      exclusive: false,
      run: async () => {},
    };
    jobs.declare(job);
    expect(() => jobs.declare({ ...job })).toThrow('"once"');
    expect(() => jobs.declare({ ...job, name: 'half', cadence: { everyMinutes: 0.5 } })).toThrow(
      '"half"',
    );
    expect(() => jobs.declare({ ...job, name: '' })).toThrow('empty or taken');
    jobs.start();
    expect(() => jobs.declare({ ...job, name: 'late' })).toThrow('after the runner started');
    expect(() => jobs.start()).toThrow('started already');
    await jobs.stop();
    expect(jobs.list().map((declared) => declared.name)).toEqual(['once']);
  });

  it('should list the jobs on one line with their cadence', () => {
    const run = async () => {};
    expect(
      describeJobs([
        { name: 'pool-engine', cadence: 'minute', exclusive: true, run },
        { name: 'cancellations', cadence: { everyMinutes: 10 }, exclusive: false, run },
      ]),
    ).toBe('pool-engine (every minute, exclusive), cancellations (every 10 minutes)');
    expect(describeJobs([])).toBe('none');
  });
});

describe.skipIf(databaseUrl === '')('exclusive jobs across two nodes on PostgreSQL', () => {
  const nodes = twoNodeDatabases(databaseUrl);

  it('should run each minute once when two runners declare the same job', async () => {
    const clock = createManualClock(Date.UTC(2026, 10, 24, 10, 0, 5));
    const seen: string[] = [];
    const runners = [nodes.first, nodes.second].map((database, node) => {
      const jobs = createJobRegistry({ clock, database, pollMs: 2 });
      jobs.declare({
        name: 'engine',
        cadence: 'minute',
        exclusive: true,
        run: async (nowMs) => {
          seen.push(`${minuteKey(nowMs)} node ${node}`);
          await wait(5);
        },
      });
      jobs.start();
      return jobs;
    });
    // Each minute is moved on once a node has run the last one (a fixed sleep lost minutes on
    // a busy machine); the wait at the end leaves room for a second run that must not come.
    const ran = (minute: string) =>
      until(() => expect(seen.map((line) => line.slice(0, 16))).toContain(minute));
    try {
      await ran(minuteKey(clock.now()));
      for (let minute = 0; minute < 5; minute += 1) {
        clock.advance(60_000);
        await ran(minuteKey(clock.now()));
      }
      await wait(60);
    } finally {
      for (const runner of runners) await runner.stop();
    }
    expect(seen.map((line) => line.slice(0, 16))).toEqual([
      '2026-11-24T10:00',
      '2026-11-24T10:01',
      '2026-11-24T10:02',
      '2026-11-24T10:03',
      '2026-11-24T10:04',
      '2026-11-24T10:05',
    ]);
  });

  it('should claim a job of N minutes under the first minute of its period', async () => {
    const clock = createManualClock(Date.UTC(2026, 10, 24, 11, 3));
    let runs = 0;
    const runners = [nodes.first, nodes.second].map((database) => {
      const jobs = createJobRegistry({ clock, database, pollMs: 2 });
      jobs.declare({
        name: 'every-ten',
        cadence: { everyMinutes: 10 },
        exclusive: true,
        run: async () => {
          runs += 1;
        },
      });
      jobs.start();
      return jobs;
    });
    const claims = async () =>
      (
        await nodes.first.transaction((session) =>
          session.query<{ period: string }>(
            'SELECT period FROM job_runs WHERE job = $1 ORDER BY period',
            ['every-ten'],
          ),
        )
      ).map((row) => row.period);
    try {
      await vi.waitFor(async () => expect(await claims()).toHaveLength(1), { timeout: 10_000 });
      clock.advance(9 * 60_000);
      await vi.waitFor(async () => expect(await claims()).toHaveLength(2), { timeout: 10_000 });
      await wait(60);
    } finally {
      for (const runner of runners) await runner.stop();
    }
    expect(await claims()).toEqual(['2026-11-24T11:00', '2026-11-24T11:10']);
    expect(runs).toBe(2);
  });
});
