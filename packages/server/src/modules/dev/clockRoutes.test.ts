import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock, createOffsetClock } from '../../clock';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase } from '../../testing/testDatabase';
import { MAX_CLOCK_ADVANCE_MS } from './clockRoutes';

describe('createOffsetClock', () => {
  it('should run ahead of its base by what it was moved, and never go back', () => {
    const base = createManualClock(1_000);
    const clock = createOffsetClock(base);
    clock.advance(500);
    base.advance(10);
    clock.advance(-400);
    clock.advance(Number.NaN);
    expect(clock.now()).toBe(1_510);
    expect(clock.offsetMs()).toBe(500);
  });
});

describe('POST /api/dev/clock', () => {
  async function appWith(env: 'development' | 'production') {
    const database = await openTestDatabase('pglite');
    const base = createManualClock(Date.UTC(2026, 10, 24, 12));
    const devClock = createOffsetClock(base);
    const app = await buildApp({
      config: { ...testConfig(), env },
      db: database,
      clock: devClock,
      devClock,
    });
    const close = async () => {
      await app.close();
      await database.close();
    };
    return { app, devClock, close };
  }

  it('should move the server clock a day ahead and report it', async () => {
    const { app, devClock, close } = await appWith('development');
    try {
      const moved = await app.inject({
        method: 'POST',
        url: '/api/dev/clock',
        payload: { advanceMs: 86_400_000 },
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().data).toEqual({ now: '2026-11-25T12:00:00.000Z', offsetMs: 86_400_000 });
      expect(devClock.now()).toBe(Date.UTC(2026, 10, 25, 12));
      const read = await app.inject({ method: 'GET', url: '/api/dev/clock' });
      expect(read.json().data.offsetMs).toBe(86_400_000);
    } finally {
      await close();
    }
  });

  it('should refuse a move that is not a positive whole number up to 31 days, naming advanceMs', async () => {
    const { app, devClock, close } = await appWith('development');
    try {
      for (const advanceMs of [0, -5, 1.5, '60000', MAX_CLOCK_ADVANCE_MS + 1]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/dev/clock',
          payload: { advanceMs },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().msg).toContain('advanceMs');
      }
      expect(devClock.offsetMs()).toBe(0);
    } finally {
      await close();
    }
  });

  it('should not exist in production', async () => {
    const { app, close } = await appWith('production');
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/dev/clock',
        payload: { advanceMs: 1000 },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await close();
    }
  });
});
