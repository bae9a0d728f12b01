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
import { createManualClock } from '../../clock';
import type { AppContext } from '../../context';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { testDrivers } from '../../testing/testDatabase';
import { creditTestIncome } from '../../testing/testIncome';
import { grantOperator } from '../admin/operators';
import { createDemoChain, DEMO_CONFIRM_AFTER_MS } from '../chain/demoChain';
import { callApi, encrypted, registerByEmail } from '../identity/testHelpers';
import type { IdRow } from './rows';
import {
  accountBalance,
  BTC_ADDRESS,
  expectRepeatAnsweredOnce,
  expectSoundLedger,
  openWalletApp,
  PAY_PASSWORD,
  setPayPasswords,
  systemBalance,
  validationOf,
  type WalletTestApp,
} from './testFixtures';
import { processWithdrawals } from './withdrawalSending';

describe.each(testDrivers)('concurrent withdrawals on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let identity: AppContext;
  const clock = createManualClock(Date.UTC(2026, 4, 2, 9));
  let token = '';
  let userId = '';
  let addressId = '';
  const operators: string[] = [];
  let holdNext: WalletTestApp['holdNext'];

  async function balance(bucket: 'available' | 'frozen'): Promise<string> {
    return (await accountBalance(database, 'alice01', 'btc', bucket)).toFixed();
  }

  async function fund(amount: string): Promise<void> {
    await creditTestIncome(database, 'alice01', 'btc', amount, clock.now());
  }

  async function request(amount: string) {
    const validationToken = await validationOf(identity, userId, 'withdraw');
    const secret = await encrypted(app, PAY_PASSWORD);
    return {
      coin: 'btc',
      address_id: addressId,
      amount,
      pay_password: secret.password,
      key_id: secret.key_id,
      validation_token: validationToken,
      idempotency_key: randomUUID(),
    };
  }

  beforeAll(async () => {
    ({ database, app, identity, holdNext } = await openWalletApp(driver, { clock, held: true }));
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
    await setPayPasswords(database);
    const [address] = await queryRows<IdRow>(
      database.db,
      sql`INSERT INTO withdraw_addresses (user_id, coin, alias, address, created_at)
          VALUES (${userId}::bigint, 'btc', 'Cold', ${BTC_ADDRESS}, now()) RETURNING id::text AS id`,
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
    await expectSoundLedger(database);

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
    expect(await systemBalance(database, 'withdrawals_paid')).toBe('0.05');
    expect(await systemBalance(database, 'withdraw_fees')).toBe('0.01');
    const [records] = await queryRows<{ payouts: number }>(
      database.db,
      sql`SELECT count(*)::int AS payouts FROM ledger_transactions WHERE type = 'withdraw_payout'`,
    );
    expect(records?.payouts).toBe(50);
    await expectSoundLedger(database);
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
    await expectSoundLedger(database);
  });

  it('should answer a repeat that looked for the key before the first committed with the first answer', async () => {
    // A client resends the very same withdrawal while the first is still running: the repeat
    // finds no answer yet, the first runs to its commit (spending the validation), and only
    // then the repeat goes on. It gets the first's answer; the coins are frozen once.
    await fund('0.0012');
    const available = new Big(await balance('available'));
    const frozen = new Big(await balance('frozen'));
    const body = await request('0.001');
    await expectRepeatAnsweredOnce(holdNext, () =>
      callApi(app, 'POST', '/wallets/withdrawals', { token, body }),
    );
    expect(available.minus(await balance('available')).toFixed()).toBe('0.0012');
    expect(new Big(await balance('frozen')).minus(frozen).toFixed()).toBe('0.0012');
    await expectSoundLedger(database);
  });
});
