import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { createManualClock } from '../clock';
import type { Database } from '../db/connect';
import { testConfig } from '../testing/testApp';
import { openTestDatabase } from '../testing/testDatabase';
import { startJobs } from './appJobs';

describe("the app's scheduled jobs", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });

  afterAll(async () => {
    await database?.close();
  });

  it('should log one line listing the declared jobs when ready, run them, and wait for them on close', async () => {
    const lines: string[] = [];
    const clock = createManualClock(Date.UTC(2026, 10, 24, 9, 0, 30));
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runs: number[] = [];
    let finished = false;
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      db: database,
      clock,
      logDestination: { write: (line) => lines.push(line) },
      routes: (target) => {
        target.jobs.declare({
          name: 'probe',
          cadence: { everyMinutes: 5 },
          exclusive: false,
          run: async (nowMs) => {
            runs.push(nowMs);
            await released;
            finished = true;
          },
        });
      },
    });
    await app.ready();
    const listed = lines
      .map((line) => JSON.parse(line) as { msg: string; jobs?: unknown })
      .filter((entry) => entry.msg.startsWith('scheduled jobs: '));
    expect(listed).toHaveLength(1);
    const [entry] = listed;
    for (const job of ['deposits', 'withdrawals', 'coupons', 'contracts', 'programmes']) {
      expect(entry?.msg).toContain(`${job} (every minute, exclusive)`);
    }
    expect(entry?.msg).toContain('probe (every 5 minutes)');
    // Test mode: the tests drive these themselves on their manual clocks.
    expect(entry?.msg).not.toContain('alerts');
    expect(entry?.msg).not.toContain('cancellations');
    expect(entry?.jobs).toContainEqual({ name: 'probe', everyMinutes: 5, exclusive: false });

    await vi.waitFor(() => expect(runs).toEqual([clock.now()]), { timeout: 10_000 });
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    release();
    await closing;
    expect(finished).toBe(true);
  });

  it('should leave the jobs to startJobs when built with startJobsOnReady false', async () => {
    const lines: string[] = [];
    const runs: number[] = [];
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      db: database,
      clock: createManualClock(Date.UTC(2026, 10, 24, 9)),
      logDestination: { write: (line) => lines.push(line) },
      startJobsOnReady: false,
      routes: (target) => {
        target.jobs.declare({
          name: 'probe',
          cadence: 'minute',
          exclusive: false,
          run: async (nowMs) => {
            runs.push(nowMs);
          },
        });
      },
    });
    try {
      await app.ready();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(runs).toEqual([]);
      expect(lines.filter((line) => line.includes('scheduled jobs: '))).toEqual([]);
      // main.ts declares the engine's job after building the app, then starts them all.
      app.jobs.declare({ name: 'late', cadence: 'minute', exclusive: false, run: async () => {} });
      startJobs(app);
      await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 10_000 });
      expect(lines.filter((line) => line.includes('scheduled jobs: '))).toHaveLength(1);
      expect(() => startJobs(app)).toThrow('started already');
    } finally {
      await app.close();
    }
  });
});
