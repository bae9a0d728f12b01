/**
 * The ledger service: the only code that changes a balance. Every movement of value is a
 * record (`ledger_transactions`) with entries (`ledger_entries`) that sum to zero per coin,
 * written with the balances they change, inside the caller's transaction, so the business
 * record that caused it (a settled day, a transfer, later a withdrawal) commits with it or not
 * at all. Tables: `db/migrations/0008_ledger.sql`.
 *
 * Concurrency: balances are changed under row locks taken in ascending ledger-account id, so
 * two postings that touch the same balances queue instead of deadlocking, and an `UPDATE …
 * SET balance = balance + delta` never loses another's change. A user's balance is only
 * lowered when it stays at or above zero (checked in the same `UPDATE`, and again by the
 * table's `ledger_accounts_no_overdraft` check). {@link inLedgerTransaction} retries the
 * transaction when PostgreSQL still reports a deadlock or a serialisation failure.
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { execute, queryRows, type SqlExecutor } from '../../engine/sql';
import type { IdRow } from './rows';

/** Which balance of a holder: free to move, or held (withdrawals in progress, audits). */
export type LedgerBucket = 'available' | 'frozen';

/**
 * The pool's own ledger accounts, one per coin: the other side of movements that bring value
 * in or take it out of the users' balances.
 *
 * - `mining_payouts`: mining income paid to accounts (its balance is minus all income paid).
 * - `withdrawals_paid`: withdrawals paid out on the chain (its balance is all paid out).
 * - `withdraw_fees`: the withdrawal fees charged.
 * - `deposits_received`: coins received on chain and credited to accounts (minus all deposits).
 * - `exchange_desk`: the other side of exchanges between coins (takes in the coin sold, pays
 *   out the coin bought).
 * - `exchange_fees`: the exchange desk's fees, in the coin bought.
 * - `contract_sales`: what users paid for cloud-mining contracts from their wallets.
 * - `contract_payouts`: the daily output of contracts credited to users (minus all of it).
 * - `red_packet_grants`: hashrate red packets' income paid to accounts (minus all paid).
 * - `invite_rewards`: invitation rewards paid to inviters (minus all paid).
 */
export type SystemLedgerName =
  | 'mining_payouts'
  | 'withdrawals_paid'
  | 'withdraw_fees'
  | 'deposits_received'
  | 'exchange_desk'
  | 'exchange_fees'
  | 'contract_sales'
  | 'contract_payouts'
  | 'red_packet_grants'
  | 'invite_rewards';

/** Whose balance an entry changes. */
export type LedgerHolder =
  | { readonly kind: 'mining_account'; readonly miningAccountId: string }
  | { readonly kind: 'system'; readonly name: SystemLedgerName };

/** One entry to write: a signed amount on one holder's balance of one coin. */
export interface LedgerLeg {
  readonly holder: LedgerHolder;
  readonly coin: string;
  /** Default `available`. */
  readonly bucket?: LedgerBucket;
  /** A signed decimal string, never zero: positive adds to the balance. */
  readonly amount: string;
}

/**
 * Kinds of ledger records. A withdrawal is a `withdraw` record (available → frozen, pending
 * until settled), then per chain part a `withdraw_payout` (frozen → the pool's
 * `withdrawals_paid` and `withdraw_fees`) or a `withdraw_refund` (frozen → available). A
 * `deposit` credits coins received on chain (the pool's `deposits_received` → available). An
 * exchange between coins is one `exchange` record with entries in both coins.
 */
export type LedgerRecordType =
  | 'mining'
  | 'transfer'
  | 'deposit'
  | 'withdraw'
  | 'withdraw_payout'
  | 'withdraw_refund'
  | 'exchange'
  | 'contract'
  | 'red_packet'
  | 'invite_reward';

