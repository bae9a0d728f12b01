/**
 * Withdrawals on the chain, on a real database: the hold of amount and fee once per idempotency
 * key, the split into parts, the withdrawal job paying them (the pool's accounts, the record's
 * entries, the export), refunding a part the chain fails, and paying once when the app crashes
 * between a broadcast and its record.
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock';
import { queryRows } from '../../engine/sql';
import { testDrivers } from '../../testing/testDatabase';
import { DEMO_CONFIRM_AFTER_MS } from '../chain/demoChain';
import { callApi, encrypted } from '../identity/testHelpers';
import {
  BTC_ADDRESS,
  expectSoundLedger,
  PAY_PASSWORD,
  systemBalance,
  transactionLines,
} from './testFixtures';
import { partIdempotencyKey, processWithdrawals } from './withdrawalSending';
import { useWithdrawalTestbed } from './withdrawalTestbed';

describe.each(testDrivers)('sending withdrawals on %s', (driver) => {
  const clock = createManualClock(Date.UTC(2026, 4, 1, 8));
  const testbed = useWithdrawalTestbed(driver, clock, { ready: true });

  it('should freeze amount and fee once per idempotency key, split it and pay it on the chain', async () => {
    const bed = testbed();
    const { app, database, chain, tokens } = bed;
    const alice = tokens.alice01;
    const body = await bed.withdrawBody({ amount: '0.08' });
    const first = await callApi(app, 'POST', '/wallets/withdrawals', { token: alice, body });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      coin: 'btc',
      amount: '0.08',
      fee: '0.0002',
      status: 'pending',
      manual_audit: false,
      parts: 2,
      account: 'alice01',
      address: BTC_ADDRESS,
    });
    const again = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: alice,
      body: { ...body, pay_password: (await encrypted(app, PAY_PASSWORD)).password },
    });
    expect(again.data).toEqual(first.data);
    const other = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: alice,
      body: { ...body, amount: '0.07' },
    });
    expect([other.status, other.fields?.[0]?.field]).toEqual([409, 'idempotency_key']);
    expect(await bed.balances('alice01')).toMatchObject({ available: '0.9198', frozen: '0.0802' });

    expect(await transactionLines(app, alice, { type: 'withdraw' })).toEqual([
      expect.objectContaining({
        id: first.data.id,
        amount: '-0.0802',
        fee: '0.0002',
        counterparty: BTC_ADDRESS,
        status: 'pending',
        tx_id: expect.stringMatching(/^demo/),
      }),
    ]);

    // Both parts were sent at once; the demo chain confirms them a few minutes later.
    expect(await processWithdrawals(database, chain, clock.now())).toEqual({
      broadcast: 0,
      confirmed: 0,
      failed: 0,
    });
    clock.advance(DEMO_CONFIRM_AFTER_MS);
    // The app's own job may settle them first (it runs on the same clock); either way, once.
    await processWithdrawals(database, chain, clock.now());
    expect(await bed.balances('alice01')).toMatchObject({ available: '0.9198', frozen: '0' });
    expect(await systemBalance(database, 'withdrawals_paid')).toBe('0.08');
    expect(await systemBalance(database, 'withdraw_fees')).toBe('0.0002');
    const detail = await callApi(app, 'GET', `/wallets/transactions/${first.data.id}`, {
      token: alice,
    });
    expect(detail.data.status).toBe('successful');
    expect(detail.data.entries).toEqual([
      expect.objectContaining({ holder: 'own', bucket: 'available', amount: '-0.0802' }),
      expect.objectContaining({ holder: 'own', bucket: 'frozen', amount: '0.0802' }),
      expect.objectContaining({ holder: 'own', bucket: 'frozen', amount: '-0.0502' }),
      expect.objectContaining({ holder: 'pool', name: 'withdrawals_paid', amount: '0.05' }),
      expect.objectContaining({ holder: 'pool', name: 'withdraw_fees', amount: '0.0002' }),
      expect.objectContaining({ holder: 'own', bucket: 'frozen', amount: '-0.03' }),
      expect.objectContaining({ holder: 'pool', name: 'withdrawals_paid', amount: '0.03' }),
    ]);
    // The payouts move only frozen coins: no lines of their own.
    expect(await transactionLines(app, alice, { type: 'withdraw' })).toHaveLength(1);
    // The export says the same as the API: the amount is what left the wallet, the fee is the
    // part of it charged as a fee (its column says it is included), never to be added again.
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    const csv = await app.inject({
      method: 'GET',
      url: `/api/wallets/exports/transactions?start_date=${today}&end_date=${today}&type=withdraw`,
      headers: { authorization: `Bearer ${alice}` },
    });
    const [header, row] = csv.body.trim().split('\n');
    expect(header).toBe('id,time,account,coin,type,amount,fee_included,counterparty,status,note');
    const cells = (row ?? '').split(',');
    expect([cells[0], cells[4], cells[5], cells[6]]).toEqual([
      first.data.id,
      'withdraw',
      '-0.0802',
      '0.0002',
    ]);
    await expectSoundLedger(database);
  });

  it('should refund a withdrawal the chain fails, with a refund line', async () => {
    const bed = testbed();
    const { app, database, chain, tokens } = bed;
    const sent = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: tokens.alice01,
      body: await bed.withdrawBody({ address_id: bed.failingAddressId, amount: '0.01' }),
    });
    expect(sent.status).toBe(200);
    expect(await bed.balances('alice01')).toMatchObject({ available: '0.9096', frozen: '0.0102' });
    clock.advance(DEMO_CONFIRM_AFTER_MS);
    await processWithdrawals(database, chain, clock.now());
    expect(await bed.balances('alice01')).toMatchObject({ available: '0.9198', frozen: '0' });
    // The refund is a line of its own kind, not a second "withdrawal" with a plus sign.
    expect((await transactionLines(app, tokens.alice01, {})).slice(0, 2)).toEqual([
      expect.objectContaining({
        type: 'withdraw_refund',
        amount: '0.0102',
        status: 'successful',
        note: 'refund',
      }),
      expect.objectContaining({
        id: sent.data.id,
        type: 'withdraw',
        amount: '-0.0102',
        status: 'failed',
      }),
    ]);
    const [refund] = await transactionLines(app, tokens.alice01, { type: 'withdraw_refund' });
    expect(refund).toMatchObject({ type: 'withdraw_refund', amount: '0.0102' });
    await expectSoundLedger(database);
  });

  it('should pay once when it crashes between the broadcast and its record, and retries', async () => {
    const bed = testbed();
    const { app, database, chain, tokens } = bed;
    const paidBefore = await systemBalance(database, 'withdrawals_paid');
    bed.crashAfterBroadcast = true;
    const sent = await callApi(app, 'POST', '/wallets/withdrawals', {
      token: tokens.alice01,
      body: await bed.withdrawBody({ amount: '0.02' }),
    });
    // The answer stands: the money is held, the part waits for the job.
    expect(sent.status).toBe(200);
    await expect(processWithdrawals(database, chain, clock.now())).rejects.toThrow('crashed');
    const [part] = await queryRows<{ id: string; state: string; tx_id: string | null }>(
      database.db,
      sql`SELECT p.id::text AS id, p.state, p.tx_id FROM withdrawal_parts p
          JOIN withdrawals w ON w.id = p.withdrawal_id
          WHERE w.hold_transaction_id = ${sent.data.id}::bigint`,
    );
    expect(part).toMatchObject({ state: 'queued', tx_id: null });
    bed.crashAfterBroadcast = false;
    await processWithdrawals(database, chain, clock.now());
    const onChain = await queryRows<{ tx_id: string }>(
      database.db,
      sql`SELECT tx_id FROM chain_broadcasts WHERE idempotency_key = ${partIdempotencyKey(part?.id ?? '')}`,
    );
    expect(onChain).toHaveLength(1);
    const [recorded] = await queryRows<{ tx_id: string }>(
      database.db,
      sql`SELECT tx_id FROM withdrawal_parts WHERE id = ${part?.id ?? '0'}::bigint`,
    );
    expect(recorded?.tx_id).toBe(onChain[0]?.tx_id);
    clock.advance(DEMO_CONFIRM_AFTER_MS);
    await processWithdrawals(database, chain, clock.now());
    expect(await systemBalance(database, 'withdrawals_paid')).toBe(
      new Big(paidBefore).plus('0.02').toFixed(),
    );
    await expectSoundLedger(database);
  });
});
