/**
 * Asking for a withdrawal through the endpoints, on a real database: the address book, the
 * coin's rules, the refusals (the amount by core's withdrawal rule, the pay password, the second
 * validation, the balance) and the pause after a security change.
 */
import type { WithdrawalAmountProblem } from '@poolkit/core';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock';
import { testDrivers } from '../../testing/testDatabase';
import { callApi, encrypted } from '../identity/testHelpers';
import { BTC_ADDRESS, PAY_PASSWORD } from './testFixtures';
import { refuseAmount } from './withdrawalRequest';
import { useWithdrawalTestbed } from './withdrawalTestbed';

const KDA_KEY = 'a'.repeat(64);

describe('refuseAmount', () => {
  const refusal = (problem: WithdrawalAmountProblem) => {
    try {
      refuseAmount('amount', 'btc', problem, (minimum) => `At least ${minimum}`);
    } catch (error) {
      return error;
    }
    throw new Error('not refused');
  };

  it("should word each of core's amount problems as a refusal naming the field", () => {
    expect(refusal({ kind: 'tooPrecise', decimals: 8 })).toMatchObject({
      code: 40000,
      fields: [{ field: 'amount', message: 'A btc amount has at most 8 decimal places' }],
    });
    expect(refusal({ kind: 'belowMinimum', minimum: '0.001' })).toMatchObject({
      code: 40000,
      fields: [{ field: 'amount', message: 'At least 0.001' }],
    });
    expect(refusal({ kind: 'insufficient' })).toMatchObject({
      code: 40007,
      fields: [{ field: 'amount', message: 'Insufficient balance' }],
    });
    expect(refusal({ kind: 'notPositive' })).toMatchObject({
      code: 40000,
      fields: [{ field: 'amount', message: 'Amount must be a positive decimal number' }],
    });
  });
});

