import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connect';
import { createIngest } from '../../engine/ingest';
import { runRollup } from '../../engine/rollup';
import { settleDay } from '../../engine/settlement';
import { queryRows } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { causedBy } from '../../testing/causedBy';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { findIdempotentAnswer, runIdempotent } from './idempotency';
import {
  InsufficientBalanceError,
  inLedgerTransaction,
  type NewLedgerRecord,
  postLedgerRecords,
  reconcileLedger,
} from './ledger';
import { creditMiningIncome } from './miningIncome';
import { addAccount } from './testFixtures';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.UTC(2026, 2, 1, 12);

function mining(accountId: string, coin: string, amount: string, reference: string) {
  return {
    type: 'mining',
    status: 'successful',
    coin,
    reference,
    legs: [
      { holder: { kind: 'mining_account', miningAccountId: accountId }, coin, amount },
      { holder: { kind: 'system', name: 'mining_payouts' }, coin, amount: `-${amount}` },
    ],
  } satisfies NewLedgerRecord;
}

function transfer(from: string, to: string, coin: string, amount: string) {
  return {
    type: 'transfer',
    status: 'successful',
    coin,
    legs: [
      { holder: { kind: 'mining_account', miningAccountId: from }, coin, amount: `-${amount}` },
      { holder: { kind: 'mining_account', miningAccountId: to }, coin, amount },
    ],
  } satisfies NewLedgerRecord;
}

async function balanceOf(database: Database, accountId: string, coin: string): Promise<string> {
  const [row] = await queryRows<{ balance: string }>(
    database.db,
    sql`SELECT COALESCE(sum(balance), 0)::text AS balance FROM ledger_accounts
        WHERE mining_account_id = ${accountId}::bigint AND coin = ${coin}`,
  );
  return row?.balance ?? '0';
}

