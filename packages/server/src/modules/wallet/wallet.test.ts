import { randomUUID } from 'node:crypto';
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
import { fixedPrices } from '../../testing/testPrices';
import {
  callApi,
  encrypted,
  loginByEmail,
  registerByEmail,
  secondValidation,
} from '../identity/testHelpers';
import { expectSoundLedger, PAY_PASSWORD, transactionLines } from './testFixtures';

describe.each(testDrivers)('wallet on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(Date.UTC(2026, 2, 1, 8));
  let alice = '';
  let bob = '';
  let carol = '';

  /** A second validation of `scene`, a minute after the last code (the resend limit). */
  async function validation(token: string, email: string, scene: string): Promise<string> {
    clock.advance(61_000);
    return secondValidation(app, token, email, scene);
  }

  async function payIncome(account: string, coin: string, amount: string, day: string) {
    await creditTestIncome(database, account, coin, amount, clock.now(), day);
  }

  async function transferBody(
    token: string,
    fields: Record<string, string>,
    options: { password?: string; validationToken?: string } = {},
  ) {
    const secret = await encrypted(app, options.password ?? PAY_PASSWORD);
    return {
      coin: 'btc',
      from_account: 'alice01',
      to_account: 'bob00001',
      amount: '0.25',
      pay_password: secret.password,
      key_id: secret.key_id,
      validation_token:
        options.validationToken ?? (await validation(token, 'alice@example.com', 'transfer')),
      idempotency_key: randomUUID(),
      ...fields,
    };
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({
      config: testConfig(),
      db: database,
      clock,
      priceSource: fixedPrices(),
    });
    alice = (await registerByEmail(app, 'alice01', 'alice@example.com', 'Secret123', '10.9.0.1'))
      .token;
    bob = (await registerByEmail(app, 'bob00001', 'bob@example.com', 'Secret123', '10.9.0.2'))
      .token;
    carol = (await registerByEmail(app, 'carol001', 'carol@example.com', 'Secret123', '10.9.0.3'))
      .token;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should answer empty balances and no transactions for a new user', async () => {
    const balances = await callApi(app, 'GET', '/wallets/balances', { token: alice });
    expect(balances.status).toBe(200);
    expect(balances.data).toEqual({ list: [], total_value_cny: '0.00', accounts: [] });
    const list = await callApi(app, 'GET', '/wallets/transactions', { token: alice });
    expect(list.data).toEqual({ list: [], total: 0, page: 1, page_size: 10 });
  });

  it('should show mining income in the balances, the list and the record with its entries', async () => {
    await payIncome('alice01', 'btc', '1.5', '2026-02-28');
    await payIncome('alice01', 'ckb', '1000', '2026-02-28');
    const balances = await callApi(app, 'GET', '/wallets/balances', { token: alice });
    expect(balances.data).toEqual({
      list: [
        { coin: 'btc', available: '1.5', frozen: '0', total: '1.5', value_cny: '1050000.00' },
        { coin: 'ckb', available: '1000', frozen: '0', total: '1000', value_cny: '70.00' },
      ],
      total_value_cny: '1050070.00',
      accounts: [
        { account: 'alice01', coin: 'btc', available: '1.5', frozen: '0', total: '1.5' },
        { account: 'alice01', coin: 'ckb', available: '1000', frozen: '0', total: '1000' },
      ],
    });
    const list = await callApi(app, 'GET', '/wallets/transactions', {
      token: alice,
      query: { coin: 'btc' },
    });
    expect(list.data.total).toBe(1);
    const [line] = list.data.list;
    expect(line).toMatchObject({
      account: 'alice01',
      coin: 'btc',
      type: 'mining',
      amount: '1.5',
      fee: '0',
      counterparty: null,
      status: 'successful',
    });
    const detail = await callApi(app, 'GET', `/wallets/transactions/${line.id}`, { token: alice });
    expect(detail.status).toBe(200);
    expect(detail.data).toMatchObject({
      id: line.id,
      coin: 'btc',
      status: 'successful',
      mining_day: '2026-02-28',
      lines: [line],
      entries: [
        expect.objectContaining({ holder: 'own', name: 'alice01', amount: '1.5' }),
        expect.objectContaining({ holder: 'pool', name: 'mining_payouts', amount: '-1.5' }),
      ],
    });
    const foreign = await callApi(app, 'GET', `/wallets/transactions/${line.id}`, { token: bob });
    expect(foreign.status).toBe(404);
    const malformed = await callApi(app, 'GET', '/wallets/transactions/abc', { token: alice });
    expect(malformed.status).toBe(404);
  });

  it('should need a pay password before a transfer, set after a second validation', async () => {
    const without = await callApi(app, 'POST', '/wallets/transfers', {
      token: alice,
      body: await transferBody(alice, {}),
    });
    expect(without.status).toBe(400);
    expect(without.code).toBe(40008);
    expect(without.fields?.[0]?.field).toBe('pay_password');

    const sameAsLogin = await encrypted(app, 'Secret123');
    const refused = await callApi(app, 'PUT', '/wallets/pay-password', {
      token: alice,
      body: {
        pay_password: sameAsLogin.password,
        key_id: sameAsLogin.key_id,
        validation_token: await validation(alice, 'alice@example.com', 'pay_password'),
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.fields?.[0]?.field).toBe('pay_password');

    const secret = await encrypted(app, PAY_PASSWORD);
    const noValidation = await callApi(app, 'PUT', '/wallets/pay-password', {
      token: alice,
      body: { pay_password: secret.password, key_id: secret.key_id, validation_token: 'vt_nope' },
    });
    expect(noValidation.status).toBe(400);
    expect(noValidation.code).toBe(40002);

    const set = await callApi(app, 'PUT', '/wallets/pay-password', {
      token: alice,
      body: {
        pay_password: secret.password,
        key_id: secret.key_id,
        validation_token: await validation(alice, 'alice@example.com', 'pay_password'),
      },
    });
    expect(set.status).toBe(200);
    const info = await callApi(app, 'GET', '/users/info', { token: alice });
    expect(info.data.pay_password_set).toBe(true);
    // Setting the first pay password pauses nothing.
    expect(info.data.withdraw_paused_until).toBeNull();
    const [stored] = await queryRows<{ hash: string }>(
      database.db,
      sql`SELECT pay_password_hash AS hash FROM users WHERE username = 'alice01'`,
    );
    expect(stored?.hash).toMatch(/^scrypt\$/);
  });

  it('should transfer to another user once per idempotency key, both sides in one record', async () => {
    const body = await transferBody(alice, { amount: '0.250' });
    const first = await callApi(app, 'POST', '/wallets/transfers', { token: alice, body });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      coin: 'btc',
      from_account: 'alice01',
      to_account: 'bob00001',
      amount: '0.25',
      status: 'successful',
    });
    // A retry re-encrypts the pay password; its validation is spent: same answer, no movement.
    const again = await callApi(app, 'POST', '/wallets/transfers', {
      token: alice,
      body: { ...body, pay_password: (await encrypted(app, PAY_PASSWORD)).password },
    });
    expect(again.status).toBe(200);
    expect(again.data).toEqual(first.data);
    const otherAmount = await callApi(app, 'POST', '/wallets/transfers', {
      token: alice,
      body: { ...body, amount: '0.3' },
    });
    expect(otherAmount.status).toBe(409);
    expect(otherAmount.fields?.[0]?.field).toBe('idempotency_key');

    const aliceBalances = await callApi(app, 'GET', '/wallets/balances', { token: alice });
    expect(aliceBalances.data.list[0]).toMatchObject({ coin: 'btc', available: '1.25' });
    const bobBalances = await callApi(app, 'GET', '/wallets/balances', { token: bob });
    expect(bobBalances.data.accounts).toEqual([
      { account: 'bob00001', coin: 'btc', available: '0.25', frozen: '0', total: '0.25' },
    ]);

    expect(await transactionLines(app, alice, { type: 'transfer_out' })).toEqual([
      expect.objectContaining({
        id: first.data.id,
        account: 'alice01',
        amount: '-0.25',
        counterparty: 'bob00001',
      }),
    ]);
    expect(await transactionLines(app, bob, {})).toEqual([
      expect.objectContaining({
        id: first.data.id,
        type: 'transfer_in',
        amount: '0.25',
        counterparty: 'alice01',
      }),
    ]);
    const detail = await callApi(app, 'GET', `/wallets/transactions/${first.data.id}`, {
      token: bob,
    });
    expect(detail.data.entries).toEqual([
      expect.objectContaining({ holder: 'account', name: 'alice01', amount: '-0.25' }),
      expect.objectContaining({ holder: 'own', name: 'bob00001', amount: '0.25' }),
    ]);
    const stranger = await callApi(app, 'GET', `/wallets/transactions/${first.data.id}`, {
      token: carol,
    });
    expect(stranger.status).toBe(404);
    await expectSoundLedger(database);
  });

  it('should refuse bad transfers by field and keep the validation for a corrected retry', async () => {
    const validationToken = await validation(alice, 'alice@example.com', 'transfer');
    const send = async (fields: Record<string, string>, password?: string) =>
      callApi(app, 'POST', '/wallets/transfers', {
        token: alice,
        body: await transferBody(alice, fields, {
          validationToken,
          ...(password === undefined ? {} : { password }),
        }),
      });
    const overdraft = await send({ amount: '1.25000001' });
    expect([overdraft.status, overdraft.code, overdraft.fields?.[0]?.field]).toEqual([
      400,
      40007,
      'amount',
    ]);
    const unknown = await send({ to_account: 'nobody99' });
    expect([unknown.status, unknown.fields?.[0]?.field]).toEqual([400, 'to_account']);
    expect(unknown.msg).toBe('No such mining account');
    const notMine = await send({ from_account: 'bob00001', to_account: 'carol001' });
    expect([notMine.status, notMine.fields?.[0]?.field]).toEqual([400, 'from_account']);
    const wrong = await send({}, 'Wrong1234');
    expect([wrong.status, wrong.code, wrong.fields?.[0]?.field]).toEqual([
      400,
      40009,
      'pay_password',
    ]);
    expect(wrong.msg).toContain('4 tries left');
    // Four tries of the validation's five are spent: the fifth, right, moves the coins.
    const fine = await send({ to_account: 'carol001', amount: '0.05' });
    expect(fine.status).toBe(200);
    const spent = await send({ to_account: 'carol001', amount: '0.05' });
    expect([spent.status, spent.code, spent.fields?.[0]?.field]).toEqual([
      400,
      40002,
      'validation_token',
    ]);
    const precise = await callApi(app, 'POST', '/wallets/transfers', {
      token: alice,
      body: await transferBody(alice, { amount: '0.000000001' }),
    });
    expect([precise.status, precise.fields?.[0]?.field]).toEqual([400, 'amount']);
    const bobsValidation = await validation(bob, 'bob@example.com', 'transfer');
    const foreignValidation = await callApi(app, 'POST', '/wallets/transfers', {
      token: alice,
      body: await transferBody(alice, {}, { validationToken: bobsValidation }),
    });
    expect([foreignValidation.status, foreignValidation.code]).toEqual([400, 40002]);
    await expectSoundLedger(database);
  });

  it('should move coins between two accounts of one user as two lines of one record', async () => {
    await database.db.execute(
      sql`INSERT INTO mining_accounts (user_id, name, permission, is_main)
          SELECT id, 'aliceminer2', 'profit_management', false FROM users WHERE username = 'alice01'`,
    );
    const moved = await callApi(app, 'POST', '/wallets/transfers', {
      token: alice,
      body: await transferBody(alice, { to_account: 'ALICEMINER2', amount: '0.1' }),
    });
    expect(moved.status).toBe(200);
    expect(moved.data.to_account).toBe('aliceminer2');
    const detail = await callApi(app, 'GET', `/wallets/transactions/${moved.data.id}`, {
      token: alice,
    });
    expect(detail.data.lines.map((line: { type: string }) => line.type).sort()).toEqual([
      'transfer_in',
      'transfer_out',
    ]);
    const byAccount = await callApi(app, 'GET', '/wallets/transactions', {
      token: alice,
      query: { account: 'aliceminer2' },
    });
    expect(byAccount.data.list).toEqual([
      expect.objectContaining({ type: 'transfer_in', amount: '0.1', counterparty: 'alice01' }),
    ]);
    const balances = await callApi(app, 'GET', '/wallets/balances', { token: alice });
    expect(balances.data.list[0]).toMatchObject({ coin: 'btc', total: '1.2' });
    expect(balances.data.accounts.filter((row: { coin: string }) => row.coin === 'btc')).toEqual([
      { account: 'alice01', coin: 'btc', available: '1.1', frozen: '0', total: '1.1' },
      { account: 'aliceminer2', coin: 'btc', available: '0.1', frozen: '0', total: '0.1' },
    ]);
  });

  it('should filter and page the transactions, and export a date range as CSV', async () => {
    const all = await callApi(app, 'GET', '/wallets/transactions', { token: alice });
    expect(all.data.total).toBe(6);
    expect(all.data.list.map((line: { type: string }) => line.type)).toEqual([
      'transfer_out',
      'transfer_in',
      'transfer_out',
      'transfer_out',
      'mining',
      'mining',
    ]);
    const page = await callApi(app, 'GET', '/wallets/transactions', {
      token: alice,
      query: { page: '2', page_size: '4' },
    });
    expect(page.data).toMatchObject({ total: 6, page: 2, page_size: 4 });
    expect(page.data.list).toHaveLength(2);
    const mining = await callApi(app, 'GET', '/wallets/transactions', {
      token: alice,
      query: { type: 'mining', status: 'successful' },
    });
    expect(mining.data.total).toBe(2);
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    const none = await callApi(app, 'GET', '/wallets/transactions', {
      token: alice,
      query: { start_date: '2026-01-01', end_date: '2026-01-31' },
    });
    expect(none.data.total).toBe(0);
    const dated = await callApi(app, 'GET', '/wallets/transactions', {
      token: alice,
      query: { start_date: today, end_date: today },
    });
    expect(dated.data.total).toBe(6);

    const noRange = await app.inject({
      method: 'GET',
      url: '/api/wallets/exports/transactions',
      headers: { authorization: `Bearer ${alice}` },
    });
    expect(noRange.statusCode).toBe(400);
    const csv = await app.inject({
      method: 'GET',
      url: `/api/wallets/exports/transactions?start_date=${today}&end_date=${today}&coin=btc`,
      headers: { authorization: `Bearer ${alice}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`wallet-${today}-${today}.csv`);
    const rows = csv.body.trim().split('\n');
    expect(rows[0]).toBe('id,time,account,coin,type,amount,fee_included,counterparty,status,note');
    expect(rows).toHaveLength(6);
    expect(rows.at(-1)).toMatch(/,alice01,btc,mining,1\.5,0,,successful,$/);
  });

  it('should pause transfers for a day after the pay password changes', async () => {
    const secret = await encrypted(app, 'NewPay1234');
    const changed = await callApi(app, 'PUT', '/wallets/pay-password', {
      token: alice,
      body: {
        pay_password: secret.password,
        key_id: secret.key_id,
        validation_token: await validation(alice, 'alice@example.com', 'pay_password'),
      },
    });
    expect(changed.status).toBe(200);
    const paused = await callApi(app, 'POST', '/wallets/transfers', {
      token: alice,
      body: await transferBody(alice, { amount: '0.01' }, { password: 'NewPay1234' }),
    });
    expect([paused.status, paused.code]).toEqual([403, 40302]);
    clock.advance(24 * 3_600_000);
    // The access tokens ran out meanwhile.
    alice = (await loginByEmail(app, 'alice@example.com', 'Secret123', '10.9.0.1')).data.token;
    bob = (await loginByEmail(app, 'bob@example.com', 'Secret123', '10.9.0.2')).data.token;
    const later = await callApi(app, 'POST', '/wallets/transfers', {
      token: alice,
      body: await transferBody(alice, { amount: '0.01' }, { password: 'NewPay1234' }),
    });
    expect(later.status).toBe(200);
  });

  it('should lock the pay password for an hour after five wrong ones in a row', async () => {
    const validationToken = await validation(bob, 'bob@example.com', 'transfer');
    const secret = await encrypted(app, 'BobPay1234');
    const set = await callApi(app, 'PUT', '/wallets/pay-password', {
      token: bob,
      body: {
        pay_password: secret.password,
        key_id: secret.key_id,
        validation_token: await validation(bob, 'bob@example.com', 'pay_password'),
      },
    });
    expect(set.status).toBe(200);
    const send = async (password: string, token: string) =>
      callApi(app, 'POST', '/wallets/transfers', {
        token: bob,
        body: {
          ...(await transferBody(
            bob,
            { from_account: 'bob00001', to_account: 'carol001', amount: '0.01' },
            { password, validationToken: token },
          )),
        },
      });
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await send('Wrong1234', validationToken)).code).toBe(40009);
    }
    const fifth = await send('Wrong1234', validationToken);
    expect(fifth.msg).toContain('locked');
    const locked = await send('BobPay1234', await validation(bob, 'bob@example.com', 'transfer'));
    expect([locked.status, locked.code]).toEqual([403, 40302]);
    clock.advance(3_600_000);
  });
});
