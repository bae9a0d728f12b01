import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { testDrivers } from '../../testing/testDatabase';
import { pruneIdentityData } from './cancellation';
import {
  type ApiAnswer,
  callApi,
  encrypted,
  loginByEmail,
  registerByEmail,
  solvedCaptcha,
  useTestApp,
} from './testHelpers';

const T0 = Date.UTC(2026, 5, 1, 8);

describe.each(testDrivers)('the per-account brake on password guessing on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(T0);
  let addresses = 0;

  /** A new client address for each attempt: the brake must hold whatever the address. */
  function nextAddress(): string {
    addresses += 1;
    return `10.77.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  }

  function login(email: string, password: string): Promise<ApiAnswer> {
    return loginByEmail(app, email, password, nextAddress());
  }

  async function wrongTimes(email: string, times: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let index = 0; index < times; index += 1) {
      statuses.push((await login(email, `Wrong${index}x99`)).status);
    }
    return statuses;
  }

  useTestApp(driver, clock, (opened) => ({ app, database } = opened));

  it('should refuse the right password after 5 wrong ones from 5 addresses until the wait has passed', async () => {
    await registerByEmail(app, 'brake001', 'brake001@example.com', 'Secret123', '10.76.0.1');
    expect(await wrongTimes('brake001@example.com', 5)).toEqual([401, 401, 401, 401, 401]);

    const held = await login('brake001@example.com', 'Secret123');
    expect(held.status).toBe(429);
    expect(held.code).toBe(42900);
    expect(held.headers['retry-after']).toBe('60');
    expect(held.msg).toBe('Too many failed sign-ins to this account: try again in 60 s');
    expect(held.fields).toEqual([{ field: 'email', message: held.msg }]);
    expect(held.data).toBeUndefined();

    clock.advance(59_000);
    const stillHeld = await login('brake001@example.com', 'Secret123');
    expect(stillHeld.status).toBe(429);
    expect(stillHeld.headers['retry-after']).toBe('1');

    clock.advance(1_000);
    const signedIn = await login('brake001@example.com', 'Secret123');
    expect(signedIn.status).toBe(200);
    expect(signedIn.data.status).toBe('ok');
  });

  it('should hold against 64 wrong passwords from 41 addresses, then the right one', async () => {
    await registerByEmail(app, 'brake002', 'brake002@example.com', 'Secret123', '10.76.0.2');
    const statuses: number[] = [];
    for (let index = 0; index < 64; index += 1) {
      const address = `10.78.0.${(index % 41) + 1}`;
      const answer = await loginByEmail(app, 'brake002@example.com', `Wrong${index}x99`, address);
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(59);
    const right = await loginByEmail(app, 'brake002@example.com', 'Secret123', '10.78.0.42');
    expect(right.status).toBe(429);
    expect(right.data).toBeUndefined();
  });

  it('should double the wait with each wrong password after it, and forget the streak 15 minutes later', async () => {
    await registerByEmail(app, 'brake003', 'brake003@example.com', 'Secret123', '10.76.0.3');
    await wrongTimes('brake003@example.com', 5);
    clock.advance(60_000);
    expect(await wrongTimes('brake003@example.com', 1)).toEqual([401]);
    expect((await login('brake003@example.com', 'Secret123')).headers['retry-after']).toBe('120');
    clock.advance(120_000);
    expect(await wrongTimes('brake003@example.com', 1)).toEqual([401]);
    const third = await login('brake003@example.com', 'Secret123');
    expect(third.headers['retry-after']).toBe('240');
    expect(third.msg).toBe('Too many failed sign-ins to this account: try again in 4 min');

    // 15 minutes after the wait ran out, the streak is forgotten: five free attempts again.
    clock.advance(240_000 + 15 * 60_000);
    expect(await wrongTimes('brake003@example.com', 5)).toEqual([401, 401, 401, 401, 401]);
    expect((await login('brake003@example.com', 'Secret123')).headers['retry-after']).toBe('60');
  });

  it('should brake an unknown account exactly like a known one, keeping the spec message', async () => {
    await registerByEmail(app, 'brake004', 'brake004@example.com', 'Secret123', '10.76.0.4');
    const unknown: ApiAnswer[] = [];
    for (let index = 0; index < 5; index += 1) {
      unknown.push(await login('nobody004@example.com', 'Secret123'));
    }
    expect(unknown.map((answer) => [answer.status, answer.msg])).toEqual(
      Array.from({ length: 5 }, () => [401, 'This account has not been registered.']),
    );
    await wrongTimes('brake004@example.com', 5);
    const heldUnknown = await login('nobody004@example.com', 'Secret123');
    const heldKnown = await login('brake004@example.com', 'Secret123');
    for (const held of [heldUnknown, heldKnown]) {
      expect(held.status).toBe(429);
      expect(held.headers['retry-after']).toBe('60');
    }
    expect({ ...heldUnknown, headers: undefined }).toEqual({ ...heldKnown, headers: undefined });
    // The same email in another case is the same account.
    expect((await login('NoBody004@Example.com', 'Secret123')).status).toBe(429);
  });

  it('should forget the streak when the right password signs in', async () => {
    await registerByEmail(app, 'brake005', 'brake005@example.com', 'Secret123', '10.76.0.5');
    for (let round = 0; round < 3; round += 1) {
      expect(await wrongTimes('brake005@example.com', 4)).toEqual([401, 401, 401, 401]);
      expect((await login('brake005@example.com', 'Secret123')).status).toBe(200);
    }
  });

  it('should check at most 5 passwords of 12 sent at once', async () => {
    await registerByEmail(app, 'brake006', 'brake006@example.com', 'Secret123', '10.76.0.6');
    const attempts = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        const address = nextAddress();
        return {
          query: await solvedCaptcha(app, address),
          body: {
            type: 'email',
            email: 'brake006@example.com',
            ...(await encrypted(app, `Wrong${index}x99`)),
          },
          ip: address,
        };
      }),
    );
    const answers = await Promise.all(
      attempts.map((options) => callApi(app, 'POST', '/v2/users/encrypt/login', options)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
  });

  it('should not count a refused captcha, and prune a forgotten streak', async () => {
    await registerByEmail(app, 'brake007', 'brake007@example.com', 'Secret123', '10.76.0.7');
    for (let index = 0; index < 6; index += 1) {
      const stale = await callApi(app, 'POST', '/v2/users/encrypt/login', {
        query: { lot_number: 'x', gen_time: '1', captcha_output: 'x', pass_token: 'x' },
        body: {
          type: 'email',
          email: 'brake007@example.com',
          ...(await encrypted(app, 'Wrong1x99')),
        },
        ip: nextAddress(),
      });
      expect(stale.status).toBe(400);
    }
    expect((await login('brake007@example.com', 'Secret123')).status).toBe(200);

    await wrongTimes('brake007@example.com', 2);
    // Kept under the SHA-256 of the typed email, not the email.
    const key = `login:${createHash('sha256').update('brake007@example.com').digest('hex')}`;
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`SELECT count(*)::int AS n FROM guess_brakes WHERE key = ${key}`,
        )
      )[0]?.n ?? 0;
    expect(await count()).toBe(1);
    clock.advance(15 * 60_000 - 1);
    await pruneIdentityData(database, clock.now());
    expect(await count()).toBe(1);
    clock.advance(1);
    await pruneIdentityData(database, clock.now());
    expect(await count()).toBe(0);
  });
});