describe.each(testDrivers)('ledger on %s', (driver) => {
  let database: Database;
  let alice = '';
  let bob = '';

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    alice = await addAccount(database, 'alice', 'alice01');
    bob = await addAccount(database, 'bob', 'bob00001');
  });

  afterAll(async () => {
    await database?.close();
  });

  it('should post records whose entries sum to zero and move the balances with them', async () => {
    await inLedgerTransaction(database, (tx) =>
      postLedgerRecords(tx, [mining(alice, 'btc', '1.5', 'test:1')], NOW),
    );
    await inLedgerTransaction(database, (tx) =>
      postLedgerRecords(tx, [transfer(alice, bob, 'btc', '0.25')], NOW),
    );
    expect(await balanceOf(database, alice, 'btc')).toBe('1.25');
    expect(await balanceOf(database, bob, 'btc')).toBe('0.25');
    const report = await reconcileLedger(database);
    expect(report.ok).toBe(true);
    expect(report.entries).toBe(4);
  });

  it('should skip a record whose reference exists, with its entries', async () => {
    const [again] = await inLedgerTransaction(database, (tx) =>
      postLedgerRecords(tx, [mining(alice, 'btc', '1.5', 'test:1')], NOW),
    );
    expect(again?.posted).toBe(false);
    expect(await balanceOf(database, alice, 'btc')).toBe('1.25');
    expect((await reconcileLedger(database)).entries).toBe(4);
  });

  it('should refuse an overdraft and write nothing of it', async () => {
    await expect(
      inLedgerTransaction(database, (tx) =>
        postLedgerRecords(tx, [transfer(bob, alice, 'btc', '0.25000001')], NOW),
      ),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await balanceOf(database, bob, 'btc')).toBe('0.25');
    expect((await reconcileLedger(database)).entries).toBe(4);
  });

  it('should refuse records that do not sum to zero before writing', async () => {
    const broken = {
      ...transfer(alice, bob, 'btc', '0.1'),
      legs: [
        { holder: { kind: 'mining_account', miningAccountId: alice }, coin: 'btc', amount: '-0.1' },
        { holder: { kind: 'mining_account', miningAccountId: bob }, coin: 'btc', amount: '0.2' },
      ],
    } satisfies NewLedgerRecord;
    await expect(
      inLedgerTransaction(database, (tx) => postLedgerRecords(tx, [broken], NOW)),
    ).rejects.toThrow(/sum to 0.1/);
  });

  it('should let the database refuse unbalanced entries and edits written around the service', async () => {
    const [account] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id::text AS id FROM ledger_accounts WHERE mining_account_id = ${alice}::bigint`,
    );
    await expect(
      database.db.transaction(async (tx) => {
        const [record] = await queryRows<{ id: string }>(
          tx,
          sql`INSERT INTO ledger_transactions (type, status, coin, created_at)
              VALUES ('transfer', 'successful', 'btc', now()) RETURNING id::text AS id`,
        );
        await tx.execute(
          sql`INSERT INTO ledger_entries (transaction_id, ledger_account_id, coin, amount, created_at)
              VALUES (${record?.id}::bigint, ${account?.id}::bigint, 'btc', 1, now())`,
        );
      }),
    ).rejects.toSatisfy(causedBy(/does not sum to zero/));
    await expect(database.db.execute(sql`DELETE FROM ledger_entries`)).rejects.toSatisfy(
      causedBy(/append-only/),
    );
    await expect(database.db.execute(sql`UPDATE ledger_entries SET amount = 2`)).rejects.toSatisfy(
      causedBy(/append-only/),
    );
    await expect(
      database.db.execute(
        sql`UPDATE ledger_accounts SET balance = -1 WHERE mining_account_id = ${bob}::bigint`,
      ),
    ).rejects.toSatisfy(causedBy(/ledger_accounts_no_overdraft/));
    expect((await reconcileLedger(database)).ok).toBe(true);
  });

  it('should report a balance that no longer equals its entries', async () => {
    await database.db.execute(
      sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE mining_account_id = ${bob}::bigint`,
    );
    const report = await reconcileLedger(database);
    expect(report.ok).toBe(false);
    expect(report.mismatchedBalances).toEqual([
      expect.objectContaining({ balance: expect.stringMatching(/^1\.25/), entries: '0.25' }),
    ]);
    await database.db.execute(
      sql`UPDATE ledger_accounts SET balance = balance - 1 WHERE mining_account_id = ${bob}::bigint`,
    );
    expect((await reconcileLedger(database)).ok).toBe(true);
  });

  it('should credit each settled day once per account and coin, also when re-run concurrently', async () => {
    const ingest = createIngest(database);
    const day = Date.UTC(2026, 1, 3);
    await ingest.recordNetwork({ coin: 'btc', height: 900_000, difficulty: 1e6, at: day });
    await ingest.recordShares([
      { account: 'alice01', coin: 'btc', worker: 'w1', difficulty: 1_000, accepted: true, at: day },
      {
        account: 'bob00001',
        coin: 'btc',
        worker: 'w1',
        difficulty: 3_000,
        accepted: true,
        at: day,
      },
    ]);
    await runRollup(database, day + 24 * HOUR + MINUTE);
    const before = {
      alice: await balanceOf(database, alice, 'btc'),
      bob: await balanceOf(database, bob, 'btc'),
    };
    const runs = await Promise.all([
      settleDay(database, 'btc', '2026-02-03', day + 25 * HOUR),
      settleDay(database, 'btc', '2026-02-03', day + 25 * HOUR),
    ]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    // 1000 / 1e6 × 3.125 = 0.003125 less 2.5 % = 0.00304688 (fee truncated to 8 places).
    const income = await queryRows<{ miner: string; amount: string }>(
      database.db,
      sql`SELECT miner, amount::text AS amount FROM profit_days WHERE day = '2026-02-03' ORDER BY miner`,
    );
    expect(income.map((row) => row.miner)).toEqual(['alice01', 'bob00001']);
    const [aliceIncome, bobIncome] = income.map((row) => Number(row.amount));
    expect(Number(await balanceOf(database, alice, 'btc'))).toBeCloseTo(
      Number(before.alice) + (aliceIncome ?? 0),
      10,
    );
    expect(Number(await balanceOf(database, bob, 'btc'))).toBeCloseTo(
      Number(before.bob) + (bobIncome ?? 0),
      10,
    );

    const reruns = await Promise.all([
      inLedgerTransaction(database, (tx) => creditMiningIncome(tx, {}, day + 26 * HOUR)),
      inLedgerTransaction(database, (tx) => creditMiningIncome(tx, {}, day + 26 * HOUR)),
    ]);
    expect(reruns).toEqual([0, 0]);
    const credits = await queryRows<{ reference: string; mining_day: string }>(
      database.db,
      sql`SELECT reference, mining_day::text AS mining_day FROM ledger_transactions
          WHERE type = 'mining' AND mining_day IS NOT NULL ORDER BY reference`,
    );
    expect(credits).toEqual([
      { reference: `mining:${alice}:btc:2026-02-03`, mining_day: '2026-02-03' },
      { reference: `mining:${bob}:btc:2026-02-03`, mining_day: '2026-02-03' },
    ]);
    expect((await reconcileLedger(database)).ok).toBe(true);
  });

  it('should credit days settled before the ledger existed when caught up', async () => {
    const [row] = await queryRows<{ amount: string }>(
      database.db,
      sql`INSERT INTO profit_days (pool, miner, day, diff, pps_amount, pplns_amount, fee, amount,
            pay_method, fee_percent, status)
          VALUES ('btc', 'alice01', '2026-01-01', 1, 0.002, 0, 0.00005, 0.00195, 'PPS+', 2.5, 'settled')
          RETURNING amount::text AS amount`,
    );
    expect(row?.amount).toBe('0.00195');
    const before = Number(await balanceOf(database, alice, 'btc'));
    const credited = await inLedgerTransaction(database, (tx) => creditMiningIncome(tx, {}, NOW));
    expect(credited).toBe(1);
    expect(Number(await balanceOf(database, alice, 'btc'))).toBeCloseTo(before + 0.00195, 10);
    expect((await reconcileLedger(database)).ok).toBe(true);
  });

  it('should move money once per idempotency key, also for concurrent repeats', async () => {
    const [owner] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id::text AS id FROM users WHERE username = 'alice'`,
    );
    const call = {
      userId: owner?.id ?? '',
      key: 'key-0123456789abcdef',
      endpoint: 'transfer',
      requestHash: 'h1',
    };
    const before = await balanceOf(database, bob, 'btc');
    let runs = 0;
    const send = () =>
      runIdempotent(database, call, NOW, async (tx) => {
        runs += 1;
        const [posted] = await postLedgerRecords(tx, [transfer(alice, bob, 'btc', '0.01')], NOW);
        return { id: posted?.id };
      });
    const answers = await Promise.all([send(), send(), send()]);
    const again = await send();
    expect(new Set([...answers, again].map((result) => result.answer.id)).size).toBe(1);
    expect([...answers, again].filter((result) => !result.replayed)).toHaveLength(1);
    expect(Number(await balanceOf(database, bob, 'btc'))).toBeCloseTo(Number(before) + 0.01, 10);
    expect(runs).toBeGreaterThanOrEqual(1);
    await expect(
      findIdempotentAnswer(database.db, { ...call, requestHash: 'h2' }),
    ).rejects.toBeInstanceOf(HttpError);

    const refused = { ...call, key: 'key-refused-0123456789' };
    await expect(
      runIdempotent(database, refused, NOW, (tx) =>
        postLedgerRecords(tx, [transfer(alice, bob, 'btc', '1000')], NOW),
      ),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await findIdempotentAnswer(database.db, refused)).toBeUndefined();
    expect((await reconcileLedger(database)).ok).toBe(true);
  });
});