describe.each(testDrivers)('asking for withdrawals on %s', (driver) => {
  const clock = createManualClock(Date.UTC(2026, 4, 1, 8));
  const testbed = useWithdrawalTestbed(driver, clock);

  it('should check saved addresses per coin and need a withdraw_address validation', async () => {
    const bed = testbed();
    const { app, tokens } = bed;
    const empty = await callApi(app, 'GET', '/wallets/withdraw-addresses', {
      token: tokens.alice01,
    });
    expect(empty.data).toEqual({ list: [] });
    const save = async (fields: Record<string, string>, validationToken?: string) =>
      callApi(app, 'POST', '/wallets/withdraw-addresses', {
        token: tokens.alice01,
        body: {
          coin: 'btc',
          alias: 'Cold wallet',
          address: BTC_ADDRESS,
          validation_token:
            validationToken ?? (await bed.validation('alice01', 'withdraw_address')),
          ...fields,
        },
      });
    // An Ethereum address is no Bitcoin address.
    const wrong = await save({ address: '0x52908400098527886E0F7030069857D2E4169EE7' });
    expect([wrong.status, wrong.code, wrong.fields?.[0]]).toEqual([
      400,
      40005,
      { field: 'address', message: 'The address is wrong' },
    ]);
    const kdaWrongKey = await save({
      coin: 'kda',
      address: `k:${'b'.repeat(64)}`,
      public_key: KDA_KEY,
    });
    expect([kdaWrongKey.status, kdaWrongKey.fields?.[0]]).toEqual([
      400,
      { field: 'public_key', message: 'The publicKey is wrong' },
    ]);
    const keyForBtc = await save({ public_key: KDA_KEY });
    expect([keyForBtc.status, keyForBtc.fields?.[0]?.field]).toEqual([400, 'public_key']);
    const otherScene = await save({}, await bed.validation('alice01', 'transfer'));
    expect([otherScene.status, otherScene.code, otherScene.fields?.[0]?.field]).toEqual([
      400,
      40002,
      'validation_token',
    ]);

    const saved = await save({});
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ coin: 'btc', alias: 'Cold wallet', address: BTC_ADDRESS });
    bed.btcAddressId = saved.data.id;
    // The first address is no change of an address: nothing pauses.
    const rules = await callApi(app, 'GET', '/wallets/withdraw-rules', {
      token: tokens.alice01,
      query: { coin: 'btc' },
    });
    expect(rules.data).toEqual({
      coin: 'btc',
      min_amount: '0.001',
      fee: '0.0002',
      manual_audit_above: '0.1',
      max_single: '0.05',
      paused_until: null,
      enabled: true,
      // The demo coin has no node: core's address shape judges.
      address_check: 'shape',
    });
    const twice = await save({});
    expect([twice.status, twice.code, twice.msg, twice.fields?.[0]?.field]).toEqual([
      409,
      40900,
      'This address is saved already',
      'address',
    ]);

    const kda = await save({ coin: 'kda', address: `k:${KDA_KEY}`, public_key: KDA_KEY });
    expect(kda.status).toBe(200);
    expect(kda.data.public_key).toBe(KDA_KEY);
    const renamed = await callApi(app, 'PUT', `/wallets/withdraw-addresses/${kda.data.id}`, {
      token: tokens.alice01,
      body: { alias: 'Kadena' },
    });
    expect(renamed.data.alias).toBe('Kadena');
    const foreign = await callApi(app, 'DELETE', `/wallets/withdraw-addresses/${kda.data.id}`, {
      token: tokens.bob00001,
    });
    expect([foreign.status, foreign.code, foreign.msg, foreign.fields]).toEqual([
      404,
      40400,
      'No such withdraw address',
      [{ field: 'id', message: 'No such withdraw address' }],
    ]);
    const deleted = await callApi(app, 'DELETE', `/wallets/withdraw-addresses/${kda.data.id}`, {
      token: tokens.alice01,
    });
    expect(deleted.status).toBe(200);
    const btcOnly = await callApi(app, 'GET', '/wallets/withdraw-addresses', {
      token: tokens.alice01,
    });
    expect(btcOnly.data.list.map((row: { id: string }) => row.id)).toEqual([bed.btcAddressId]);

    // The second address paused withdrawals; the next test starts after the pause.
    clock.advance(24 * 3_600_000);
    await bed.signInAgain();
  });

  it('should refuse a withdrawal without a pay password, below the minimum or unvalidated', async () => {
    const bed = testbed();
    const { app, tokens } = bed;
    await bed.fund('alice01', '1');
    const without = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: tokens.alice01,
      body: await bed.withdrawBody({}),
    });
    expect([without.status, without.code, without.fields?.[0]]).toEqual([
      400,
      40008,
      { field: 'pay_password', message: 'Please set a pay password first' },
    ]);
    const secret = await encrypted(app, PAY_PASSWORD);
    const set = await callApi(app, 'PUT', '/wallets/pay-password', {
      token: tokens.alice01,
      body: {
        pay_password: secret.password,
        key_id: secret.key_id,
        validation_token: await bed.validation('alice01', 'pay_password'),
      },
    });
    expect(set.status).toBe(200);

    const send = async (fields: Record<string, string>, password?: string) =>
      callApi(app, 'POST', '/wallets/withdrawals', {
        token: tokens.alice01,
        body: await bed.withdrawBody(fields, password === undefined ? {} : { password }),
      });
    const small = await send({ amount: '0.0009' });
    expect([small.status, small.fields?.[0]]).toEqual([
      400,
      { field: 'amount', message: 'Amount must be at least 0.001' },
    ]);
    // Nine decimals are one more than Bitcoin has; trailing zeros are no extra precision.
    const precise = await send({ amount: '0.001000001' });
    expect([precise.status, precise.code, precise.fields]).toEqual([
      400,
      40000,
      [{ field: 'amount', message: 'A btc amount has at most 8 decimal places' }],
    ]);
    const wrong = await send({}, 'Wrong1234');
    expect([wrong.status, wrong.code, wrong.fields?.[0]?.field]).toEqual([
      400,
      40009,
      'pay_password',
    ]);
    const transferToken = await send({
      validation_token: await bed.validation('alice01', 'transfer'),
    });
    expect([transferToken.status, transferToken.code]).toEqual([400, 40002]);
    const bobsAddress = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: tokens.bob00001,
      body: await bed.withdrawBody({}, { user: 'bob00001' }),
    });
    expect(bobsAddress.status).toBe(400);
    const overdraft = await send({ amount: '0.9999' });
    expect([overdraft.status, overdraft.code, overdraft.fields?.[0]?.field]).toEqual([
      400,
      40007,
      'amount',
    ]);
    expect(await bed.balances('alice01')).toMatchObject({ available: '1', frozen: '0' });
    // Trailing zeros past the coin's decimals ask for no more precision than it has.
    const padded = await send({ amount: '0.0100000000' });
    expect([padded.status, padded.data?.amount]).toEqual([200, '0.01']);
  });

  it('should pause withdrawals for 24 hours after a new address, then open again', async () => {
    const bed = testbed();
    const { app, tokens } = bed;
    const saved = await callApi(app, 'POST', '/wallets/withdraw-addresses', {
      token: tokens.alice01,
      body: {
        coin: 'btc',
        alias: 'New one',
        address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
        validation_token: await bed.validation('alice01', 'withdraw_address'),
      },
    });
    expect(saved.status).toBe(200);
    const rules = await callApi(app, 'GET', '/wallets/withdraw-rules', {
      token: tokens.alice01,
      query: { coin: 'btc' },
    });
    expect(Date.parse(rules.data.paused_until)).toBe(
      Math.floor((clock.now() + 24 * 3_600_000) / 1000) * 1000,
    );
    const paused = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: tokens.alice01,
      body: await bed.withdrawBody({}),
    });
    expect([paused.status, paused.code]).toEqual([403, 40302]);
    expect(paused.msg).toContain('paused for 24 hours after a security change');
    clock.advance(24 * 3_600_000);
    await bed.signInAgain();
    const open = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: tokens.alice01,
      body: await bed.withdrawBody({ address_id: saved.data.id }),
    });
    expect(open.status).toBe(200);
    expect(open.data.address).toBe('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy');

    // A new pay password pauses them again.
    const secret = await encrypted(app, 'NewPay1234');
    const changed = await callApi(app, 'PUT', '/wallets/pay-password', {
      token: tokens.alice01,
      body: {
        pay_password: secret.password,
        key_id: secret.key_id,
        validation_token: await bed.validation('alice01', 'pay_password'),
      },
    });
    expect(changed.status).toBe(200);
    const again = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: tokens.alice01,
      body: await bed.withdrawBody({}, { password: 'NewPay1234' }),
    });
    expect([again.status, again.code]).toEqual([403, 40302]);
  });
});
