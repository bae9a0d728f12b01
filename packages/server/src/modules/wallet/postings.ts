/**
 * The ledger's posting API: what every money flow writes. A flow says what moves where —
 * `move({from, to, coin, amount, reason})`, several movements in one record with
 * {@link post}, or the undoing of an earlier record with {@link reverse} — and this module turns
 * it into a balanced record of entries ({@link postLedgerRecords} in `ledger.ts` does the
 * writing, locking and overdraft check). It is also the one place where a balance that would go
 * below zero becomes the contract's "insufficient balance" refusal, naming the field the caller
 * says the amount came from.
 *
 * A place is a user's mining account (its `available` balance by default, or `frozen` for
 * holds) or one of the pool's own ledgers (`system`, see {@link SystemLedgerName}).
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../contract';
import { badField } from '../../domain/errors';
import { queryRows, type SqlExecutor } from '../../engine/sql';
import {
  holderKey,
  InsufficientBalanceError,
  type LedgerBucket,
  type LedgerHolder,
  type LedgerLeg,
  type LedgerRecordType,
  type NewLedgerRecord,
  type PostedLedgerRecord,
  postLedgerRecords,
  type SystemLedgerName,
} from './ledger';

/** Where value sits: a user's mining account (available unless said) or a pool ledger. */
export type LedgerPlace =
  | { readonly account: string; readonly bucket?: LedgerBucket }
  | { readonly system: SystemLedgerName };

/** One movement of a positive amount of one coin from one place to another. */
export interface Movement {
  readonly from: LedgerPlace;
  readonly to: LedgerPlace;
  readonly coin: string;
  /** A positive decimal string. */
  readonly amount: string;
}

/** Why value moves: the record's kind and what it carries. */
export interface LedgerReason {
  readonly type: LedgerRecordType;
  /** Default `successful`. */
  readonly status?: 'successful' | 'failed' | 'pending';
  /** The record's main coin; default the first movement's coin. */
  readonly coin?: string;
  /** Makes the record unique: a record whose reference exists is not posted again. */
  readonly reference?: string;
  readonly initiatorUserId?: string;
  /** Mining income: the UTC day (`YYYY-MM-DD`) it was earned. */
  readonly miningDay?: string;
  readonly note?: string;
}

/** Options of {@link post} and {@link move}. */
export interface PostOptions {
  /**
   * The request field an overdraft is reported on (`amount` by default): a balance that would
   * go below zero refuses the posting with `insufficientBalance` naming it.
   */
  readonly field?: string;
}

function holderOf(place: LedgerPlace): { holder: LedgerHolder; bucket: LedgerBucket } {
  return 'system' in place
    ? { holder: { kind: 'system', name: place.system }, bucket: 'available' }
    : {
        holder: { kind: 'mining_account', miningAccountId: place.account },
        bucket: place.bucket ?? 'available',
      };
}

/**
 * The entries of movements: one per place and coin (what goes in and out of the same balance
 * in one record is netted; a place whose net is zero has no entry), users' accounts before
 * the pool's ledgers, each in the order the movements first name them.
 */
export function legsOf(movements: readonly Movement[]): LedgerLeg[] {
  const sums = new Map<string, { leg: LedgerLeg; sum: Big }>();
  const add = (place: LedgerPlace, coin: string, amount: Big) => {
    const { holder, bucket } = holderOf(place);
    const leg: LedgerLeg = { holder, coin, bucket, amount: '0' };
    const key = holderKey(holder, coin, bucket);
    const known = sums.get(key);
    if (known === undefined) sums.set(key, { leg, sum: amount });
    else known.sum = known.sum.plus(amount);
  };
  for (const movement of movements) {
    const amount = new Big(movement.amount);
    if (amount.lte(0)) {
      throw new RangeError(`A movement of ${movement.amount} ${movement.coin} is not positive`);
    }
    add(movement.from, movement.coin, amount.neg());
    add(movement.to, movement.coin, amount);
  }
  const legs = [...sums.values()]
    .filter(({ sum }) => !sum.eq(0))
    .map(({ leg, sum }) => ({ ...leg, amount: sum.toFixed() }));
  return [
    ...legs.filter((leg) => leg.holder.kind === 'mining_account'),
    ...legs.filter((leg) => leg.holder.kind === 'system'),
  ];
}

