import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { makeOperator } from '../../testing/operators';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { callApi, registerByEmail } from '../identity/testHelpers';

const DAY = 24 * 3_600_000;
const T0 = Date.UTC(2026, 4, 12, 6);

describe.each(testDrivers)('the per-user brake on red-packet code guessing on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(T0);
  const tokens: Record<string, string> = {};
  let addresses = 0;

  /** Claims the packet of `code` as `user` (with its own email), from a new address each time. */
  function receive(user: string, code: string, email = `${user}@example.com`) {
    addresses += 1;
    return callApi(app, 'POST', `/red-packets/${code}/receive`, {
      token: tokens[user],
      body: { email },
      ip: `10.93.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`,
    });
  }

  async function wrongCodes(user: string, times: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let index = 0; index < times; index += 1) {
      statuses.push((await receive(user, `nosuchpacket${index}`)).status);
    }
    return statuses;
  }

  async function campaignCode(count = 3): Promise<string> {
    const created = await callApi(app, 'POST', '/admin/red-packets', {
      token: tokens.staff092,
      body: {
        name: 'Brake test',
        coin: 'btc',
        hashrate: 1e12,
        duration_days: 2,
        count,
        activation_deadline: new Date(clock.now() + 3 * DAY).toISOString(),
      },
    });
    expect(created.status).toBe(200);
    return created.data.packet_id;
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({ config: testConfig(), db: database, clock });
    for (const [index, name] of ['staff092', 'alice092', 'bobby092', 'carol092'].entries()) {
      tokens[name] = (
        await registerByEmail(app, name, `${name}@example.com`, 'Secret123', `10.92.0.${index + 1}`)
      ).token;
    }
    await makeOperator(database, 'staff092', T0);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should answer 429 after 5 unknown codes, refuse a right one until the wait has passed, and spare other users', async () => {
    const code = await campaignCode();
    expect(await wrongCodes('alice092', 5)).toEqual([404, 404, 404, 404, 404]);

    const held = await receive('alice092', code);
    expect(held.status).toBe(429);
    expect(held.code).toBe(42900);
    expect(held.headers['retry-after']).toBe('60');
    expect(held.fields).toEqual([
      { field: 'packet_id', message: 'Too many wrong red-packet codes: try again in 60 s' },
    ]);
    const [received] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM red_packets WHERE user_id IS NOT NULL`,
    );
    expect(received?.n).toBe(0);
    expect((await receive('bobby092', code)).status).toBe(200);

    clock.advance(59_000);
    expect((await receive('alice092', code)).headers['retry-after']).toBe('1');
    clock.advance(1_000);
    expect((await receive('alice092', code)).status).toBe(200);
  });

  it('should double the wait for each unknown code past the free ones', async () => {
    expect(await wrongCodes('carol092', 5)).toEqual([404, 404, 404, 404, 404]);
    clock.advance(60_000);
    expect(await wrongCodes('carol092', 1)).toEqual([404]);
    const held = await receive('carol092', 'nosuchpacket');
    expect([held.status, held.headers['retry-after']]).toEqual([429, '120']);
  });

  it('should not count refusals of a code that exists: a wrong email, a packet already received', async () => {
    const code = await campaignCode();
    expect((await receive('bobby092', code)).status).toBe(200);
    expect(await wrongCodes('bobby092', 4)).toEqual([404, 404, 404, 404]);
    for (let index = 0; index < 3; index += 1) {
      expect((await receive('bobby092', code)).status).toBe(409);
      expect((await receive('bobby092', code, 'someone@example.com')).status).toBe(400);
    }
    expect(await wrongCodes('bobby092', 1)).toEqual([404]);
    expect((await receive('bobby092', code)).status).toBe(429);
  });

  it('should let one address view 60 packets a minute without signing in, then answer 429', async () => {
    const code = await campaignCode();
    const ip = '10.94.0.1';
    const view = (packet: string, from = ip) =>
      callApi(app, 'GET', `/red-packets/${packet}`, { ip: from });
    // Start at the beginning of a minute so all the views fall in one window.
    clock.advance(60_000 - (clock.now() % 60_000));
    const statuses: number[] = [];
    for (let index = 0; index < 59; index += 1) {
      statuses.push((await view(`nosuchview${index}`)).status);
    }
    expect(statuses.every((status) => status === 404)).toBe(true);
    expect((await view(code)).status).toBe(200);
    // The 61st: refused, a code that exists included, whatever it is.
    const over = await view(code);
    expect(over.status).toBe(429);
    expect(over.code).toBe(42900);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.data).toBeUndefined();
    // Another address is not held back, and the next minute starts a new count.
    expect((await view(code, '10.94.0.2')).status).toBe(200);
    clock.advance(60_000);
    expect((await view(code)).status).toBe(200);
  });
});
