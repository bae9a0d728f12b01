import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock, createOffsetClock } from '../../clock';
import type { Environment } from '../../config';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase } from '../../testing/testDatabase';
import { MAX_CLOCK_ADVANCE_MS } from './clockRoutes';
import { isLoopbackAddress } from './loopbackOnly';

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
  async function appWith(env: 'development' | 'production', variables: Environment = {}) {
    const database = await openTestDatabase('pglite');
    const base = createManualClock(Date.UTC(2026, 10, 24, 12));
    const devClock = createOffsetClock(base);
    const app = await buildApp({
      config: { ...testConfig(variables), env },
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
  it('should answer loopback clients only, with 403 for any other, on every development call', async () => {
    const { app, devClock, close } = await appWith('development');
    try {
      for (const remoteAddress of ['127.0.0.1', '127.20.30.40', '::1', '::ffff:127.0.0.1']) {
        const read = await app.inject({ method: 'GET', url: '/api/dev/clock', remoteAddress });
        expect(read.statusCode, remoteAddress).toBe(200);
      }
      for (const remoteAddress of ['10.0.0.7', '192.168.1.20', '::ffff:10.0.0.7', '2001:db8::1']) {
        for (const [method, url] of [
          ['GET', '/api/dev/clock'],
          ['POST', '/api/dev/clock'],
          ['GET', '/api/dev/outbox'],
          ['POST', '/api/dev/deposits'],
        ] as const) {
          const response = await app.inject({
            method,
            url,
            remoteAddress,
            ...(method === 'POST' ? { payload: { advanceMs: 86_400_000 } } : {}),
          });
          expect(response.statusCode, `${remoteAddress} ${method} ${url}`).toBe(403);
          expect(response.json()).toMatchObject({ code: 40300 });
        }
      }
      expect(devClock.offsetMs()).toBe(0);
      // The other calls answer every client as before.
      const health = await app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.0.0.7',
      });
      expect(health.statusCode).toBe(200);
    } finally {
      await close();
    }
  });

  it('should not take a forwarded address for the client, trusted proxy or not', async () => {
    for (const trustProxy of ['true', 'false']) {
      const { app, devClock, close } = await appWith('development', { TRUST_PROXY: trustProxy });
      try {
        const cases: [string, Record<string, string>, number][] = [
          // A remote client claiming to be local.
          ['10.0.0.7', { 'x-forwarded-for': '127.0.0.1' }, 403],
          ['10.0.0.7', { 'x-real-ip': '127.0.0.1' }, 403],
          ['10.0.0.7', { forwarded: 'for=127.0.0.1' }, 403],
          // A local reverse proxy passing a remote client on, forged first entry or not.
          ['127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }, 403],
          ['127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' }, 403],
          ['127.0.0.1', { 'x-real-ip': '203.0.113.9' }, 403],
          ['127.0.0.1', { forwarded: 'for=127.0.0.1, for="[2001:db8::1]:4711"' }, 403],
          ['127.0.0.1', { forwarded: 'for=unknown' }, 403],
          // A local proxy passing a local client on.
          ['127.0.0.1', { 'x-forwarded-for': '127.0.0.1, ::1' }, 200],
          ['::1', { forwarded: 'for="[::1]:5000";proto=http' }, 200],
        ];
        for (const [remoteAddress, headers, status] of cases) {
          const response = await app.inject({
            method: 'POST',
            url: '/api/dev/clock',
            remoteAddress,
            headers,
            payload: { advanceMs: 1 },
          });
          expect(
            response.statusCode,
            `${trustProxy} ${remoteAddress} ${JSON.stringify(headers)}`,
          ).toBe(status);
        }
        expect(devClock.offsetMs()).toBe(2);
      } finally {
        await close();
      }
    }
  });
});

describe('isLoopbackAddress', () => {
  it('should take 127.0.0.0/8, ::1 and their mapped forms, and nothing else', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
    ]) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of [
      undefined,
      '',
      'localhost',
      '10.0.0.1',
      '0.0.0.0',
      '::',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      '2002:7f00:1::',
      '64:ff9b::7f00:1',
      '128.0.0.1',
      '127.0.0.1.nip.io',
    ]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });
});
