/**
 * Deposits: each mining account has its own deposit address per coin (money belongs to mining
 * accounts, so a deposit credits the account whose address it paid); the inbound chain
 * adapter (`../chain/inboundChain.ts`) hands the addresses out and reports the transfers paying
 * them; a job on the app's clock records them and, once they have the coin's confirmations (1, spec section 9),
 * credits them through the ledger: a `deposit` record from the pool's `deposits_received`
 * account to the mining account's available balance. Tables: `0013_deposits.sql`.
 *
 * A chain transfer is one deposit however often it is seen: `deposits` is unique by coin,
 * transaction id and output, and the ledger record's reference
 * `deposit:<coin>:<tx id>:<output>` is unique too, so a second sighting, a concurrent scan or
 * a re-run after a crash credits nothing more.
 */

import { COIN_DISPLAY } from '@poolkit/core';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { type AnswerOf, COINS, type CoinId } from '../../contract';
import type { Database } from '../../db/connect';
import { iso, isoSeconds } from '../../db/sql';
import { refuseField } from '../../domain/errors';
import { execute, queryRows, type SqlExecutor, toDecimalString } from '../../engine/sql';
import type { FollowedChain, InboundChain, ObservedTransfer } from '../chain/inboundChain';
import { postMessage } from '../notifications/messages';
import { inLedgerTransaction } from './ledger';
import { move, reverse } from './postings';
import type { AccountRow, IdRow } from './rows';

/** Confirmations before a deposit is credited (spec section 9: 1). */
export const DEPOSIT_CONFIRMATIONS = 1;

/**
 * The smallest deposit credited, per coin (the spec gives none): about the size of a typical
 * network fee, so dust is not worth the chain's fee to sweep. Smaller deposits are recorded as
 * `below_minimum` and never credited.
 */
export const DEPOSIT_MIN_AMOUNTS: Record<CoinId, string> = {
  btc: '0.0001',
  ltc: '0.001',
  doge: '1',
  xmr: '0.001',
  eth: '0.001',
  etc: '0.01',
  hns: '1',
  kda: '0.1',
  lbc: '1',
  ckb: '100',
  stc: '1',
  dash: '0.001',
  sc: '100',
  scp: '10',
  cfx: '1',
  'grin-c32': '1',
  pmeer: '1',
  rvn: '10',
  zec: '0.001',
  dcr: '0.01',
  erg: '0.1',
  alph: '0.1',
  kas: '10',
  sumo: '1',
  zeph: '0.1',
  aleo: '1',
};

/** The ledger reference of a deposit: what makes its credit unique. */
export function depositReference(
  transfer: Pick<ObservedTransfer, 'coin' | 'txId' | 'outputIndex'>,
) {
  return `deposit:${transfer.coin}:${transfer.txId}:${transfer.outputIndex}`;
}

/** The answer of `GET /wallets/deposit-address` (`depositAddressSchema`). */
export type DepositAddressAnswer = AnswerOf<'depositAddress'>;

/**
 * The deposit address of one of the user's mining accounts (`account`, else the main account)
 * for `coin`, created on first request and kept. HTTP 400 naming `account` when it is not one
 * of the user's.
 */