/** A record to post with its entries. */
export interface NewLedgerRecord {
  readonly type: LedgerRecordType;
  readonly status: 'successful' | 'failed' | 'pending';
  /** The record's main coin (the one its list line shows). */
  readonly coin: string;
  /**
   * What makes the record unique, for records the system posts (a day's mining income): a
   * record whose reference exists is skipped, so posting it again changes nothing.
   */
  readonly reference?: string;
  readonly initiatorUserId?: string;
  /** Mining income: the UTC day (`YYYY-MM-DD`) it was earned. */
  readonly miningDay?: string;
  readonly note?: string;
  /** At least two; they sum to zero per coin. */
  readonly legs: readonly LedgerLeg[];
}

/** The outcome of one record of {@link postLedgerRecords}. */
export interface PostedLedgerRecord {
  /** The record's id (also for a skipped duplicate: the id it would have had, unused). */
  readonly id: string;
  /** False when a record with its reference existed already and nothing was written. */
  readonly posted: boolean;
}

/** A posting would take a user's balance below zero; nothing of it was written. */
export class InsufficientBalanceError extends Error {
  /** The ledger accounts that would have gone below zero. */
  readonly ledgerAccountIds: readonly string[];

  constructor(ledgerAccountIds: readonly string[]) {
    super(`Insufficient balance on ledger account ${ledgerAccountIds.join(', ')}`);
    this.name = 'InsufficientBalanceError';
    this.ledgerAccountIds = ledgerAccountIds;
  }
}

/** One array parameter (drizzle would otherwise expand a JS array into a list). */
function array(values: readonly unknown[]) {
  return sql.param(values);
}

const decimalPattern = /^-?\d+(\.\d+)?$/;

function checkRecord(record: NewLedgerRecord): void {
  if (record.legs.length < 2) {
    throw new RangeError(`A ${record.type} record needs at least two entries`);
  }
  const sums = new Map<string, Big>();
  for (const leg of record.legs) {
    if (!decimalPattern.test(leg.amount)) {
      throw new RangeError(`Ledger amount "${leg.amount}" is not a decimal string`);
    }
    const amount = new Big(leg.amount);
    if (amount.eq(0)) throw new RangeError('A ledger entry cannot be zero');
    sums.set(leg.coin, (sums.get(leg.coin) ?? new Big(0)).plus(amount));
  }
  for (const [coin, sum] of sums) {
    if (!sum.eq(0)) {
      throw new RangeError(`The ${record.type} record's ${coin} entries sum to ${sum.toFixed()}`);
    }
  }
}

/** The key of one balance: its holder, coin and bucket. */
export function holderKey(holder: LedgerHolder, coin: string, bucket: LedgerBucket): string {
  return holder.kind === 'mining_account'
    ? `m:${holder.miningAccountId}:${coin}:${bucket}`
    : `s:${holder.name}:${coin}:${bucket}`;
}

interface AccountKey {
  readonly key: string;
  readonly holder: LedgerHolder;
  readonly coin: string;
  readonly bucket: LedgerBucket;
}

/**
 * The ledger account ids of the given holders, coins and buckets, creating the missing ones
 * (a first credit opens the balance). Safe under concurrency: a racing creation waits for the
 * other and finds its row.
 */
