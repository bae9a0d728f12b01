import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { iso } from '../../db/sql';
import { queryRows, toNumber } from '../../engine/sql';
import type { ChainAdapter, ChainPayment, ChainTransactionStatus } from './chainAdapter';

/** Options of {@link createDemoChain}. */
export interface DemoChainOptions {
  /** How long after its broadcast a transaction is settled. Default 3 minutes. */
  readonly confirmAfterMs?: number;
  /** Which payments the demo chain fails instead of confirming. Default: none. */
  readonly fails?: (payment: ChainPayment) => boolean;
}

/** The demo chain's default confirmation time. */
export const DEMO_CONFIRM_AFTER_MS = 3 * 60_000;

/**
 * A chain that runs on this machine: it keeps its transactions in `chain_broadcasts` (chain
 * `demo`), answers a repeat of an idempotency key with the transaction it already has (the
 * table's primary key decides a race), and settles every transaction `confirmAfterMs` after its
 * broadcast, confirmed unless `fails` says otherwise. Time is the caller's (`nowMs`, the app's
 * clock), so tests move it.
 */
export function createDemoChain(database: Database, options: DemoChainOptions = {}): ChainAdapter {
  const confirmAfterMs = options.confirmAfterMs ?? DEMO_CONFIRM_AFTER_MS;
  const name = 'demo';
  return {
    name,
    async broadcast(payment, nowMs) {
      const txId = `demo${randomBytes(30).toString('hex')}`;
      await database.db.execute(
        sql`INSERT INTO chain_broadcasts (chain, idempotency_key, coin, address, amount, tx_id,
              status, broadcast_at)
            VALUES (${name}, ${payment.idempotencyKey}, ${payment.coin}, ${payment.address},
              ${payment.amount}::numeric, ${txId}, 'pending', ${iso(nowMs)}::timestamptz)
            ON CONFLICT (chain, idempotency_key) DO NOTHING`,
      );
      const [row] = await queryRows<{ tx_id: string }>(
        database.db,
        sql`SELECT tx_id FROM chain_broadcasts
            WHERE chain = ${name} AND idempotency_key = ${payment.idempotencyKey}`,
      );
      if (row === undefined) throw new Error('The demo chain lost a broadcast');
      return { txId: row.tx_id };
    },
    async status(txId, nowMs): Promise<ChainTransactionStatus> {
      const [row] = await queryRows<{
        status: ChainTransactionStatus;
        idempotency_key: string;
        coin: ChainPayment['coin'];
        address: string;
        amount: string;
        broadcast_ms: unknown;
      }>(
        database.db,
        sql`SELECT status, idempotency_key, coin, address, amount::text AS amount,
              (extract(epoch from broadcast_at) * 1000)::float8 AS broadcast_ms
            FROM chain_broadcasts WHERE chain = ${name} AND tx_id = ${txId}`,
      );
      if (row === undefined) throw new Error(`The demo chain has no transaction ${txId}`);
      if (row.status !== 'pending' || nowMs < toNumber(row.broadcast_ms) + confirmAfterMs) {
        return row.status;
      }
      const failed =
        options.fails?.({
          idempotencyKey: row.idempotency_key,
          coin: row.coin,
          address: row.address,
          amount: row.amount,
        }) ?? false;
      const [settled] = await queryRows<{ status: ChainTransactionStatus }>(
        database.db,
        sql`UPDATE chain_broadcasts SET status = CASE WHEN status = 'pending'
              THEN ${failed ? 'failed' : 'confirmed'} ELSE status END
            WHERE chain = ${name} AND tx_id = ${txId} RETURNING status`,
      );
      return settled?.status ?? row.status;
    },
  };
}