export async function depositAddressOf(
  database: Database,
  chain: InboundChain,
  request: { userId: string; coin: CoinId; account?: string | undefined },
  nowMs: number,
): Promise<DepositAddressAnswer> {
  const [owner] = await queryRows<AccountRow>(
    database.db,
    request.account === undefined
      ? sql`SELECT id::text AS id, name FROM mining_accounts
            WHERE user_id = ${request.userId}::bigint ORDER BY is_main DESC, id LIMIT 1`
      : sql`SELECT id::text AS id, name FROM mining_accounts
            WHERE user_id = ${request.userId}::bigint AND lower(name) = ${request.account.toLowerCase()}`,
  );
  if (owner === undefined) {
    refuseField(
      'account',
      request.account === undefined ? 'No mining account yet' : 'No such mining account of yours',
    );
  }
  const source = chain.sourceOf(request.coin);
  const row = await database.db.transaction(async (tx) => {
    // One address per account and coin even when two requests come at once: a node hands out
    // a new address on every call.
    await execute(
      tx,
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`deposit-address:${owner.id}:${request.coin}`}, 0))`,
    );
    const [stored] = await queryRows<{ address: string; chain: number | null; source: string }>(
      tx,
      sql`SELECT address, chain, source FROM deposit_addresses
          WHERE mining_account_id = ${owner.id}::bigint AND coin = ${request.coin}`,
    );
    // An address of another source (the demo chain's, before the coin moved to a node) is
    // nobody's key there: replaced, never handed out.
    if (stored !== undefined && stored.source === source) return stored;
    const sourced = await chain.addressFor(request.coin, owner.id);
    await execute(
      tx,
      sql`INSERT INTO deposit_addresses (mining_account_id, coin, address, chain, source, created_at)
          VALUES (${owner.id}::bigint, ${request.coin}, ${sourced.address}, ${sourced.chain}::int,
                  ${sourced.source}, ${iso(nowMs)}::timestamptz)
          ON CONFLICT (mining_account_id, coin) DO UPDATE
            SET address = EXCLUDED.address, chain = EXCLUDED.chain, source = EXCLUDED.source,
                created_at = EXCLUDED.created_at`,
    );
    return sourced;
  });
  return {
    coin: request.coin,
    account: owner.name,
    address: row.address,
    chain: row.chain,
    confirmations: DEPOSIT_CONFIRMATIONS,
    min_amount: DEPOSIT_MIN_AMOUNTS[request.coin],
  };
}

/** How many deposits `GET /wallets/deposits` answers. */
export const DEPOSIT_LIST_SIZE = 20;

/** A deposit as `GET /wallets/deposits` lists it (`depositSchema`). */
export interface DepositLine {
  readonly tx_id: string;
  readonly coin: CoinId;
  readonly account: string;
  readonly address: string;
  readonly amount: string;
  readonly confirmations: number;
  readonly confirmations_needed: number;
  readonly status: 'pending' | 'credited' | 'below_minimum';
  readonly seen_at: string;
  readonly credited_at: string | null;
  readonly transaction_id: string | null;
}

/**
 * The user's newest deposits (at most {@link DEPOSIT_LIST_SIZE}), pending ones included, of
 * one coin and one account when given.
 */
export async function readDeposits(
  executor: SqlExecutor,
  userId: string,
  filters: { coin?: CoinId | undefined; account?: string | undefined },
): Promise<{ list: DepositLine[] }> {
  const rows = await queryRows<{
    tx_id: string;
    coin: CoinId;
    account: string;
    address: string;
    amount: string;
    confirmations: number;
    status: DepositLine['status'];
    seen_ms: number;
    credited_ms: number | null;
    transaction_id: string | null;
  }>(
    executor,
    sql`SELECT d.tx_id, d.coin, ma.name AS account, d.address, d.amount::text AS amount,
          d.confirmations, d.status,
          (extract(epoch from d.seen_at) * 1000)::float8 AS seen_ms,
          (extract(epoch from d.credited_at) * 1000)::float8 AS credited_ms,
          d.ledger_transaction_id::text AS transaction_id
        FROM deposits d
        JOIN mining_accounts ma ON ma.id = d.mining_account_id
        WHERE ma.user_id = ${userId}::bigint
          ${filters.coin === undefined ? sql`` : sql`AND d.coin = ${filters.coin}`}
          ${filters.account === undefined ? sql`` : sql`AND lower(ma.name) = ${filters.account.toLowerCase()}`}
        ORDER BY d.seen_at DESC, d.id DESC
        LIMIT ${DEPOSIT_LIST_SIZE}::int`,
  );
  return {
    list: rows.map((row) => ({
      tx_id: row.tx_id,
      coin: row.coin,
      account: row.account,
      address: row.address,
      amount: toDecimalString(row.amount),
      confirmations: row.confirmations,
      confirmations_needed: DEPOSIT_CONFIRMATIONS,
      status: row.status,
      seen_at: isoSeconds(row.seen_ms),
      credited_at: row.credited_ms === null ? null : isoSeconds(row.credited_ms),
      transaction_id: row.transaction_id,
    })),
  };
}

/** The mining account a deposit address belongs to, or `undefined` for a stranger's address. */
export async function depositAddressOwner(
  executor: SqlExecutor,
  coin: CoinId,
  address: string,
): Promise<string | undefined> {
  const [row] = await queryRows<IdRow>(
    executor,
    sql`SELECT mining_account_id::text AS id FROM deposit_addresses
        WHERE coin = ${coin} AND address = ${address}`,
  );
  return row?.id;
}

/** What {@link recordDeposits} did. */
export interface DepositScan {
  /** Transfers to our addresses seen for the first time. */
  readonly seen: number;
  /** Deposits credited to balances by this call. */
  readonly credited: number;
  /** Credits reversed because their block left the chain; only when some were. */
  readonly reversed?: number;
  /**
   * Reversals the account could not pay, flagged for the operator (`deposit_shortfalls`); only
   * when some were.
   */
  readonly flagged?: number;
}

const NOTHING: DepositScan = { seen: 0, credited: 0 };

function sum(one: DepositScan, other: DepositScan): DepositScan {
  const reversed = (one.reversed ?? 0) + (other.reversed ?? 0);
  const flagged = (one.flagged ?? 0) + (other.flagged ?? 0);
  return {
    seen: one.seen + other.seen,
    credited: one.credited + other.credited,
    // Left out when none: the demo chain's scans answer as they always did.
    ...(reversed === 0 ? {} : { reversed }),
    ...(flagged === 0 ? {} : { flagged }),
  };
}

/** Whether an amount is a positive decimal of the coin's precision. */
function validAmount(transfer: ObservedTransfer): boolean {
  if (!/^\d+(\.\d+)?$/.test(transfer.amount) || new Big(transfer.amount).lte(0)) return false;
  const decimals = Math.min(COINS[transfer.coin].chainDecimals, 18);
  return new Big(transfer.amount).round(decimals, Big.roundDown).cmp(transfer.amount) === 0;
}

/**
 * The ledger reference of a deposit's credit after `reversals` reversals: the first credit's is
 * {@link depositReference}, each credit after a reversal has its own, so the same transfer
 * confirmed again in another block is credited once more, never twice.
 */
function creditReference(transfer: ObservedTransfer, reversals: number): string {
  const reference = depositReference(transfer);
  return reversals === 0 ? reference : `${reference}:${reversals}`;
}

type DepositRow = {
  id: string;
  status: string;
  amount: string;
  mining_account_id: string;
  reversals: number;
  ledger_transaction_id: string | null;
};

/**
 * Tells the owner of a deposit that a reorganisation took it back after it was spent (a
 * `wallet_update` message, in the transaction that flags the shortfall): the balance does not
 * show it, so without the message the user would first hear of it from the operator.
 */
async function notifyShortfall(
  tx: SqlExecutor,
  transfer: ObservedTransfer,
  deposit: DepositRow,
  nowMs: number,
): Promise<void> {
  const [owner] = await queryRows<{ user_id: string; name: string }>(
    tx,
    sql`SELECT user_id::text AS user_id, name FROM mining_accounts
        WHERE id = ${deposit.mining_account_id}::bigint`,
  );
  if (owner === undefined) return;
  await postMessage(tx, {
    userId: owner.user_id,
    type: 'wallet_update',
    textKey: 'depositShortfall',
    params: {
      amount: `${deposit.amount} ${COIN_DISPLAY[transfer.coin].symbol}`,
      account: owner.name,
      tx: transfer.txId,
    },
    account: owner.name,
    nowMs,
  });
}

/**
 * Takes back a credited deposit whose transfer lost its confirmations (its block left the
 * chain): the credit is reversed and the deposit waits for confirmations again. When the
 * account no longer holds the amount (spent since), nothing is taken: the deposit stays
 * credited, one open shortfall is flagged for the operator and the user is told.
 */
async function reverseCredit(
  tx: SqlExecutor,
  transfer: ObservedTransfer,
  deposit: DepositRow,
  nowMs: number,
): Promise<DepositScan> {
  const [open] = await queryRows<IdRow>(
    tx,
    sql`SELECT id::text AS id FROM deposit_shortfalls
        WHERE deposit_id = ${deposit.id}::bigint AND resolved_at IS NULL`,
  );
  if (open !== undefined || deposit.ledger_transaction_id === null) return NOTHING;
  const [balance] = await queryRows<{ balance: string }>(
    tx,
    sql`SELECT balance::text AS balance FROM ledger_accounts
        WHERE holder = 'mining_account' AND mining_account_id = ${deposit.mining_account_id}::bigint
          AND coin = ${transfer.coin} AND bucket = 'available'
        FOR NO KEY UPDATE`,
  );
  if (balance === undefined || new Big(balance.balance).lt(deposit.amount)) {
    await execute(
      tx,
      sql`INSERT INTO deposit_shortfalls (deposit_id, mining_account_id, coin, amount, flagged_at)
          VALUES (${deposit.id}::bigint, ${deposit.mining_account_id}::bigint, ${transfer.coin},
                  ${deposit.amount}::numeric, ${iso(nowMs)}::timestamptz)`,
    );
    await notifyShortfall(tx, transfer, deposit, nowMs);
    return { ...NOTHING, flagged: 1 };
  }
  const reversal = deposit.reversals + 1;
  await reverse(
    tx,
    deposit.ledger_transaction_id,
    {
      type: 'deposit',
      reference: `deposit-reversal:${transfer.coin}:${transfer.txId}:${transfer.outputIndex}:${reversal}`,
      note: 'reorganisation',
    },
    nowMs,
  );
  await execute(
    tx,
    sql`UPDATE deposits SET status = 'pending', ledger_transaction_id = NULL, credited_at = NULL,
          confirmations = ${Math.max(transfer.confirmations, 0)}::int, reversals = ${reversal}::int
        WHERE id = ${deposit.id}::bigint`,
  );
  return { ...NOTHING, reversed: 1 };
}

/**
 * Records one transfer inside the caller's transaction: a new one as a deposit, credited when
 * it has the coin's confirmations; a credited one that lost them is reversed. Idempotent: see
 * the file's comment.
 */
async function recordTransfer(
  tx: SqlExecutor,
  transfer: ObservedTransfer,
  nowMs: number,
): Promise<DepositScan> {
  const owner = await depositAddressOwner(tx, transfer.coin, transfer.address);
  if (owner === undefined) return NOTHING;
  const belowMinimum = new Big(transfer.amount).lt(DEPOSIT_MIN_AMOUNTS[transfer.coin]);
  const inserted = await queryRows<IdRow>(
    tx,
    sql`INSERT INTO deposits (coin, tx_id, output_index, address, mining_account_id, amount,
          confirmations, status, seen_at)
        VALUES (${transfer.coin}, ${transfer.txId}, ${transfer.outputIndex}::int,
          ${transfer.address}, ${owner}::bigint, ${transfer.amount}::numeric,
          ${Math.max(transfer.confirmations, 0)}::int, ${belowMinimum ? 'below_minimum' : 'pending'},
          ${iso(nowMs)}::timestamptz)
        ON CONFLICT (coin, tx_id, output_index) DO NOTHING
        RETURNING id::text AS id`,
  );
  const seen = { ...NOTHING, seen: inserted.length };
  // Lock the deposit's row: a concurrent scan of the same transfer waits here, then finds it
  // credited.
  const [deposit] = await queryRows<DepositRow>(
    tx,
    sql`SELECT id::text AS id, status, amount::text AS amount,
          mining_account_id::text AS mining_account_id, reversals,
          ledger_transaction_id::text AS ledger_transaction_id
        FROM deposits
        WHERE coin = ${transfer.coin} AND tx_id = ${transfer.txId}
          AND output_index = ${transfer.outputIndex}::int
        FOR UPDATE`,
  );
  if (deposit === undefined || deposit.status === 'below_minimum') return seen;
  if (deposit.status === 'credited') {
    if (transfer.confirmations < DEPOSIT_CONFIRMATIONS) {
      return sum(seen, await reverseCredit(tx, transfer, deposit, nowMs));
    }
    // Confirmed again: a shortfall flagged while its block was gone is over.
    await execute(
      tx,
      sql`UPDATE deposit_shortfalls SET resolved_at = ${iso(nowMs)}::timestamptz
          WHERE deposit_id = ${deposit.id}::bigint AND resolved_at IS NULL`,
    );
    return seen;
  }
  if (transfer.confirmations < DEPOSIT_CONFIRMATIONS) {
    await execute(
      tx,
      sql`UPDATE deposits SET confirmations = ${
        deposit.reversals === 0
          ? sql`GREATEST(confirmations, ${transfer.confirmations}::int)`
          : sql`${Math.max(transfer.confirmations, 0)}::int`
      }
          WHERE id = ${deposit.id}::bigint`,
    );
    return seen;
  }
  const posted = await move(
    tx,
    {
      from: { system: 'deposits_received' },
      to: { account: deposit.mining_account_id },
      coin: transfer.coin,
      amount: deposit.amount,
      reason: { type: 'deposit', reference: creditReference(transfer, deposit.reversals) },
    },
    nowMs,
  );
  if (!posted.posted) return seen;
  await execute(
    tx,
    sql`UPDATE deposits SET status = 'credited', confirmations = ${transfer.confirmations}::int,
          ledger_transaction_id = ${posted.id}::bigint, credited_at = ${iso(nowMs)}::timestamptz
        WHERE id = ${deposit.id}::bigint`,
  );
  return { ...seen, credited: 1 };
}

/**
 * Records transfers seen on chain and credits those with enough confirmations, each in its own
 * ledger transaction (one bad transfer cannot hold the others back). Transfers to addresses
 * that are not ours, or with an amount that is not a positive decimal of the coin's precision,
 * are skipped. Idempotent: see the file's comment.
 */
export async function recordDeposits(
  database: Database,
  transfers: readonly ObservedTransfer[],
  nowMs: number,
): Promise<DepositScan> {
  let scan = NOTHING;
  for (const transfer of transfers) {
    if (!validAmount(transfer)) continue;
    scan = sum(
      scan,
      await inLedgerTransaction(database, (tx) => recordTransfer(tx, transfer, nowMs)),
    );
  }
  return scan;
}

/**
 * Records what a followed chain reports since the coin's stored cursor and moves the cursor,
 * in one transaction: a crash or a restart before the commit reads the same blocks again
 * (recording them is idempotent), after it the next ones, so nothing is missed or repeated.
 * The cursor's row lock makes two servers' scans of one coin take turns.
 */
export async function followDeposits(
  database: Database,
  followed: FollowedChain,
  nowMs: number,
): Promise<DepositScan> {
  return inLedgerTransaction(database, async (tx) => {
    const [cursor] = await queryRows<{ chain: string; last_block: string }>(
      tx,
      sql`SELECT chain, last_block FROM chain_cursors WHERE coin = ${followed.coin} FOR UPDATE`,
    );
    // A cursor of another node (the coin moved to a new one) means nothing to this one.
    const since = cursor?.chain === followed.name ? cursor.last_block : null;
    const { transfers, cursor: next } = await followed.transfersSince(since);
    let scan = NOTHING;
    for (const transfer of transfers) {
      if (validAmount(transfer)) scan = sum(scan, await recordTransfer(tx, transfer, nowMs));
    }
    await execute(
      tx,
      sql`INSERT INTO chain_cursors (coin, chain, last_block, updated_at)
          VALUES (${followed.coin}, ${followed.name}, ${next}, ${iso(nowMs)}::timestamptz)
          ON CONFLICT (coin) DO UPDATE
            SET chain = EXCLUDED.chain, last_block = EXCLUDED.last_block,
                updated_at = EXCLUDED.updated_at`,
    );
    return scan;
  });
}

/**
 * Asks the chain which transfers to our addresses are not final yet, and records them; then
 * each followed coin from its cursor. A coin whose node fails does not hold the others back:
 * they are recorded, then the pass fails with its error (its cursor stays, so the next pass
 * resumes there).
 */
export async function scanDeposits(
  database: Database,
  chain: InboundChain,
  nowMs: number,
): Promise<DepositScan> {
  let scan = await recordDeposits(database, await chain.pendingTransfers(database.db), nowMs);
  const failures: unknown[] = [];
  for (const followed of chain.followed ?? []) {
    try {
      scan = sum(scan, await followDeposits(database, followed, nowMs));
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, 'Deposits of several coins failed');
  return scan;
}
