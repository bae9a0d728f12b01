/**
 * The inbound side of the chain adapter (`chainAdapter.ts` is the outbound side, that pays
 * withdrawals): where deposit addresses come from and which transfers pay them. A coin on a
 * node follows the node's wallet (`nodeInbound.ts`, chosen by `<COIN>_RPC_URL`); this file
 * holds the interface and the development implementation, the demo inbound chain of the
 * simulator, which runs on this machine with no node: addresses derived from the account
 * and coin, and a chain whose transactions the development call `POST /api/dev/deposits`
 * broadcasts and whose blocks are mined a few minutes later by the app clock.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CoinId } from '../../contract';
import { execute, queryRows, type SqlExecutor, toDecimalString } from '../../engine/sql';

/** A deposit address as the address source hands it out. */
export interface SourcedAddress {
  readonly address: string;
  /** The chain of a multi-chain coin (KDA: 0, the pool's chain); `null` otherwise. */
  readonly chain: number | null;
  /** Who handed it out: `demo`, or the node's name (`node-ltc`). */
  readonly source: string;
}

/** One transfer seen on chain paying an address. */
export interface ObservedTransfer {
  readonly coin: CoinId;
  readonly txId: string;
  /** Which output of the transaction (a transaction may pay several addresses). */
  readonly outputIndex: number;
  readonly address: string;
  /** A positive decimal string. */
  readonly amount: string;
  /**
   * 0 while in the mempool; negative when a conflicting transaction is in the chain (a node
   * says so after a reorganisation).
   */
  readonly confirmations: number;
}

/** The transfers a followed chain reports since a cursor, and the cursor to store after them. */
export interface TransfersSince {
  readonly transfers: readonly ObservedTransfer[];
  readonly cursor: string;
}

/**
 * A coin followed block by block from a stored cursor (a node's wallet): every transfer it
 * reports is recorded, credited ones included, so one whose block left the chain is reversed.
 */
export interface FollowedChain {
  readonly coin: CoinId;
  /** The chain's name (`node-ltc`), stored with the cursor. */
  readonly name: string;
  /**
   * The wallet's transfers newer than `cursor` (the start of the chain when `null`), those not
   * deep enough to be final yet and those of blocks that left the chain since.
   */
  transfersSince(cursor: string | null): Promise<TransfersSince>;
}

