import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../contract';
import type { Database } from '../../db/connect';
import { DomainError } from '../../domain/errors';
import { queryRows } from '../../engine/sql';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { inLedgerTransaction, reconcileLedger } from './ledger';
import {
  type LedgerReason,
  legsOf,
  type Movement,
  move,
  type PostOptions,
  post,
  reverse,
} from './postings';
import { addAccount } from './testFixtures';

const NOW = Date.UTC(2026, 2, 1, 12);

async function balances(database: Database, accountId: string, coin: string) {
  const rows = await queryRows<{ bucket: string; balance: string }>(
    database.db,
    sql`SELECT bucket, balance::text AS balance FROM ledger_accounts
        WHERE mining_account_id = ${accountId}::bigint AND coin = ${coin} ORDER BY bucket`,
  );
  return Object.fromEntries(rows.map((row) => [row.bucket, new Big(row.balance).toFixed()]));
}

describe('legsOf', () => {
  it('should net what one record moves through the same balance, users first', () => {
    const frozen = { account: '7', bucket: 'frozen' } as const;
    expect(
      legsOf([
        { from: frozen, to: { system: 'withdrawals_paid' }, coin: 'btc', amount: '1' },
        { from: frozen, to: { system: 'withdraw_fees' }, coin: 'btc', amount: '0.0002' },
      ]).map((leg) => [leg.holder.kind, leg.bucket, leg.amount]),
    ).toEqual([
      ['mining_account', 'frozen', '-1.0002'],
      ['system', 'available', '1'],
      ['system', 'available', '0.0002'],
    ]);
  });

  it('should refuse a movement that is not positive', () => {
    expect(() =>
      legsOf([{ from: { account: '1' }, to: { account: '2' }, coin: 'btc', amount: '0' }]),
    ).toThrow(RangeError);
  });
});

describe.each(testDrivers)('postings on %s', (driver) => {
  let database: Database;
  let alice = '';
  let bob = '';

  /** One movement and its reason, posted in a ledger transaction of its own. */
  const moveNow = (movement: Movement & { reason: LedgerReason }, options?: PostOptions) =>
    inLedgerTransaction(database, (tx) => move(tx, movement, NOW, options));
  /** Alice's 2 BTC of mining income, under one reference. */
  const seedAlice = () =>
    moveNow({
      from: { system: 'mining_payouts' },
      to: { account: alice },
      coin: 'btc',
      amount: '2',
      reason: { type: 'mining', reference: 'postings:seed' },
    });

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    alice = await addAccount(database, 'alice', 'alice01');
    bob = await addAccount(database, 'bob', 'bob00001');
    await seedAlice();
  });

  afterAll(async () => {
    await database?.close();
  });

  it('should move value between places and not post a known reference twice', async () => {
    const again = await seedAlice();
    expect(again.posted).toBe(false);
    expect(await balances(database, alice, 'btc')).toEqual({ available: '2' });
  });

  it('should refuse an overdraft as insufficient balance naming the field, writing nothing', async () => {
    const refusal = await moveNow(
      {
        from: { account: bob },
        to: { account: alice },
        coin: 'btc',
        amount: '0.1',
        reason: { type: 'transfer' },
      },
      { field: 'pay_amount' },
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      code: ERROR_CODES.insufficientBalance,
      fields: [{ field: 'pay_amount', message: 'Insufficient balance' }],
    });
    expect(await balances(database, alice, 'btc')).toEqual({ available: '2' });
  });

  it('should undo a hold with reverse, leaving both records in a ledger that reconciles', async () => {
    const hold = await inLedgerTransaction(database, (tx) =>
      post(
        tx,
        { type: 'withdraw', status: 'pending' },
        [
          {
            from: { account: alice },
            to: { account: alice, bucket: 'frozen' },
            coin: 'btc',
            amount: '0.5',
          },
        ],
        NOW,
      ),
    );
    expect(await balances(database, alice, 'btc')).toEqual({ available: '1.5', frozen: '0.5' });
    const refund = await inLedgerTransaction(database, (tx) =>
      reverse(tx, hold.id, { type: 'withdraw_refund', note: 'refund' }, NOW),
    );
    expect(refund.posted).toBe(true);
    expect(await balances(database, alice, 'btc')).toEqual({ available: '2', frozen: '0' });
    const [record] = await queryRows<{ type: string; coin: string; note: string }>(
      database.db,
      sql`SELECT type, coin, note FROM ledger_transactions WHERE id = ${refund.id}::bigint`,
    );
    expect(record).toEqual({ type: 'withdraw_refund', coin: 'btc', note: 'refund' });
    expect((await reconcileLedger(database)).ok).toBe(true);
  });

  it('should refuse a reversal whose value has moved on', async () => {
    const sent = await moveNow({
      from: { account: alice },
      to: { account: bob },
      coin: 'btc',
      amount: '1',
      reason: { type: 'transfer' },
    });
    await moveNow({
      from: { account: bob },
      to: { account: alice },
      coin: 'btc',
      amount: '0.6',
      reason: { type: 'transfer' },
    });
    await expect(
      inLedgerTransaction(database, (tx) => reverse(tx, sent.id, { type: 'transfer' }, NOW)),
    ).rejects.toMatchObject({ code: ERROR_CODES.insufficientBalance });
    expect(await balances(database, bob, 'btc')).toEqual({ available: '0.4' });
  });
});
