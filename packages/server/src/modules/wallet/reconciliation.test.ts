import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import {
  type LitecoinRegtest,
  litecoinSkipReason,
  startLitecoinRegtest,
} from '../../testing/litecoinRegtest';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { creditTestIncome } from '../../testing/testIncome';
import { grantOperator } from '../admin/operators';
import { callApi, registerByEmail } from '../identity/testHelpers';
import { nodeWallet, readReconciliation } from './reconciliation';

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

  it('should list the open deposit shortfalls, and no more once resolved', async () => {
    const account = await idOf('mining_accounts', 'recon001');
    const [deposit] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO deposits (coin, tx_id, output_index, address, mining_account_id, amount,
            confirmations, status, seen_at)
          VALUES ('ltc', 'reorged', 0, 'ltc1qrecon', ${account}::bigint, 0.3, 0, 'pending',
            '2026-03-31T10:00:00Z')
          RETURNING id::text AS id`,
    );
    const shortfall = (resolved: string | null) =>
      database.db.execute(
        sql`INSERT INTO deposit_shortfalls (deposit_id, mining_account_id, coin, amount,
              flagged_at, resolved_at)
            VALUES (${deposit?.id}::bigint, ${account}::bigint, 'ltc', 0.3,
              '2026-03-31T12:00:00Z', ${resolved}::timestamptz)`,
      );
    await shortfall('2026-03-31T13:00:00Z');
    await shortfall(null);
    const view = await callApi(app, 'GET', '/admin/reconciliation', { token: operator });
    expect(view.data.deposit_shortfalls).toEqual([
      {
        deposit_id: deposit?.id,
        account: 'recon001',
        coin: 'ltc',
        amount: '0.3',
        since: '2026-03-31T12:00:00Z',
      },
    ]);
    // On the demo chains, no coin has a node side.
    expect(view.data.node_shortfall).toBeUndefined();
    await database.db.execute(
      sql`UPDATE deposit_shortfalls SET resolved_at = '2026-04-01T00:00:00Z'`,
    );
    const after = await callApi(app, 'GET', '/admin/reconciliation', { token: operator });
    expect(after.data.deposit_shortfalls).toEqual([]);
  });
});

const skip = litecoinSkipReason();

describe.skipIf(skip !== undefined)(
  `the reconciliation of a coin on a Litecoin regtest node${skip ? ` (${skip})` : ''}`,
  () => {
    let node: LitecoinRegtest;
    let database: Database;
    let app: FastifyInstance;
    const clock = createManualClock(Date.UTC(2026, 10, 2, 8));
    const log = { warn: vi.fn(), error: vi.fn() };
    const read = () =>
      readReconciliation(database, clock.now(), {
        nodes: [nodeWallet('ltc', 'regtest', node.pool)],
        log: log as unknown as FastifyInstance['log'],
      });

    beforeAll(async () => {
      [node, database] = await Promise.all([startLitecoinRegtest(), openTestDatabase('pglite')]);
      app = await buildApp({ config: testConfig(), db: database, clock, startJobsOnReady: false });
      await registerByEmail(app, 'recon101', 'recon101@example.com', 'Secret123', '10.8.1.1');
    });

    afterAll(async () => {
      await app?.close();
      await Promise.all([node?.stop(), database?.close()]);
    });

    it("should show the node wallet's balance beside what users are owed", async () => {
      // Nothing owed yet: the coin on the node has its line all the same.
      expect((await read()).coins).toMatchObject([
        {
          coin: 'ltc',
          users_total: '0',
          node: {
            network: 'regtest',
            confirmed: '0',
            unconfirmed: '0',
            difference: '0',
            shortfall: false,
            unreachable: false,
          },
        },
      ]);
      const address = await node.pool.call('getnewaddress', 'reconciliation');
      await node.sendFromOutside(address, '3');
      await creditTestIncome(database, 'recon101', 'ltc', '2', clock.now(), '2026-11-01');
      const pending = await read();
      expect(pending.coins[0]?.node).toMatchObject({
        confirmed: '0',
        unconfirmed: '3',
        difference: '-2',
        shortfall: true,
      });
      await node.mine(1);
      const confirmed = await read();
      expect(confirmed.node_shortfall).toBe(false);
      expect(confirmed.coins[0]).toMatchObject({
        users_total: '2',
        ok: true,
        node: { confirmed: '3', unconfirmed: '0', difference: '1', shortfall: false },
      });
    });

    it('should raise an alert, in the answer and the log, when the node holds less than owed', async () => {
      log.warn.mockClear();
      await creditTestIncome(database, 'recon101', 'ltc', '1.5', clock.now(), '2026-11-02');
      const view = await read();
      expect(view.ok).toBe(true);
      expect(view.node_shortfall).toBe(true);
      expect(view.coins[0]).toMatchObject({
        users_total: '3.5',
        node: { confirmed: '3', difference: '-0.5', shortfall: true },
      });
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(log.warn.mock.calls[0]?.[0]).toMatchObject({ coin: 'ltc', difference: '-0.5' });
    });

    it('should answer the books when the node does not answer, its side unknown', async () => {
      const view = await readReconciliation(database, clock.now(), {
        nodes: [
          nodeWallet('ltc', 'regtest', {
            redactedUrl: 'http://user:***@127.0.0.1:1/wallet/pool',
            call: () => Promise.reject(new Error('down')),
          }),
        ],
        log: log as unknown as FastifyInstance['log'],
      });
      expect(view.node_shortfall).toBe(false);
      expect(view.coins[0]).toMatchObject({
        users_total: '3.5',
        node: { confirmed: null, difference: null, shortfall: false, unreachable: true },
      });
      expect(log.error).toHaveBeenCalled();
    });
  },
);