async function ledgerAccountIds(
  executor: SqlExecutor,
  accounts: readonly AccountKey[],
): Promise<Map<string, string>> {
  const select = async () => {
    const rows = await queryRows<{ id: string; key: string }>(
      executor,
      sql`SELECT a.id::text AS id, w.key FROM unnest(
            ${array(accounts.map((account) => account.key))}::text[],
            ${array(accounts.map((account) => account.holder.kind))}::text[],
            ${array(accounts.map((account) => (account.holder.kind === 'mining_account' ? account.holder.miningAccountId : null)))}::bigint[],
            ${array(accounts.map((account) => (account.holder.kind === 'system' ? account.holder.name : null)))}::text[],
            ${array(accounts.map((account) => account.coin))}::text[],
            ${array(accounts.map((account) => account.bucket))}::text[]
          ) AS w(key, holder, mining_account_id, system_name, coin, bucket)
          JOIN ledger_accounts a ON a.holder = w.holder AND a.coin = w.coin AND a.bucket = w.bucket
            AND a.mining_account_id IS NOT DISTINCT FROM w.mining_account_id
            AND a.system_name IS NOT DISTINCT FROM w.system_name`,
    );
    return new Map(rows.map((row) => [row.key, row.id]));
  };
  let ids = await select();
  const missing = accounts.filter((account) => !ids.has(account.key));
  if (missing.length > 0) {
    await execute(
      executor,
      sql`INSERT INTO ledger_accounts (holder, mining_account_id, system_name, coin, bucket)
          SELECT * FROM unnest(
            ${array(missing.map((account) => account.holder.kind))}::text[],
            ${array(missing.map((account) => (account.holder.kind === 'mining_account' ? account.holder.miningAccountId : null)))}::bigint[],
            ${array(missing.map((account) => (account.holder.kind === 'system' ? account.holder.name : null)))}::text[],
            ${array(missing.map((account) => account.coin))}::text[],
            ${array(missing.map((account) => account.bucket))}::text[])
          ON CONFLICT DO NOTHING`,
    );
    ids = await select();
  }
  for (const account of accounts) {
    if (!ids.has(account.key)) throw new Error(`Ledger account ${account.key} was not created`);
  }
  return ids;
}

/** Rows per statement when a batch is large (every row binds a handful of array items). */
const BATCH_ROWS = 5_000;

/**
 * Posts ledger records with their entries and balance changes, inside the caller's
 * transaction (`executor` must be one: the entries' zero-sum check runs at its commit).
 *
 * 1. Checks every record (at least two entries, none zero, summing to zero per coin).
 * 2. Opens the balances that do not exist yet.
 * 3. Inserts the records; one whose `reference` exists is skipped, with its entries.
 * 4. Inserts the entries.
 * 5. Locks the touched balances in ascending id order and applies each one's net change, only
 *    where a user's balance stays at or above zero; otherwise throws
 *    {@link InsufficientBalanceError} (the caller's transaction must roll back).
 *
 * @example
 * await database.db.transaction((tx) => postLedgerRecords(tx, [transferRecord], now));
 */
