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
const T0 = Date.UTC(2026, 2, 12, 9);

describe.each(testDrivers)('the per-user brake on coupon code guessing on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(T0);
  const tokens: Record<string, string> = {};
  let addresses = 0;

  /** Redeems `code` as `user` from a new client address each time. */
  function redeem(user: string, code: string) {
    addresses += 1;
    return callApi(app, 'POST', '/coupons/redeem', {
      token: tokens[user],
      body: { code },
      ip: `10.91.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`,
    });
  }

  async function wrongCodes(user: string, times: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let index = 0; index < times; index += 1) {
      statuses.push((await redeem(user, `ZZZZ-ZZZZ-ZZ${String(index).padStart(2, '2')}`)).status);
    }
    return statuses;
  }

  async function issueCodes(count: number): Promise<string[]> {
    const answer = await callApi(app, 'POST', '/admin/coupons/batches', {
      token: tokens.staff091,
      body: {
        fee_reduction_percent: '10',
        coin: 'btc',
        validity_days: 2,
        use_before: new Date(clock.now() + 5 * DAY).toISOString(),
        count,
        note: 'brake test',
      },
    });
    expect(answer.status).toBe(200);
    return answer.data.codes;
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({ config: testConfig(), db: database, clock });
    for (const [index, name] of ['staff091', 'alice091', 'bobby091', 'carol091'].entries()) {
      tokens[name] = (
        await registerByEmail(app, name, `${name}@example.com`, 'Secret123', `10.90.0.${index + 1}`)
      ).token;
    }
    await makeOperator(database, 'staff091', T0);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should answer 429 after 5 unknown codes, refuse a right one until the wait has passed, and spare other users', async () => {
    const [code] = await issueCodes(1);
    if (code === undefined) throw new Error('no code');
    expect(await wrongCodes('alice091', 5)).toEqual([404, 404, 404, 404, 404]);

    const held = await redeem('alice091', code);
    expect(held.status).toBe(429);
    expect(held.code).toBe(42900);
    expect(held.headers['retry-after']).toBe('60');
    expect(held.fields).toEqual([
      { field: 'code', message: 'Too many wrong coupon codes: try again in 60 s' },
    ]);
    const [unredeemed] = await queryRows<{ user_id: string | null }>(
      database.db,
      sql`SELECT user_id::text AS user_id FROM coupons WHERE code = ${code}`,
    );
    expect(unredeemed?.user_id).toBeNull();
    // Another user's tries are their own.
    expect(await wrongCodes('bobby091', 1)).toEqual([404]);

    clock.advance(60_000);
    expect((await redeem('alice091', code)).status).toBe(200);
  });

  it('should double the wait for each unknown code past the free ones', async () => {
    expect(await wrongCodes('bobby091', 4)).toEqual([404, 404, 404, 404]);
    expect((await redeem('bobby091', 'ZZZZ-ZZZZ-ZZZZ')).headers['retry-after']).toBe('60');
    clock.advance(60_000);
    expect(await wrongCodes('bobby091', 1)).toEqual([404]);
    const held = await redeem('bobby091', 'ZZZZ-ZZZZ-ZZZZ');
    expect([held.status, held.headers['retry-after']]).toEqual([429, '120']);
  });

  it('should not count a code that exists but was redeemed already', async () => {
    const [code] = await issueCodes(1);
    if (code === undefined) throw new Error('no code');
    expect((await redeem('alice091', code)).status).toBe(200);
    expect(await wrongCodes('carol091', 4)).toEqual([404, 404, 404, 404]);
    for (let index = 0; index < 3; index += 1) {
      expect((await redeem('carol091', code)).status).toBe(409);
    }
    expect(await wrongCodes('carol091', 1)).toEqual([404]);
    expect((await redeem('carol091', code)).status).toBe(429);
  });
});
