import { describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import { createMinuteScheduler } from './minuteScheduler';

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('createMinuteScheduler', () => {
  it('should run once at start and once per new minute of the clock', async () => {
    const clock = createManualClock(Date.UTC(2026, 0, 1, 0, 0, 10));
    const runs: number[] = [];
    const scheduler = createMinuteScheduler({
      clock,
      pollMs: 5,
      task: async (now) => {
        runs.push(now);
      },
    });
    try {
      await wait(30);
      expect(runs).toHaveLength(1);
      clock.advance(30_000);
      await wait(30);
      expect(runs).toHaveLength(1);
      clock.advance(60_000);
      await wait(30);
      expect(runs).toHaveLength(2);
      // A jump of an hour gives one run: the task catches up by itself.
      clock.advance(3_600_000);
      await wait(30);
      expect(runs).toHaveLength(3);
    } finally {
      await scheduler.stop();
    }
  });

  it('should not overlap runs, report errors and wait for the run in progress on stop', async () => {
    const clock = createManualClock();
    const errors: unknown[] = [];
    let active = 0;
    let maxActive = 0;
    let finished = 0;
    const scheduler = createMinuteScheduler({
      clock,
      pollMs: 2,
      onError: (error) => errors.push(error),
      task: async () => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        clock.advance(60_000);
        await wait(20);
        active -= 1;
        finished += 1;
        if (finished === 1) throw new Error('boom');
      },
    });
    await wait(50);
    await scheduler.stop();
    const stoppedAt = finished;
    await wait(30);
    expect(maxActive).toBe(1);
    expect(errors).toHaveLength(1);
    expect(finished).toBe(stoppedAt);
    expect(active).toBe(0);
  });
});
