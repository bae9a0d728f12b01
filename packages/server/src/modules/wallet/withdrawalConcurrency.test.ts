/**
 * The ledger under concurrent withdrawals, through the real endpoint: 100 withdrawals fired at
 * once at one balance that covers only half of them, then two withdrawal jobs settling them at
 * the same time, and two operators deciding the same audit at once. After each burst: no
 * balance below zero, every record's entries sum to zero, every balance equals its entries.
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import { type AppContext, createAppContext } from '../../context';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { withQueryHold } from '../../testing/queryHold';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { creditTestIncome } from '../../testing/testIncome';
import { grantOperator } from '../admin/operators';
import { createDemoChain, DEMO_CONFIRM_AFTER_MS } from '../chain/demoChain';
import { hashPassword, TEST_PASSWORD_HASH_COST } from '../identity/crypto';
import { callApi, encrypted, registerByEmail } from '../identity/testHelpers';
import { createTicket } from '../identity/users';
import { reconcileLedger } from './ledger';
import { processWithdrawals } from './withdrawals';

const PAY_PASSWORD = 'Pay123456';
const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe.each(testDrivers)('concurrent withdrawals on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let identity: AppContext;
  const clock = createManualClock(Date.UTC(2026, 4, 2, 9));
  let token = '';
  let userId = '';
  let addressId = '';
  const operators: string[] = [];
  let holdNext: ReturnType<typeof withQueryHold>['holdNext'];

  async function balance(bucket: 'available' | 'frozen'): Promise<string> {
    const [row] = await queryRows<{ balance: string }>(
      database.db,
      sql`SELECT COALESCE(sum(la.balance), 0)::text AS balance FROM ledger_accounts la
          JOIN mining_accounts ma ON ma.id = la.mining_account_id
          WHERE ma.name = 'alice01' AND la.coin = 'btc' AND la.bucket = ${bucket}`,
    );
    return new Big(row?.balance ?? '0').toFixed();
  }

  async function systemBalance(name: string): Promise<string> {
    const [row] = await queryRows<{ balance: string }>(
      database.db,
      sql`SELECT COALESCE(sum(balance), 0)::text AS balance FROM ledger_accounts
          WHERE system_name = ${name} AND coin = 'btc'`,
    );
    return new Big(row?.balance ?? '0').toFixed();
  }

  async function fund(amount: string): Promise<void> {
    await creditTestIncome(database, 'alice01', 'btc', amount, clock.now());
  }

  async function request(amount: string) {
    const ticket = await createTicket(identity, 'validation', userId, 'withdraw', 3_600_000);
    const secret = await encrypted(app, PAY_PASSWORD);
    return {
      coin: 'btc',
      address_id: addressId,
      amount,
      pay_password: secret.password,
      key_id: secret.key_id,
      validation_token: ticket.token,
      idempotency_key: randomUUID(),
    };
  }

  async function expectSoundLedger(): Promise<void> {
    const report = await reconcileLedger(database);
    expect(report.mismatchedBalances).toEqual([]);
    expect(report.unbalancedRecords).toEqual([]);
    expect(report.overdrawnBalances).toEqual([]);
    expect(report.ok).toBe(true);
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const held = withQueryHold(database);
    holdNext = held.holdNext;
    app = await buildApp({ config: testConfig(), db: held.database, clock });
    identity = createAppContext({
      database,
      clock,
      config: testConfig(),
      mailer: { send: async () => {} },
    });
    token = (await registerByEmail(app, 'alice01', 'alice01@example.com', 'Secret123', '10.5.0.1'))
      .token;
    for (const [index, name] of ['staff001', 'staff002'].entries()) {
      operators.push(
        (
          await registerByEmail(
            app,
            name,
            `${name}@example.com`,
            'Secret123',
            `10.5.0.${index + 2}`,
          )
        ).token,
      );
    }
    const users = await queryRows<{ id: string; username: string }>(
      database.db,
      sql`SELECT id::text AS id, username FROM users`,
    );
    for (const user of users) {
      if (user.username === 'alice01') userId = user.id;
      else await grantOperator(database.db, user.id, null, clock.now());
    }
    const hash = await hashPassword(PAY_PASSWORD, TEST_PASSWORD_HASH_COST);
    await database.db.execute(sql`UPDATE users SET pay_password_hash = ${hash}`);
    const [address] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO withdraw_addresses (user_id, coin, alias, address, created_at)
          VALUES (${userId}::bigint, 'btc', 'Cold', ${ADDRESS}, now()) RETURNING id::text AS id`,
    );
    addressId = address?.id ?? '';
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should never overdraw one balance under 100 concurrent withdrawals', async () => {
    // Each takes 0.001 and the fee 0.0002: the balance covers exactly 50 of them.
    await fund('0.06');
    const bodies = [];
    for (let index = 0; index < 100; index += 1) bodies.push(await request('0.001'));
    const answers = await Promise.all(
      bodies.map((body) => callApi(app, 'POST', '/wallets/withdrawals', { token, body })),
    );
    const succeeded = answers.filter((answer) => answer.status === 200);
    expect(succeeded).toHaveLength(50);
    expect(
      answers.filter((answer) => `${answer.status} ${answer.code}` === '400 40007'),
    ).toHaveLength(50);
    expect(new Set(succeeded.map((answer) => answer.data.id)).size).toBe(50);
    expect(await balance('available')).toBe('0');
    expect(await balance('frozen')).toBe('0.06');
    await expectSoundLedger();

    // Two jobs settle at the same time (the app's own job may join in): each part is paid once.
    clock.advance(DEMO_CONFIRM_AFTER_MS);
    const chain = createDemoChain(database);
    const runs = await Promise.all([
      processWithdrawals(database, chain, clock.now()),
      processWithdrawals(database, chain, clock.now()),
    ]);
    expect(runs.reduce((sum, run) => sum + run.confirmed, 0)).toBeLessThanOrEqual(50);
    await processWithdrawals(database, chain, clock.now());
    expect(await balance('frozen')).toBe('0');
    expect(await systemBalance('withdrawals_paid')).toBe('0.05');
    expect(await systemBalance('withdraw_fees')).toBe('0.01');
    const [records] = await queryRows<{ payouts: number }>(
      database.db,
      sql`SELECT count(*)::int AS payouts FROM ledger_transactions WHERE type = 'withdraw_payout'`,
    );
    expect(records?.payouts).toBe(50);
    await expectSoundLedger();
  });

  it('should let one of two operators deciding the same audit at once win', async () => {
    await fund('1');
    const held = await callApi(app, 'POST', '/wallets/withdrawals', {
      token,
      body: await request('0.5'),
    });
    expect(held.data.manual_audit).toBe(true);
    const [approve, reject] = await Promise.all([
      callApi(app, 'POST', `/admin/withdrawals/${held.data.id}/approve`, {
        token: operators[0] ?? '',
        body: {},
      }),
      callApi(app, 'POST', `/admin/withdrawals/${held.data.id}/reject`, {
        token: operators[1] ?? '',
        body: { reason: 'Unusual amount' },
      }),
    ]);
    expect([approve?.status, reject?.status].sort()).toEqual([200, 409]);
    const [entries] = await queryRows<{ decisions: number }>(
      database.db,
      sql`SELECT count(*)::int AS decisions FROM audit_log
          WHERE target_type = 'withdrawal' AND target_id = ${held.data.id}`,
    );
    expect(entries?.decisions).toBe(1);
    await expectSoundLedger();
  });

  it('should answer a repeat that looked for the key before the first committed with the first answer', async () => {
    // A client resends the very same withdrawal while the first is still running: the repeat
    // finds no answer yet, the first runs to its commit (spending the validation), and only
    // then the repeat goes on. It gets the first's answer; the coins are frozen once.
    await fund('0.0012');
    const available = new Big(await balance('available'));
    const frozen = new Big(await balance('frozen'));
    const body = await request('0.001');
    const send = () => callApi(app, 'POST', '/wallets/withdrawals', { token, body });
    const held = holdNext(/^SELECT endpoint, request_hash, response FROM idempotency_keys/);
    const repeat = send();
    await held.reached;
    const first = await send();
    held.release();
    const second = await repeat;
    expect(first.status, first.msg).toBe(200);
    expect(second.status, second.msg).toBe(200);
    expect(second.data).toEqual(first.data);
    expect(available.minus(await balance('available')).toFixed()).toBe('0.0012');
    expect(new Big(await balance('frozen')).minus(frozen).toFixed()).toBe('0.0012');
    await expectSoundLedger();
  });
});
