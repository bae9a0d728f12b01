import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { creditTestIncome } from '../../testing/testIncome';
import { grantOperator } from '../admin/operators';
import { callApi, registerByEmail } from '../identity/testHelpers';

describe.each(testDrivers)('the reconciliation view on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(Date.UTC(2026, 3, 1, 8));
  let miner = '';
  let operator = '';

  async function idOf(table: 'users' | 'mining_accounts', name: string): Promise<string> {
    const rows = await queryRows<{ id: string }>(
      database.db,
      table === 'users'
        ? sql`SELECT id::text AS id FROM users WHERE username = ${name}`
        : sql`SELECT id::text AS id FROM mining_accounts WHERE name = ${name}`,
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error(`no ${table} ${name}`);
    return id;
  }

  async function income(account: string, coin: string, amount: string, day: string) {
    await creditTestIncome(database, account, coin, amount, clock.now(), day);
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({ config: testConfig(), db: database, clock });
    miner = (
      await registerByEmail(app, 'recon001', 'recon001@example.com', 'Secret123', '10.8.0.1')
    ).token;
    operator = (
      await registerByEmail(app, 'recon002', 'recon002@example.com', 'Secret123', '10.8.0.2')
    ).token;
    await grantOperator(database.db, await idOf('users', 'recon002'), null, clock.now());
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should refuse the view to a user who is not an operator, and to a visitor', async () => {
    expect((await callApi(app, 'GET', '/admin/reconciliation', { token: miner })).status).toBe(403);
    expect((await callApi(app, 'GET', '/admin/reconciliation')).status).toBe(401);
  });

  it("should set each coin's user balances against the pool's books and the entries", async () => {
    await income('recon001', 'btc', '0.5', '2026-03-30');
    await income('recon001', 'btc', '0.25', '2026-03-31');
    await income('recon001', 'ltc', '3', '2026-03-31');
    const view = await callApi(app, 'GET', '/admin/reconciliation', { token: operator });
    expect(view.status).toBe(200);
    expect(view.data).toMatchObject({
      ok: true,
      checked_at: '2026-04-01T08:00:00Z',
      unbalanced_records: [],
      overdrawn_balances: [],
      entries: 6,
    });
    expect(view.data.coins).toEqual([
      {
        coin: 'btc',
        users_available: '0.75',
        users_frozen: '0',
        users_total: '0.75',
        pool_assets: '0.75',
        ledger_total: '0',
        mismatched_balances: 0,
        system: [{ name: 'mining_payouts', balance: '-0.75' }],
        ok: true,
      },
      {
        coin: 'ltc',
        users_available: '3',
        users_frozen: '0',
        users_total: '3',
        pool_assets: '3',
        ledger_total: '0',
        mismatched_balances: 0,
        system: [{ name: 'mining_payouts', balance: '-3' }],
        ok: true,
      },
    ]);
  });

  it('should flag the coin of a balance changed outside the ledger, and only that coin', async () => {
    const account = await idOf('mining_accounts', 'recon001');
    const tamper = (delta: string) =>
      database.db.execute(
        sql`UPDATE ledger_accounts SET balance = balance + ${delta}::numeric
            WHERE mining_account_id = ${account}::bigint AND coin = 'ltc' AND bucket = 'available'`,
      );
    await tamper('1');
    try {
      const view = await callApi(app, 'GET', '/admin/reconciliation', { token: operator });
      expect(view.data.ok).toBe(false);
      const byCoin = new Map(
        (view.data.coins as { coin: string }[]).map((line) => [line.coin, line]),
      );
      expect(byCoin.get('btc')).toMatchObject({ ok: true });
      expect(byCoin.get('ltc')).toMatchObject({
        ok: false,
        users_total: '4',
        pool_assets: '3',
        ledger_total: '0',
        mismatched_balances: 1,
      });
    } finally {
      await tamper('-1');
    }
    const after = await callApi(app, 'GET', '/admin/reconciliation', { token: operator });
    expect(after.data.ok).toBe(true);
  });
});
