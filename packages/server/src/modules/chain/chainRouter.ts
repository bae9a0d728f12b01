/**
 * The chain adapter the wallet gets: each coin on its node when one is configured
 * (`<COIN>_RPC_URL`), every other coin on the fallback (the demo chain).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { iso } from '../../db/sql';
import { execute, queryRows } from '../../engine/sql';
import type { ChainAdapter } from './chainAdapter';
import type { NodeChain } from './nodeChain';

/**
 * Routes each payment by its coin. A node's transaction is recorded in `chain_broadcasts`
 * under the node's name, which is how `status` finds the chain of a transaction id later (after
 * a restart too); an id it has no node row for is the fallback's.
 *
 * A send on a node runs inside a transaction holding a lock on its idempotency key, so two
 * servers (or the request and the withdrawal job) sending the same part never both miss the
 * node's search and pay it twice.
 */
export function createChainRouter(
  database: Database,
  nodes: readonly NodeChain[],
  fallback: ChainAdapter,
): ChainAdapter {
  if (nodes.length === 0) return fallback;
  const byCoin = new Map(nodes.map((node) => [node.coin, node]));
  const byName = new Map(nodes.map((node) => [node.name, node]));
  /** The node that sent a transaction, from its `chain_broadcasts` row; none: the fallback's. */
  const nodeOf = async (txId: string): Promise<NodeChain | undefined> => {
    const rows = await queryRows<{ chain: string }>(
      database.db,
      sql`SELECT chain FROM chain_broadcasts WHERE tx_id = ${txId}`,
    );
    return rows.map((row) => byName.get(row.chain)).find((found) => found !== undefined);
  };
  return {
    name: [...nodes.map((node) => node.name), fallback.name].join('+'),
    async broadcast(payment, nowMs) {
      const node = byCoin.get(payment.coin);
      if (node === undefined) return fallback.broadcast(payment, nowMs);
      return database.db.transaction(async (tx) => {
        await execute(
          tx,
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${`chain:${payment.idempotencyKey}`}, 0))`,
        );
        const { txId } = await node.broadcast(payment, nowMs);
        await execute(
          tx,
          sql`INSERT INTO chain_broadcasts (chain, idempotency_key, coin, address, amount, tx_id,
                status, broadcast_at)
              VALUES (${node.name}, ${payment.idempotencyKey}, ${payment.coin}, ${payment.address},
                ${payment.amount}::numeric, ${txId}, 'pending', ${iso(nowMs)}::timestamptz)
              ON CONFLICT DO NOTHING`,
        );
        return { txId };
      });
    },
    async status(txId, nowMs) {
      const node = await nodeOf(txId);
      if (node === undefined) return fallback.status(txId, nowMs);
      const status = await node.status(txId, nowMs);
      if (status !== 'pending') {
        await execute(
          database.db,
          sql`UPDATE chain_broadcasts SET status = ${status}
              WHERE chain = ${node.name} AND tx_id = ${txId}`,
        );
      }
      return status;
    },
    async networkFee(txId) {
      const node = await nodeOf(txId);
      if (node === undefined) return (await fallback.networkFee?.(txId)) ?? null;
      return node.networkFee(txId);
    },
  };
}