export async function postLedgerRecords(
  executor: SqlExecutor,
  records: readonly NewLedgerRecord[],
  nowMs: number,
): Promise<PostedLedgerRecord[]> {
  if (records.length === 0) return [];
  for (const record of records) checkRecord(record);
  const createdAt = new Date(nowMs).toISOString();

  const accountsByKey = new Map<string, AccountKey>();
  for (const record of records) {
    for (const leg of record.legs) {
      const bucket = leg.bucket ?? 'available';
      const key = holderKey(leg.holder, leg.coin, bucket);
      if (!accountsByKey.has(key)) {
        accountsByKey.set(key, { key, holder: leg.holder, coin: leg.coin, bucket });
      }
    }
  }
  const accountIds = await ledgerAccountIds(executor, [...accountsByKey.values()]);

  // Ids first, so each record's entries know their record whatever order RETURNING has.
  const idRows = await queryRows<IdRow>(
    executor,
    sql`SELECT nextval(pg_get_serial_sequence('ledger_transactions', 'id'))::text AS id
        FROM generate_series(1, ${records.length}::int)`,
  );
  const ids = idRows.map((row) => row.id);
  const postedIds = new Set<string>();
  for (let start = 0; start < records.length; start += BATCH_ROWS) {
    const part = records.slice(start, start + BATCH_ROWS);
    const partIds = ids.slice(start, start + BATCH_ROWS);
    const inserted = await queryRows<IdRow>(
      executor,
      sql`INSERT INTO ledger_transactions (id, type, status, coin, reference, initiator_user_id,
            mining_day, note, created_at)
          SELECT id, type, status, coin, reference, initiator_user_id, mining_day, note,
            ${createdAt}::timestamptz
          FROM unnest(
            ${array(partIds)}::bigint[],
            ${array(part.map((record) => record.type))}::text[],
            ${array(part.map((record) => record.status))}::text[],
            ${array(part.map((record) => record.coin))}::text[],
            ${array(part.map((record) => record.reference ?? null))}::text[],
            ${array(part.map((record) => record.initiatorUserId ?? null))}::bigint[],
            ${array(part.map((record) => record.miningDay ?? null))}::date[],
            ${array(part.map((record) => record.note ?? null))}::text[]
          ) AS r(id, type, status, coin, reference, initiator_user_id, mining_day, note)
          ON CONFLICT (reference) DO NOTHING
          RETURNING id::text AS id`,
    );
    for (const row of inserted) postedIds.add(row.id);
  }

  const deltas = new Map<string, Big>();
  const entries: { transactionId: string; accountId: string; coin: string; amount: string }[] = [];
  records.forEach((record, index) => {
    const transactionId = ids[index];
    if (transactionId === undefined || !postedIds.has(transactionId)) return;
    for (const leg of record.legs) {
      const accountId = accountIds.get(holderKey(leg.holder, leg.coin, leg.bucket ?? 'available'));
      if (accountId === undefined) throw new Error('Unresolved ledger account');
      deltas.set(accountId, (deltas.get(accountId) ?? new Big(0)).plus(leg.amount));
      entries.push({ transactionId, accountId, coin: leg.coin, amount: leg.amount });
    }
  });

  for (let start = 0; start < entries.length; start += BATCH_ROWS) {
    const part = entries.slice(start, start + BATCH_ROWS);
    await execute(
      executor,
      sql`INSERT INTO ledger_entries (transaction_id, ledger_account_id, coin, amount, created_at)
          SELECT t, a, c, m, ${createdAt}::timestamptz FROM unnest(
            ${array(part.map((entry) => entry.transactionId))}::bigint[],
            ${array(part.map((entry) => entry.accountId))}::bigint[],
            ${array(part.map((entry) => entry.coin))}::text[],
            ${array(part.map((entry) => entry.amount))}::numeric[]) AS e(t, a, c, m)`,
    );
  }

  const changes = [...deltas].filter(([, delta]) => !delta.eq(0));
  if (changes.length > 0) {
    const changeIds = changes.map(([id]) => id);
    // Lock in ascending id order: every posting queues on the same order, so none deadlocks.
    // NO KEY UPDATE (what an UPDATE of the balance takes anyway) still lets other postings'
    // entries check their foreign key to this balance meanwhile. Last in the posting, so the
    // lock is held from here to the commit only.
    await execute(
      executor,
      sql`SELECT id FROM ledger_accounts WHERE id = ANY(${array(changeIds)}::bigint[])
          ORDER BY id FOR NO KEY UPDATE`,
    );
    const updated = await queryRows<IdRow>(
      executor,
      sql`UPDATE ledger_accounts a SET balance = a.balance + d.delta
          FROM unnest(${array(changeIds)}::bigint[],
                      ${array(changes.map(([, delta]) => delta.toFixed()))}::numeric[]) AS d(id, delta)
          WHERE a.id = d.id AND (a.holder = 'system' OR a.balance + d.delta >= 0)
          RETURNING a.id::text AS id`,
    );
    if (updated.length !== changes.length) {
      const done = new Set(updated.map((row) => row.id));
      throw new InsufficientBalanceError(changeIds.filter((id) => !done.has(id)));
    }
  }

  return records.map((_, index) => {
    const id = ids[index] ?? '';
    return { id, posted: postedIds.has(id) };
  });
}

/** PostgreSQL's serialisation failure and deadlock: the transaction may simply run again. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);

function isRetryable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Attempts of {@link inLedgerTransaction} before a retryable failure is given up on. */
const MAX_ATTEMPTS = 5;

