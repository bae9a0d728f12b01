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
import { callApi, encrypted, loginByEmail, registerByEmail } from '../identity/testHelpers';
import { minimumThreshold, runAutoWithdrawals } from './autoWithdraw';
import {
  expectSoundLedger,
  BTC_ADDRESS as FIRST_ADDRESS,
  openWalletApp,
  PAY_PASSWORD,
  setPayPasswords,
  userIdOf,
  validationOf,
} from './testFixtures';

const SECOND_ADDRESS = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';

describe.each(testDrivers)('auto-withdraw on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let identity: AppContext;
  // 01:00 UTC: before the job's hour.
  const clock = createManualClock(Date.UTC(2026, 5, 1, 1));
  let token = '';
  let userId = '';
  const addressIds: string[] = [];

  async function validation(scene: string): Promise<string> {
    return validationOf(identity, userId, scene);
  }

  async function fund(amount: string): Promise<void> {
    await creditTestIncome(database, 'auto0001', 'btc', amount, clock.now());
  }

  async function available(): Promise<string> {
    const answer = await callApi(app, 'GET', '/wallets/balances', { token });
    const row = answer.data.list.find((line: { coin: string }) => line.coin === 'btc');
    return row === undefined ? '0' : new Big(row.available).toFixed();
  }

  async function set(fields: Record<string, unknown>, scene = 'auto_withdraw') {
    const secret = await encrypted(app, PAY_PASSWORD);
    return callApi(app, 'PUT', '/wallets/auto-withdraw', {
      token,
      body: {
        coin: 'btc',
        enabled: true,
        address_id: addressIds[0],
        threshold: '0.01',
        pay_password: secret.password,
        key_id: secret.key_id,
        validation_token: await validation(scene),
        ...fields,
      },
    });
  }

  beforeAll(async () => {
    ({ database, app, identity } = await openWalletApp(driver, { clock }));
    token = (await registerByEmail(app, 'auto0001', 'auto@example.com', 'Secret123', '10.5.0.1'))
      .token;
    userId = await userIdOf(database, 'auto0001');
    await setPayPasswords(database);
    for (const address of [FIRST_ADDRESS, SECOND_ADDRESS]) {
      const saved = await callApi(app, 'POST', '/wallets/withdraw-addresses', {
        token,
        body: {
          coin: 'btc',
          alias: 'Cold wallet',
          address,
          validation_token: await validation('withdraw_address'),
        },
      });
      expect(saved.status).toBe(200);
      addressIds.push(saved.data.id);
    }
    // The second address was a change: end its pause before the tests.
    await database.db.execute(sql`UPDATE users SET withdraw_paused_until = NULL`);
  });

  /** Signs in again after the clock moved past the access token's two hours. */
  let logins = 0;
  async function signIn(): Promise<void> {
    logins += 1;
    const answer = await loginByEmail(app, 'auto@example.com', 'Secret123', `10.5.1.${logins}`);
    token = answer.data.token;
  }

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should refuse a threshold below the minimum plus the fee, a foreign address and another scene', async () => {
    expect(minimumThreshold('btc').toFixed()).toBe('0.0012');
    const low = await set({ threshold: '0.001' });
    expect([low.status, low.fields?.[0]?.field]).toEqual([400, 'threshold']);
    expect(low.fields).toEqual([
      {
        field: 'threshold',
        message: 'The threshold must be at least 0.0012 (the minimum withdrawal plus its fee)',
      },
    ]);
    // The threshold follows the withdrawal amount rule: at most the coin's decimals.
    const precise = await set({ threshold: '0.012000001' });
    expect([precise.status, precise.fields]).toEqual([
      400,
      [{ field: 'threshold', message: 'A btc amount has at most 8 decimal places' }],
    ]);
    const foreign = await set({ address_id: '999999' });
    expect([foreign.status, foreign.fields?.[0]?.field]).toEqual([400, 'address_id']);
    const otherCoin = await set({ coin: 'ltc', threshold: '1' });
    expect([otherCoin.status, otherCoin.fields?.[0]?.field]).toEqual([400, 'address_id']);
    const scene = await set({}, 'transfer');
    expect([scene.status, scene.code, scene.msg, scene.fields]).toEqual([
      400,
      40002,
      'The validation is not valid or has expired',
      [{ field: 'validation_token', message: 'The validation is not valid or has expired' }],
    ]);
    const account = await set({ account: 'nobody01' });
    expect([account.status, account.fields?.[0]?.field]).toEqual([400, 'account']);
    const list = await callApi(app, 'GET', '/wallets/auto-withdraw', { token });
    expect(list.data).toEqual({ list: [] });
  });

  it('should save a setting per account and coin, and pause withdrawals when its address changes', async () => {
    const first = await set({});
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      coin: 'btc',
      account: 'auto0001',
      enabled: true,
      address_id: addressIds[0],
      threshold: '0.01',
      last_paid_day: null,
    });
    const rules = async () =>
      (await callApi(app, 'GET', '/wallets/withdraw-rules', { token, query: { coin: 'btc' } })).data
        .paused_until;
    // The first address and a new threshold are no change of address.
    expect(await rules()).toBeNull();
    expect((await set({ threshold: '0.02' })).data.threshold).toBe('0.02');
    expect(await rules()).toBeNull();
    // Another address is: withdrawals pause for 24 hours.
    expect((await set({ address_id: addressIds[1], threshold: '0.01' })).status).toBe(200);
    expect(await rules()).not.toBeNull();
    clock.advance(24 * 3_600_000 + 60_000);
    await signIn();
    expect(await rules()).toBeNull();
    // Off keeps the address, so on again with it is no change.
    const off = await set({ enabled: false, address_id: undefined, threshold: undefined });
    expect(off.data).toMatchObject({ enabled: false, address_id: addressIds[1] });
    expect((await set({ address_id: addressIds[1] })).status).toBe(200);
    expect(await rules()).toBeNull();
  });

  it('should pay the balance less the fee once a day from 02:00 UTC when it reached the threshold', async () => {
    // Move to the next day, 01:30 UTC.
    const now = clock.now();
    const nextDay = Math.floor(now / 86_400_000 + 1) * 86_400_000;
    clock.set(nextDay + 90 * 60_000);
    await signIn();
    await fund('0.005');
    // Below the threshold (0.01): nothing, also after 02:00.
    expect(await runAutoWithdrawals(database, clock.now())).toEqual({ paid: 0, skipped: 0 });
    clock.advance(60 * 60_000);
    expect(await runAutoWithdrawals(database, clock.now())).toEqual({ paid: 0, skipped: 1 });
    await fund('0.0075');
    expect(await available()).toBe('0.0125');
    // Two nodes' jobs at once: one payout.
    const runs = await Promise.all([
      runAutoWithdrawals(database, clock.now()),
      runAutoWithdrawals(database, clock.now()),
    ]);
    expect(runs.reduce((sum, run) => sum + run.paid, 0)).toBe(1);
    expect(await available()).toBe('0');
    const list = await callApi(app, 'GET', '/wallets/transactions', { token });
    const payout = list.data.list.find((line: { type: string }) => line.type === 'withdraw');
    expect(payout).toMatchObject({ coin: 'btc', counterparty: SECOND_ADDRESS });
    // The balance leaves whole: 0.0123 paid and the 0.0002 fee.
    expect(new Big(payout.amount).abs().toFixed()).toBe('0.0125');
    const [withdrawal] = await queryRows<{ amount: string; fee: string }>(
      database.db,
      sql`SELECT amount::text AS amount, fee::text AS fee FROM withdrawals`,
    );
    expect([
      new Big(withdrawal?.amount ?? 0).toFixed(),
      new Big(withdrawal?.fee ?? 0).toFixed(),
    ]).toEqual(['0.0123', '0.0002']);
    // The same day again: nothing more, even with a new balance.
    await fund('0.02');
    expect((await runAutoWithdrawals(database, clock.now())).paid).toBe(0);
    // The next day it pays again.
    clock.advance(24 * 3_600_000);
    expect((await runAutoWithdrawals(database, clock.now())).paid).toBe(1);
    await signIn();
    const settings = await callApi(app, 'GET', '/wallets/auto-withdraw', { token });
    expect(settings.data.list[0].last_paid_day).toBe(
      new Date(clock.now()).toISOString().slice(0, 10),
    );
    await expectSoundLedger(database);
  });

  it('should switch a setting off when its address was deleted, and skip a paused user', async () => {
    clock.advance(24 * 3_600_000);
    await signIn();
    await fund('0.05');
    // A security change: the pay password (paused 24 h).
    await database.db.execute(
      sql`UPDATE users SET withdraw_paused_until = ${new Date(clock.now() + 3_600_000).toISOString()}::timestamptz`,
    );
    expect(await runAutoWithdrawals(database, clock.now())).toEqual({ paid: 0, skipped: 1 });
    await database.db.execute(sql`UPDATE users SET withdraw_paused_until = NULL`);
    const removed = await callApi(app, 'DELETE', `/wallets/withdraw-addresses/${addressIds[1]}`, {
      token,
    });
    expect(removed.status).toBe(200);
    expect(await runAutoWithdrawals(database, clock.now())).toEqual({ paid: 0, skipped: 1 });
    const settings = await callApi(app, 'GET', '/wallets/auto-withdraw', { token });
    expect(settings.data.list[0]).toMatchObject({ enabled: false });
  });
});
