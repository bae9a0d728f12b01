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
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { type AnswerOf, COINS, type CoinId } from '../../contract';
import type { Database } from '../../db/connect';
import { iso, isoSeconds } from '../../db/sql';
import { refuseField } from '../../domain/errors';
import { execute, queryRows, type SqlExecutor, toDecimalString } from '../../engine/sql';
import type { InboundChain, ObservedTransfer } from '../chain/inboundChain';
import { inLedgerTransaction } from './ledger';
import { move } from './postings';
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
  const sourced = chain.addressFor(request.coin, owner.id);
  await execute(
    database.db,
    sql`INSERT INTO deposit_addresses (mining_account_id, coin, address, chain, created_at)
        VALUES (${owner.id}::bigint, ${request.coin}, ${sourced.address}, ${sourced.chain}::int,
                ${iso(nowMs)}::timestamptz)
        ON CONFLICT (mining_account_id, coin) DO NOTHING`,
  );
  const [row] = await queryRows<{ address: string; chain: number | null }>(
    database.db,
    sql`SELECT address, chain FROM deposit_addresses
        WHERE mining_account_id = ${owner.id}::bigint AND coin = ${request.coin}`,
  );
  if (row === undefined) throw new Error('The deposit address was not stored');
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
  let seen = 0;
  let credited = 0;
  for (const transfer of transfers) {
    if (!/^\d+(\.\d+)?$/.test(transfer.amount) || new Big(transfer.amount).lte(0)) continue;
    const decimals = Math.min(COINS[transfer.coin].chainDecimals, 18);
    if (new Big(transfer.amount).round(decimals, Big.roundDown).cmp(transfer.amount) !== 0)
      continue;
    const outcome = await inLedgerTransaction(database, async (tx) => {
      const owner = await depositAddressOwner(tx, transfer.coin, transfer.address);
      if (owner === undefined) return { seen: false, credited: false };
      const belowMinimum = new Big(transfer.amount).lt(DEPOSIT_MIN_AMOUNTS[transfer.coin]);
      const inserted = await queryRows<IdRow>(
        tx,
        sql`INSERT INTO deposits (coin, tx_id, output_index, address, mining_account_id, amount,
              confirmations, status, seen_at)
            VALUES (${transfer.coin}, ${transfer.txId}, ${transfer.outputIndex}::int,
              ${transfer.address}, ${owner}::bigint, ${transfer.amount}::numeric,
              ${transfer.confirmations}::int, ${belowMinimum ? 'below_minimum' : 'pending'},
              ${iso(nowMs)}::timestamptz)
            ON CONFLICT (coin, tx_id, output_index) DO NOTHING
            RETURNING id::text AS id`,
      );
      // Lock the deposit's row: a concurrent scan of the same transfer waits here, then finds
      // it credited.
      const [deposit] = await queryRows<{
        id: string;
        status: string;
        amount: string;
        mining_account_id: string;
      }>(
        tx,
        sql`SELECT id::text AS id, status, amount::text AS amount,
              mining_account_id::text AS mining_account_id
            FROM deposits
            WHERE coin = ${transfer.coin} AND tx_id = ${transfer.txId}
              AND output_index = ${transfer.outputIndex}::int
            FOR UPDATE`,
      );
      if (deposit === undefined || deposit.status !== 'pending') {
        return { seen: inserted.length > 0, credited: false };
      }
      if (transfer.confirmations < DEPOSIT_CONFIRMATIONS) {
        await execute(
          tx,
          sql`UPDATE deposits SET confirmations = GREATEST(confirmations, ${transfer.confirmations}::int)
              WHERE id = ${deposit.id}::bigint`,
        );
        return { seen: inserted.length > 0, credited: false };
      }
      const posted = await move(
        tx,
        {
          from: { system: 'deposits_received' },
          to: { account: deposit.mining_account_id },
          coin: transfer.coin,
          amount: deposit.amount,
          reason: { type: 'deposit', reference: depositReference(transfer) },
        },
        nowMs,
      );
      if (!posted.posted) return { seen: inserted.length > 0, credited: false };
      await execute(
        tx,
        sql`UPDATE deposits SET status = 'credited', confirmations = ${transfer.confirmations}::int,
              ledger_transaction_id = ${posted.id}::bigint, credited_at = ${iso(nowMs)}::timestamptz
            WHERE id = ${deposit.id}::bigint`,
      );
      return { seen: inserted.length > 0, credited: true };
    });
    if (outcome.seen) seen += 1;
    if (outcome.credited) credited += 1;
  }
  return { seen, credited };
}

/** Asks the chain which transfers to our addresses are not final yet, and records them. */
export async function scanDeposits(
  database: Database,
  chain: InboundChain,
  nowMs: number,
): Promise<DepositScan> {
  return recordDeposits(database, await chain.pendingTransfers(database.db), nowMs);
}
