import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database, DatabaseDriver } from '../../db/connect';
import { makeOperator } from '../../testing/operators';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase } from '../../testing/testDatabase';
import { callApi, registerByEmail } from '../identity/testHelpers';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** 2026-03-10 09:00 UTC: the tests' "now" until a test moves the clock. */
export const T0 = Date.UTC(2026, 2, 10, 9);

/**
 * The coupon tests' app on `driver` at {@link T0}: the operator staff001 and the users alice001,
 * bobby001, carl0001 and dave0001 (`tokens` by name), with helpers to issue a batch and read the
 * audit log. Call it inside a `describe`.
 */
export function couponsTestApp(driver: DatabaseDriver) {
  // Set by `beforeAll`: read them in tests, not before.
  const state = {} as { database: Database; app: FastifyInstance };
  const clock = createManualClock(T0);
  const tokens: Record<string, string> = {};

  async function register(username: string, ip: string): Promise<string> {
    const { token } = await registerByEmail(
      state.app,
      username,
      `${username}@example.com`,
      'Secret123',
      ip,
    );
    tokens[username] = token;
    return token;
  }

  async function issue(body: Record<string, unknown>, token = tokens.staff001) {
    return callApi(state.app, 'POST', '/admin/coupons/batches', { token, body });
  }

  async function auditEntries(): Promise<Record<string, unknown>[]> {
    return (
      await callApi(state.app, 'GET', '/admin/audit-log', {
        token: tokens.staff001,
        query: { page_size: '100' },
      })
    ).data.list;
  }

  beforeAll(async () => {
    state.database = await openTestDatabase(driver);
    state.app = await buildApp({ config: testConfig(), db: state.database, clock });
    await register('staff001', '10.8.0.1');
    await register('alice001', '10.8.0.2');
    await register('bobby001', '10.8.0.3');
    await register('carl0001', '10.8.0.4');
    await register('dave0001', '10.8.0.5');
    await makeOperator(state.database, 'staff001', T0);
  });

  afterAll(async () => {
    await state.app?.close();
    await state.database?.close();
  });

  return Object.assign(state, {
    clock,
    tokens,
    register,
    issue,
    auditEntries,
  });
}