/**
 * Runs `work` in one database transaction, again (up to 5 times, after a short random pause)
 * when PostgreSQL reports a deadlock or a serialisation failure. `work` must be safe to repeat:
 * everything it wrote was rolled back.
 */
export async function inLedgerTransaction<T>(
  database: Database,
  work: (tx: SqlExecutor) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await database.db.transaction((tx) => work(tx));
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/** What {@link reconcileLedger} found; `ok` when both lists are empty. */
export interface LedgerReconciliation {
  readonly ok: boolean;
  /** Balances that differ from the sum of their entries. */
  readonly mismatchedBalances: readonly {
    readonly ledgerAccountId: string;
    readonly coin: string;
    readonly balance: string;
    readonly entries: string;
  }[];
  /** Records whose entries do not sum to zero in some coin. */
  readonly unbalancedRecords: readonly {
    readonly transactionId: string;
    readonly coin: string;
    readonly sum: string;
  }[];
  /** User balances below zero. */
  readonly overdrawnBalances: readonly string[];
  /** Balances checked. */
  readonly balances: number;
  /** Entries summed. */
  readonly entries: number;
}

/**
 * The reconciliation query: every balance against the sum of its entries, every record's
 * entries against zero per coin, every user balance against zero. Read in one statement each
 * at `REPEATABLE READ`, so a posting committing meanwhile cannot make a false alarm.
 */
export async function reconcileLedger(database: Database): Promise<LedgerReconciliation> {
  return database.db.transaction((tx) => reconcileLedgerIn(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/**
 * {@link reconcileLedger} inside the caller's transaction, which should be `REPEATABLE READ`
 * so that its statements and the caller's own read one snapshot.
 */
export async function reconcileLedgerIn(tx: SqlExecutor): Promise<LedgerReconciliation> {
  const mismatched = await queryRows<{
    id: string;
    coin: string;
    balance: string;
    entries: string;
  }>(
    tx,
    sql`SELECT a.id::text AS id, a.coin, a.balance::text AS balance,
          COALESCE(e.total, 0)::text AS entries
        FROM ledger_accounts a
        LEFT JOIN (SELECT ledger_account_id, sum(amount) AS total FROM ledger_entries
                   GROUP BY ledger_account_id) e ON e.ledger_account_id = a.id
        WHERE a.balance <> COALESCE(e.total, 0)
        ORDER BY a.id`,
  );
  const unbalanced = await queryRows<{ id: string; coin: string; sum: string }>(
    tx,
    sql`SELECT transaction_id::text AS id, coin, sum(amount)::text AS sum
        FROM ledger_entries GROUP BY transaction_id, coin HAVING sum(amount) <> 0
        ORDER BY transaction_id`,
  );
  const overdrawn = await queryRows<IdRow>(
    tx,
    sql`SELECT id::text AS id FROM ledger_accounts
        WHERE holder <> 'system' AND balance < 0 ORDER BY id`,
  );
  const [counts] = await queryRows<{ balances: number; entries: number }>(
    tx,
    sql`SELECT (SELECT count(*) FROM ledger_accounts)::int AS balances,
               (SELECT count(*) FROM ledger_entries)::int AS entries`,
  );
  return {
    ok: mismatched.length === 0 && unbalanced.length === 0 && overdrawn.length === 0,
    mismatchedBalances: mismatched.map((row) => ({
      ledgerAccountId: row.id,
      coin: row.coin,
      balance: row.balance,
      entries: row.entries,
    })),
    unbalancedRecords: unbalanced.map((row) => ({
      transactionId: row.id,
      coin: row.coin,
      sum: row.sum,
    })),
    overdrawnBalances: overdrawn.map((row) => row.id),
    balances: counts?.balances ?? 0,
    entries: counts?.entries ?? 0,
  };
}
