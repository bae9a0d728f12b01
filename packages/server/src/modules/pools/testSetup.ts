import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock, type ManualClock } from '../../clock';
import type { Database, DatabaseDriver } from '../../db/connect';
import { createIngest, type ShareRecord } from '../../engine/ingest';
import { runRollup } from '../../engine/rollup';
import { estimateToday, settleDay } from '../../engine/settlement';
import { queryRows } from '../../engine/sql';
import { stubAuthenticate, stubCalls } from '../../testing/stubApi';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase } from '../../testing/testDatabase';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const T0 = Date.UTC(2026, 0, 15, 12, 0);
export const ADDRESS = `kaspa:q${'z'.repeat(60)}`;
export const ALL_PERMISSIONS = ['pool.view', 'miner.view', 'account.view'];

/**
 * The pool routes tests' app on `driver`: users alice (accounts alice01, alice02) and bob with
 * mined, rolled and settled shares, a stub authentication (a bearer token is the user's name;
 * `observer` is alice's observer link of alice01) and helpers to call the API. Call it inside a
 * `describe`.
 */
export function poolRoutesTestApp(driver: DatabaseDriver) {
  // Set by `beforeAll`: read them in tests, not before.
  const state = {} as { database: Database; app: FastifyInstance; clock: ManualClock };
  const userIds = new Map<string, string>();

  const authenticate = stubAuthenticate({
    userIds,
    permissions: ALL_PERMISSIONS,
    observer: { user: 'alice', account: 'alice01' },
  });

  const { call, data } = stubCalls(() => state.app);

  beforeAll(async () => {
    state.database = await openTestDatabase(driver);
    state.clock = createManualClock(T0);
    state.app = await buildApp({
      config: testConfig(),
      db: state.database,
      clock: state.clock,
      authenticate,
    });
    for (const [user, accounts] of [
      ['alice', ['alice01', 'alice02']],
      ['bob', ['bob00001']],
    ] as const) {
      const rows = await queryRows<{ id: unknown }>(
        state.database.db,
        sql`INSERT INTO users (username, password_hash) VALUES (${user}, 'x') RETURNING id`,
      );
      const id = String(rows[0]?.id);
      userIds.set(user, id);
      for (const account of accounts) {
        await state.database.db.execute(
          sql`INSERT INTO mining_accounts (user_id, name) VALUES (${id}::bigint, ${account})`,
        );
      }
    }
    const ingest = createIngest(state.database);
    const shares: ShareRecord[] = [];
    // 25 workers of alice01 on btc: w01..w25, difficulty growing with the number; w21-w25 went
    // quiet 30 minutes ago (inactive), w25 also has a day-old share only (dead).
    for (let index = 1; index <= 25; index += 1) {
      const worker = `w${String(index).padStart(2, '0')}`;
      const quietSince = index > 20 ? 30 * MINUTE : 0;
      for (let minute = 1; minute <= 60; minute += 1) {
        const at = T0 - minute * MINUTE;
        if (index === 25) continue;
        if (minute * MINUTE < quietSince) continue;
        shares.push({
          account: 'alice01',
          coin: 'btc',
          worker,
          difficulty: index * 10,
          accepted: true,
          at,
          ip: `10.0.0.${index}`,
        });
      }
      if (index % 5 === 0) {
        shares.push({
          account: 'alice01',
          coin: 'btc',
          worker,
          difficulty: 20,
          accepted: false,
          at: T0 - 40 * MINUTE,
        });
      }
    }
    shares.push({
      account: 'alice01',
      coin: 'btc',
      worker: 'w25',
      difficulty: 10,
      accepted: true,
      at: T0 - 2 * DAY,
    });
    // Yesterday's shares, for the settled profit rows.
    for (let hour = 0; hour < 24; hour += 1) {
      const at = T0 - DAY - 12 * HOUR + hour * HOUR + MINUTE;
      shares.push({
        account: 'alice01',
        coin: 'btc',
        worker: 'w01',
        difficulty: 1e6,
        accepted: true,
        at,
      });
      shares.push({
        address: ADDRESS,
        coin: 'kas',
        worker: 'k1',
        difficulty: 1e3,
        accepted: true,
        at,
        ip: '192.168.1.5',
      });
    }
    shares.push({
      address: ADDRESS,
      coin: 'kas',
      worker: 'k1',
      difficulty: 1e3,
      accepted: true,
      at: T0 - 5 * MINUTE,
      ip: '192.168.1.5',
    });
    shares.push({
      address: ADDRESS,
      coin: 'kas',
      worker: 'k2',
      difficulty: 1e3,
      accepted: true,
      at: T0 - 5 * MINUTE,
      ip: '192.168.1.6',
    });
    shares.push({
      account: 'bob00001',
      coin: 'btc',
      worker: 'bobrig',
      difficulty: 5,
      accepted: true,
      at: T0 - MINUTE,
    });
    const result = await ingest.recordShares(shares);
    expect(result.refused).toEqual([]);
    await ingest.recordNetwork([
      { coin: 'btc', height: 930_000, difficulty: 1e11, at: T0 - DAY - 12 * HOUR },
      { coin: 'kas', height: 120_000_000, difficulty: 1e6, at: T0 - DAY - 12 * HOUR },
      { coin: 'btc', height: 930_200, difficulty: 1e11, at: T0 },
    ]);
    await ingest.recordBlock([
      {
        coin: 'btc',
        height: 930_100,
        hash: 'a'.repeat(64),
        reward: '3.2',
        finder: 'alice01',
        at: T0 - DAY,
        effort: 0.8,
      },
      {
        coin: 'btc',
        height: 930_199,
        hash: 'b'.repeat(64),
        reward: '3.15',
        finder: 'alice01',
        at: T0 - HOUR,
        effort: 1.2,
        solo: true,
      },
      {
        coin: 'kas',
        height: 119_999_000,
        hash: 'c'.repeat(64),
        reward: '2.9',
        finder: ADDRESS,
        at: T0 - 2 * HOUR,
        effort: 1,
      },
    ]);
    await runRollup(state.database, T0);
    const yesterday = new Date(T0 - DAY).toISOString().slice(0, 10);
    await settleDay(state.database, 'btc', yesterday, T0);
    await settleDay(state.database, 'kas', yesterday, T0);
    await estimateToday(state.database, 'btc', T0);
  });

  afterAll(async () => {
    await state.app?.close();
    await state.database?.close();
  });

  return Object.assign(state, {
    userIds,
    authenticate,
    call,
    data,
  });
}