function recordOf(reason: LedgerReason, coin: string, legs: LedgerLeg[]): NewLedgerRecord {
  return {
    type: reason.type,
    status: reason.status ?? 'successful',
    coin: reason.coin ?? coin,
    ...(reason.reference === undefined ? {} : { reference: reason.reference }),
    ...(reason.initiatorUserId === undefined ? {} : { initiatorUserId: reason.initiatorUserId }),
    ...(reason.miningDay === undefined ? {} : { miningDay: reason.miningDay }),
    ...(reason.note === undefined ? {} : { note: reason.note }),
    legs,
  };
}

/** A ledger record of movements, for batches posted with {@link postLedgerRecords}. */
export function ledgerRecord(
  reason: LedgerReason,
  movements: readonly Movement[],
): NewLedgerRecord {
  const first = movements[0];
  if (first === undefined) throw new RangeError(`A ${reason.type} record moves nothing`);
  return recordOf(reason, first.coin, legsOf(movements));
}

async function postOne(
  executor: SqlExecutor,
  record: NewLedgerRecord,
  nowMs: number,
  options: PostOptions,
): Promise<PostedLedgerRecord> {
  try {
    const [posted] = await postLedgerRecords(executor, [record], nowMs);
    if (posted === undefined) throw new Error(`The ${record.type} record was not posted`);
    return posted;
  } catch (error) {
    if (error instanceof InsufficientBalanceError) {
      badField(options.field ?? 'amount', 'Insufficient balance', ERROR_CODES.insufficientBalance);
    }
    throw error;
  }
}

/**
 * Posts one record of one or more movements inside the caller's transaction (which must roll
 * back on a throw). A record whose `reference` exists already is not posted again
 * (`posted: false`). A user balance that would go below zero refuses it with the contract's
 * `insufficientBalance`, naming `options.field`.
 *
 * @example
 * await post(tx, { type: 'withdraw_payout', reference: `withdrawal-part:${id}:payout` }, [
 *   { from: { account, bucket: 'frozen' }, to: { system: 'withdrawals_paid' }, coin, amount },
 *   { from: { account, bucket: 'frozen' }, to: { system: 'withdraw_fees' }, coin, amount: fee },
 * ], now);
 */
export function post(
  executor: SqlExecutor,
  reason: LedgerReason,
  movements: readonly Movement[],
  nowMs: number,
  options: PostOptions = {},
): Promise<PostedLedgerRecord> {
  return postOne(executor, ledgerRecord(reason, movements), nowMs, options);
}

/**
 * Posts one movement as its own record: {@link post} with a single movement.
 *
 * @example
 * await move(tx, { from: { account: from.id }, to: { account: to.id }, coin, amount,
 *   reason: { type: 'transfer', initiatorUserId: userId } }, now);
 */
export function move(
  executor: SqlExecutor,
  movement: Movement & { readonly reason: LedgerReason },
  nowMs: number,
  options: PostOptions = {},
): Promise<PostedLedgerRecord> {
  const { reason, ...only } = movement;
  return post(executor, reason, [only], nowMs, options);
}

/**
 * Undoes a posted record: a new record (of `reason`'s kind, e.g. a refund) whose entries are
 * the old one's with their signs turned, so every balance it changed is as before it. A reversal
 * that would take a balance below zero (the value has moved on since) is refused like any
 * posting. The old record stays as it was: the ledger is only ever added to.
 */
export async function reverse(
  executor: SqlExecutor,
  recordId: string,
  reason: LedgerReason,
  nowMs: number,
  options: PostOptions = {},
): Promise<PostedLedgerRecord> {
  const rows = await queryRows<{
    coin: string;
    amount: string;
    holder: 'mining_account' | 'system';
    mining_account_id: string | null;
    system_name: SystemLedgerName | null;
    bucket: LedgerBucket;
    record_coin: string;
  }>(
    executor,
    sql`SELECT e.coin, e.amount::text AS amount, a.holder, a.mining_account_id::text AS mining_account_id,
          a.system_name, a.bucket, t.coin AS record_coin
        FROM ledger_entries e
        JOIN ledger_accounts a ON a.id = e.ledger_account_id
        JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE e.transaction_id = ${recordId}::bigint
        ORDER BY e.id`,
  );
  const first = rows[0];
  if (first === undefined) throw new Error(`Ledger record ${recordId} has no entries to reverse`);
  const legs: LedgerLeg[] = rows.map((row) => ({
    holder:
      row.holder === 'system'
        ? { kind: 'system', name: row.system_name as SystemLedgerName }
        : { kind: 'mining_account', miningAccountId: row.mining_account_id ?? '' },
    coin: row.coin,
    bucket: row.bucket,
    amount: new Big(row.amount).neg().toFixed(),
  }));
  return postOne(executor, recordOf(reason, first.record_coin, legs), nowMs, options);
}