/** Where deposits come from. */
export interface InboundChain {
  /** Who hands out the addresses of `coin`: `demo`, or the node's name. */
  sourceOf(coin: CoinId): string;
  /**
   * A new deposit address of a mining account for a coin. The caller stores it and hands the
   * stored one out from then on.
   */
  addressFor(coin: CoinId, miningAccountId: string): Promise<SourcedAddress>;
  /**
   * Transfers to the pool's deposit addresses that are not final yet for the pool (not yet
   * credited), with their current confirmations: the coins that are not followed.
   */
  pendingTransfers(executor: SqlExecutor): Promise<ObservedTransfer[]>;
  /** The coins followed from a cursor (on a node); none on the demo chain. */
  readonly followed?: readonly FollowedChain[];
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdef';

/** How each coin's demo address looks: prefix, alphabet and length of the rest. */
const ADDRESS_SHAPES: Record<CoinId, { prefix: string; alphabet: string; length: number }> = {
  btc: { prefix: 'bc1q', alphabet: BECH32, length: 38 },
  ltc: { prefix: 'ltc1q', alphabet: BECH32, length: 38 },
  doge: { prefix: 'D', alphabet: BASE58, length: 33 },
  xmr: { prefix: '4', alphabet: BASE58, length: 94 },
  eth: { prefix: '0x', alphabet: HEX, length: 40 },
  etc: { prefix: '0x', alphabet: HEX, length: 40 },
  hns: { prefix: 'hs1q', alphabet: BECH32, length: 38 },
  kda: { prefix: 'k:', alphabet: HEX, length: 64 },
  lbc: { prefix: 'b', alphabet: BASE58, length: 33 },
  ckb: { prefix: 'ckb1q', alphabet: BECH32, length: 45 },
  stc: { prefix: '0x', alphabet: HEX, length: 32 },
  dash: { prefix: 'X', alphabet: BASE58, length: 33 },
  sc: { prefix: '', alphabet: HEX, length: 76 },
  scp: { prefix: '', alphabet: HEX, length: 76 },
  cfx: { prefix: 'cfx:aa', alphabet: 'abcdefghjkmnprstuvwxyz0123456789', length: 40 },
  'grin-c32': { prefix: 'grin1', alphabet: BECH32, length: 58 },
  pmeer: { prefix: 'Mm', alphabet: BASE58, length: 32 },
  rvn: { prefix: 'R', alphabet: BASE58, length: 33 },
  zec: { prefix: 't1', alphabet: BASE58, length: 33 },
  dcr: { prefix: 'Ds', alphabet: BASE58, length: 33 },
  erg: { prefix: '9', alphabet: BASE58, length: 50 },
  alph: { prefix: '1', alphabet: BASE58, length: 44 },
  kas: { prefix: 'kaspa:q', alphabet: BECH32, length: 60 },
  sumo: { prefix: 'Sumo', alphabet: BASE58, length: 95 },
  zeph: { prefix: 'ZEPH', alphabet: BASE58, length: 95 },
  aleo: { prefix: 'aleo1', alphabet: BECH32, length: 58 },
};

/** The chain deposits use on multi-chain coins: KDA's pool runs on chain 0 (spec section 9). */
const CHAINS: Partial<Record<CoinId, number>> = { kda: 0 };

/**
 * A deterministic, real-looking address of `coin` for a mining account: the coin's prefix,
 * alphabet and length (so core's per-coin address patterns accept it), its characters drawn
 * from SHA-256 of the coin and the account. Not a key anybody holds: demo only.
 */
export function demoDepositAddress(coin: CoinId, miningAccountId: string): string {
  const shape = ADDRESS_SHAPES[coin];
  let characters = '';
  for (let round = 0; characters.length < shape.length; round += 1) {
    const digest = createHash('sha256')
      .update(`poolkit-demo-deposit:${coin}:${miningAccountId}:${round}`)
      .digest();
    for (const byte of digest) {
      if (characters.length >= shape.length) break;
      characters += shape.alphabet[byte % shape.alphabet.length];
    }
  }
  return `${shape.prefix}${characters}`;
}

/** How long after its broadcast the demo chain mines a transaction into a block. */
export const DEMO_BLOCK_DELAY_MS = 3 * 60_000;

/** A transaction the demo chain accepted. */
export interface DemoBroadcast {
  readonly txId: string;
  readonly coin: CoinId;
  readonly address: string;
  readonly amount: string;
  /** When the demo chain will mine it (by the app clock). */
  readonly minedAfterMs: number;
}

/**
 * The demo inbound chain: a mempool and blocks per coin in `demo_chain_transactions`. Blocks
 * are mined only when something waits, so a transaction gets its first confirmation in the
 * first pass of {@link mineDemoBlocks} {@link DEMO_BLOCK_DELAY_MS} after its broadcast (or at
 * once when asked to mine now), and one more with every later block of its coin.
 */
export const demoInboundChain: InboundChain = {
  sourceOf: () => 'demo',
  async addressFor(coin, miningAccountId) {
    return {
      address: demoDepositAddress(coin, miningAccountId),
      chain: CHAINS[coin] ?? null,
      source: 'demo',
    };
  },
  async pendingTransfers(executor) {
    const rows = await queryRows<{
      coin: CoinId;
      tx_id: string;
      address: string;
      amount: string;
      confirmations: number;
    }>(
      executor,
      sql`SELECT t.coin, t.tx_id, t.address, t.amount::text AS amount,
            CASE WHEN t.block_height IS NULL THEN 0
                 ELSE (tip.height - t.block_height + 1)::int END AS confirmations
          FROM demo_chain_transactions t
          JOIN deposit_addresses a ON a.coin = t.coin AND a.address = t.address
          LEFT JOIN (SELECT coin, max(block_height) AS height FROM demo_chain_transactions
                     GROUP BY coin) tip ON tip.coin = t.coin
          WHERE NOT EXISTS (
            SELECT 1 FROM deposits d
            WHERE d.coin = t.coin AND d.tx_id = t.tx_id AND d.status <> 'pending')
          ORDER BY t.id`,
    );
    return rows.map((row) => ({
      coin: row.coin,
      txId: row.tx_id,
      outputIndex: 0,
      address: row.address,
      amount: toDecimalString(row.amount),
      confirmations: row.confirmations,
    }));
  },
};

/** Puts a transaction paying `address` into the demo chain's mempool. */
export async function broadcastDemoTransaction(
  executor: SqlExecutor,
  transfer: { coin: CoinId; address: string; amount: string },
  nowMs: number,
): Promise<DemoBroadcast> {
  const txId = randomBytes(32).toString('hex');
  await execute(
    executor,
    sql`INSERT INTO demo_chain_transactions (coin, tx_id, address, amount, broadcast_at)
        VALUES (${transfer.coin}, ${txId}, ${transfer.address}, ${transfer.amount}::numeric,
                ${new Date(nowMs).toISOString()}::timestamptz)`,
  );
  return { txId, ...transfer, minedAfterMs: nowMs + DEMO_BLOCK_DELAY_MS };
}

/**
 * Mines one block per coin holding mempool transactions broadcast at least
 * {@link DEMO_BLOCK_DELAY_MS} ago (every waiting one with `now: true`), including them.
 *
 * @returns how many transactions were mined
 */
export async function mineDemoBlocks(
  executor: SqlExecutor,
  nowMs: number,
  options: { now?: boolean; coin?: CoinId } = {},
): Promise<number> {
  const readyBefore = new Date(options.now === true ? nowMs : nowMs - DEMO_BLOCK_DELAY_MS);
  const rows = await queryRows<{ id: string }>(
    executor,
    sql`WITH tips AS (
          SELECT coin, COALESCE(max(block_height), 0) + 1 AS next_height
          FROM demo_chain_transactions GROUP BY coin)
        UPDATE demo_chain_transactions t
        SET block_height = tips.next_height, mined_at = ${new Date(nowMs).toISOString()}::timestamptz
        FROM tips
        WHERE tips.coin = t.coin AND t.block_height IS NULL
          AND t.broadcast_at <= ${readyBefore.toISOString()}::timestamptz
          ${options.coin === undefined ? sql`` : sql`AND t.coin = ${options.coin}`}
        RETURNING t.id::text AS id`,
  );
  return rows.length;
}
