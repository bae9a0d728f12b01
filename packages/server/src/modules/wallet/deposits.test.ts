import { COIN_IDS, depositAddressSchema, isMiningAddressShape } from '@poolkit/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { DEMO_BLOCK_DELAY_MS, demoDepositAddress } from '../chain/inboundChain';
import { callApi, registerByEmail } from '../identity/testHelpers';
import { recordDeposits } from './deposits';
import { reconcileLedger } from './ledger';

describe('demo deposit addresses', () => {
  it('should give every coin an address of its own shape, the same one every time', () => {
    for (const coin of COIN_IDS) {
      const address = demoDepositAddress(coin, '42');
      expect(isMiningAddressShape(coin, address), `${coin}: ${address}`).toBe(true);
      expect(demoDepositAddress(coin, '42')).toBe(address);
      expect(demoDepositAddress(coin, '43')).not.toBe(address);
    }
  });
});

describe.each(testDrivers)('deposits on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(Date.UTC(2026, 3, 1, 8));
  let dora = '';

  async function btcAvailable(token: string): Promise<string> {
    const balances = await callApi(app, 'GET', '/wallets/balances', { token });
    const btc = (balances.data as { list: { coin: string; available: string }[] }).list.find(
      (row) => row.coin === 'btc',
    );
    return btc?.available ?? '0';
  }

  async function depositAddress(token: string, query: Record<string, string>) {
    return callApi(app, 'GET', '/wallets/deposit-address', { token, query });
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({ config: testConfig(), db: database, clock });
    dora = (await registerByEmail(app, 'dora0001', 'dora@example.com', 'Secret123', '10.9.1.1'))
      .token;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should answer the main account deposit address, KDA on chain 0, the same one each time', async () => {
    const btc = await depositAddress(dora, { coin: 'btc' });
    expect(btc.status).toBe(200);
    expect(depositAddressSchema.parse(btc.data)).toMatchObject({
      coin: 'btc',
      account: 'dora0001',
      chain: null,
      confirmations: 1,
      min_amount: '0.0001',
    });
    expect(isMiningAddressShape('btc', (btc.data as { address: string }).address)).toBe(true);
    expect((await depositAddress(dora, { coin: 'btc' })).data).toEqual(btc.data);

    const kda = await depositAddress(dora, { coin: 'kda', account: 'dora0001' });
    expect(kda.data).toMatchObject({ coin: 'kda', chain: 0 });
    expect((kda.data as { address: string }).address).toMatch(/^k:[0-9a-f]{64}$/);
  });

  it('should refuse a coin it does not know and an account that is not the caller’s, naming the field', async () => {
    const coin = await depositAddress(dora, { coin: 'nope' });
    expect(coin.status).toBe(400);
    expect(coin.fields?.map((field) => field.field)).toContain('coin');
    const account = await depositAddress(dora, { coin: 'btc', account: 'someone1' });
    expect(account.status).toBe(400);
    expect(account.fields).toEqual([
      { field: 'account', message: 'No such mining account of yours' },
    ]);
  });

  it('should credit a demo deposit once, after its confirmation a few minutes later', async () => {
    const { address } = (await depositAddress(dora, { coin: 'btc' })).data as { address: string };
    const sent = await callApi(app, 'POST', '/dev/deposits', {
      body: { coin: 'btc', address, amount: '0.25' },
    });
    expect(sent.status).toBe(200);
    const txId = (sent.data as { tx_id: string }).tx_id;
    expect(txId).toMatch(/^[0-9a-f]{64}$/);

    // Seen, unconfirmed: nothing credited yet, not even a minute before the block.
    const scanEarly = await callApi(app, 'POST', '/dev/chain/blocks', { body: { coin: 'ltc' } });
    expect(scanEarly.data).toEqual({ seen: 0, credited: 0 });
    expect(await btcAvailable(dora)).toBe('0');
    const pending = await callApi(app, 'GET', '/wallets/deposits', { token: dora });
    expect(pending.data).toMatchObject({
      list: [{ tx_id: txId, status: 'pending', confirmations: 0, credited_at: null }],
    });
    // Issue 27: the transaction list shows it already, as a pending deposit with its
    // confirmations (no ledger record yet, so no page of its own); the export lists it too.
    const waiting = await callApi(app, 'GET', '/wallets/transactions', { token: dora });
    expect(waiting.data).toMatchObject({
      total: 1,
      list: [
        {
          id: expect.stringMatching(/^deposit-\d+$/),
          type: 'deposit',
          coin: 'btc',
          amount: '0.25',
          fee: '0',
          counterparty: address,
          tx_id: txId,
          status: 'pending',
          confirmations: { count: 0, needed: 1 },
        },
      ],
    });
    const waitingId = (waiting.data as { list: { id: string }[] }).list[0]?.id ?? '';
    expect(
      (await callApi(app, 'GET', `/wallets/transactions/${waitingId}`, { token: dora })).status,
    ).toBe(404);
    const matching: Record<string, string>[] = [
      { type: 'deposit' },
      { status: 'pending' },
      { coin: 'btc' },
    ];
    for (const query of matching) {
      const filtered = await callApi(app, 'GET', '/wallets/transactions', { token: dora, query });
      expect(filtered.data.total).toBe(1);
    }
    const other: Record<string, string>[] = [
      { status: 'successful' },
      { type: 'withdraw' },
      { coin: 'ltc' },
    ];
    for (const query of other) {
      const filtered = await callApi(app, 'GET', '/wallets/transactions', { token: dora, query });
      expect(filtered.data.total).toBe(0);
    }
    const day = new Date(clock.now()).toISOString().slice(0, 10);
    const csv = await app.inject({
      method: 'GET',
      url: `/api/wallets/exports/transactions?start_date=${day}&end_date=${day}`,
      headers: { authorization: `Bearer ${dora}` },
    });
    expect(csv.body).toContain(`${waitingId},`);
    expect(csv.body).toContain(',btc,deposit,0.25,0,');

    // The demo chain mines it DEMO_BLOCK_DELAY_MS later; the job credits it at its next pass.
    clock.advance(DEMO_BLOCK_DELAY_MS + 60_000);
    await expect.poll(() => btcAvailable(dora), { timeout: 10_000 }).toBe('0.25');

    const list = await callApi(app, 'GET', '/wallets/transactions', {
      token: dora,
      query: { type: 'deposit' },
    });
    expect(list.data).toMatchObject({
      total: 1,
      list: [
        {
          type: 'deposit',
          coin: 'btc',
          amount: '0.25',
          counterparty: address,
          tx_id: txId,
          status: 'successful',
        },
      ],
    });

    const deposits = await callApi(app, 'GET', '/wallets/deposits', {
      token: dora,
      query: { coin: 'btc' },
    });
    expect(deposits.data).toEqual({
      list: [
        expect.objectContaining({
          tx_id: txId,
          account: 'dora0001',
          address,
          amount: '0.25',
          confirmations: 1,
          confirmations_needed: 1,
          status: 'credited',
          transaction_id: (list.data as { list: { id: string }[] }).list[0]?.id,
        }),
      ],
    });

    // The same chain transfer seen again (a re-scan, another node's report) credits nothing.
    const again = await recordDeposits(
      database,
      [{ coin: 'btc', txId, outputIndex: 0, address, amount: '0.25', confirmations: 3 }],
      clock.now(),
    );
    expect(again).toEqual({ seen: 0, credited: 0 });
    await callApi(app, 'POST', '/dev/chain/blocks', {});
    expect(await btcAvailable(dora)).toBe('0.25');
    expect((await reconcileLedger(database)).ok).toBe(true);
  });

  it('should credit only once when two scans see the same confirmed transfer together', async () => {
    const { address } = (await depositAddress(dora, { coin: 'btc' })).data as { address: string };
    const transfer = {
      coin: 'btc' as const,
      txId: 'ab'.repeat(32),
      outputIndex: 0,
      address,
      amount: '0.5',
      confirmations: 1,
    };
    const results = await Promise.all([
      recordDeposits(database, [transfer], clock.now()),
      recordDeposits(database, [transfer], clock.now()),
    ]);
    expect(results.reduce((sum, result) => sum + result.credited, 0)).toBe(1);
    expect(await btcAvailable(dora)).toBe('0.75');
  });

  it('should wait for the confirmation and skip deposits below the minimum', async () => {
    const { address } = (await depositAddress(dora, { coin: 'btc' })).data as { address: string };
    const unconfirmed = {
      coin: 'btc' as const,
      txId: 'cd'.repeat(32),
      outputIndex: 0,
      address,
      amount: '0.1',
      confirmations: 0,
    };
    expect(await recordDeposits(database, [unconfirmed], clock.now())).toEqual({
      seen: 1,
      credited: 0,
    });
    expect(await btcAvailable(dora)).toBe('0.75');
    expect(
      await recordDeposits(database, [{ ...unconfirmed, confirmations: 1 }], clock.now()),
    ).toEqual({ seen: 0, credited: 1 });
    expect(await btcAvailable(dora)).toBe('0.85');

    const dust = { ...unconfirmed, txId: 'ef'.repeat(32), amount: '0.00001', confirmations: 6 };
    expect(await recordDeposits(database, [dust], clock.now())).toEqual({ seen: 1, credited: 0 });
    expect(await btcAvailable(dora)).toBe('0.85');
  });

  it('should refuse a demo deposit of a wrong coin, address or amount, naming the field', async () => {
    const { address } = (await depositAddress(dora, { coin: 'btc' })).data as { address: string };
    const coin = await callApi(app, 'POST', '/dev/deposits', {
      body: { coin: 'nope', address, amount: '1' },
    });
    expect(coin.status).toBe(400);
    expect(coin.fields).toEqual([{ field: 'coin', message: 'No such coin' }]);
    expect(coin.msg).toBe('No such coin');
    // A BTC address sent as LTC, and a stranger's address: neither is an LTC deposit address.
    const wrongCoin = await callApi(app, 'POST', '/dev/deposits', {
      body: { coin: 'ltc', address, amount: '1' },
    });
    expect(wrongCoin.status).toBe(400);
    expect(wrongCoin.fields).toEqual([{ field: 'address', message: 'The address is wrong' }]);
    const stranger = await callApi(app, 'POST', '/dev/deposits', {
      body: { coin: 'btc', address: 'bc1qexampleexampleexampleexampleexample', amount: '1' },
    });
    expect(stranger.fields).toEqual([{ field: 'address', message: 'The address is wrong' }]);
    const amount = await callApi(app, 'POST', '/dev/deposits', {
      body: { coin: 'btc', address, amount: '0.000000001' },
    });
    expect(amount.status).toBe(400);
    expect(amount.fields?.[0]?.field).toBe('amount');
  });

  it('should not serve the development deposit calls in production', async () => {
    const production = await buildApp({
      config: testConfig({
        POOLKIT_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        LOG_LEVEL: 'silent',
      }),
      db: database,
      clock,
    });
    try {
      for (const url of ['/api/dev/deposits', '/api/dev/chain/blocks']) {
        const response = await production.inject({
          method: 'POST',
          url,
          payload: { coin: 'btc', address: 'x', amount: '1' },
        });
        expect(response.statusCode).toBe(404);
      }
    } finally {
      await production.close();
    }
  });
});
