/**
 * The inbound chain on a Bitcoin Core family node's wallet (Litecoin Core on regtest in the
 * tests): deposit addresses come from the wallet (`getnewaddress`, labelled with the account
 * and coin so the operator finds them in the node), and deposits are followed with
 * `listsinceblock` from the last block recorded, whose hash `deposits.ts` keeps per coin.
 *
 * Coins without a node stay on the fallback (the demo inbound chain): {@link createInboundRouter}.
 */
import { DEPOSIT_CONFIRMATIONS } from '@poolkit/core';
import Big from 'big.js';
import type { CoinNodeConfig } from '../../config';
import type { CoinId } from '../../contract';
import { type BitcoinRpc, createBitcoinRpc } from './bitcoinRpc';
import type {
  FollowedChain,
  InboundChain,
  ObservedTransfer,
  SourcedAddress,
  TransfersSince,
} from './inboundChain';

/** One line of `listsinceblock` (the fields PoolKit reads). */
interface SinceBlockLine {
  readonly address?: string;
  readonly category: string;
  readonly amount: string | number;
  readonly vout: number;
  readonly confirmations: number;
  readonly txid: string;
}

/** The wallet calls of deposits, beside those of `BitcoinRpcMethods`. */
interface InboundMethods {
  getnewaddress: { params: [label: string, addressType: 'bech32']; result: string };
  listsinceblock: {
    params: [
      blockhash: string,
      targetConfirmations: number,
      includeWatchOnly: boolean,
      includeRemoved: boolean,
    ];
    result: {
      transactions: SinceBlockLine[];
      removed?: SinceBlockLine[];
      lastblock: string;
    };
  };
}

type InboundCall = <M extends keyof InboundMethods>(
  method: M,
  ...params: InboundMethods[M]['params']
) => Promise<InboundMethods[M]['result']>;

/** A coin's inbound chain on its node: addresses and the followed transfers. */
export interface NodeInbound extends FollowedChain {
  addressFor(miningAccountId: string): Promise<SourcedAddress>;
}

/** Options of {@link createNodeInbound}. */
export interface NodeInboundOptions {
  readonly coin: CoinId;
  /** The client of the wallet's URL (`<COIN>_RPC_URL`). */
  readonly rpc: BitcoinRpc;
  /**
   * Confirmations that make a deposit final (the coin's deposit confirmations, 1): transfers
   * with fewer are reported again by the next call.
   */
  readonly confirmations: number;
}

/** The label of an account's deposit address in the node's wallet. */
export function depositLabel(coin: CoinId, miningAccountId: string): string {
  return `poolkit:${miningAccountId}:${coin}`;
}

/**
 * The transfers of `listsinceblock` lines: what the wallet received (`receive`), one per
 * transaction output. A line of `removed` (its block left the chain) that is also among the
 * transactions is taken from there, with its current confirmations.
 */
export function receivedTransfers(
  coin: CoinId,
  lines: readonly SinceBlockLine[],
): ObservedTransfer[] {
  const byOutput = new Map<string, ObservedTransfer>();
  for (const line of lines) {
    if (line.category !== 'receive' || line.address === undefined) continue;
    byOutput.set(`${line.txid}:${line.vout}`, {
      coin,
      txId: line.txid,
      outputIndex: line.vout,
      address: line.address,
      amount: new Big(line.amount).toFixed(),
      confirmations: line.confirmations,
    });
  }
  return [...byOutput.values()];
}

/** The inbound chain of `coin` on the wallet behind `rpc`. */
export function createNodeInbound(options: NodeInboundOptions): NodeInbound {
  const { coin, rpc, confirmations } = options;
  const call = rpc.call as unknown as InboundCall;
  const name = `node-${coin}`;
  return {
    coin,
    name,
    async addressFor(miningAccountId) {
      const address = await call('getnewaddress', depositLabel(coin, miningAccountId), 'bech32');
      return { address, chain: null, source: name };
    },
    async transfersSince(cursor): Promise<TransfersSince> {
      // Watch-only off: the pool's addresses are the wallet's own. Removed on: the transfers of
      // blocks that left the chain since the cursor come back, so a credit can be reversed.
      const answer = await call('listsinceblock', cursor ?? '', confirmations, false, true);
      return {
        transfers: receivedTransfers(coin, [...(answer.removed ?? []), ...answer.transactions]),
        cursor: answer.lastblock,
      };
    },
  };
}

/**
 * The inbound chain the wallet gets: each coin of `nodes` on its node, every other coin on
 * `fallback`, whose transfers of a node's coin are ignored (a demo transfer to a node's
 * address is not money).
 */
export function createInboundRouter(
  nodes: readonly NodeInbound[],
  fallback: InboundChain,
): InboundChain {
  if (nodes.length === 0) return fallback;
  const byCoin = new Map(nodes.map((node) => [node.coin, node]));
  return {
    sourceOf: (coin) => byCoin.get(coin)?.name ?? fallback.sourceOf(coin),
    addressFor(coin, miningAccountId) {
      const node = byCoin.get(coin);
      return node === undefined
        ? fallback.addressFor(coin, miningAccountId)
        : node.addressFor(miningAccountId);
    },
    async pendingTransfers(executor) {
      const transfers = await fallback.pendingTransfers(executor);
      return transfers.filter((transfer) => !byCoin.has(transfer.coin));
    },
    followed: [...(fallback.followed ?? []), ...nodes],
  };
}

/**
 * The inbound chains of the configured nodes (`config.coinNodes`) whose coins passed the
 * start's check (`connected`, from `connectNodeChains`).
 */
export function nodeInboundsOf(
  coinNodes: readonly CoinNodeConfig[],
  connected: readonly { readonly coin: CoinId }[],
): NodeInbound[] {
  return coinNodes
    .filter((node) => connected.some((chain) => chain.coin === node.coin))
    .map((node) =>
      createNodeInbound({
        coin: node.coin,
        rpc: createBitcoinRpc(node.url),
        confirmations: DEPOSIT_CONFIRMATIONS,
      }),
    );
}
