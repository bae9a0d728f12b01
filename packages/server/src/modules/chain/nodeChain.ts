/**
 * The outbound chain adapter on a Bitcoin Core family node's wallet (Litecoin Core on regtest in
 * the tests): withdrawals are paid with `sendtoaddress` from the wallet of the node's URL.
 *
 * The idempotency key of a payment travels in the transaction's `comment`, which the wallet
 * keeps with the transaction (not on the chain): before sending, the wallet's own transactions
 * are searched for it, so a payment the node accepted before a crash (and PoolKit never
 * recorded) is answered, not paid again.
 */
import { DEPOSIT_CONFIRMATIONS } from '@poolkit/core';
import type { CoinId } from '../../contract';
import {
  type BitcoinRpc,
  BitcoinRpcError,
  RPC_INVALID_ADDRESS_OR_KEY,
  rpcAmount,
  type WalletTransaction,
} from './bitcoinRpc';
import type { ChainAdapter, ChainPayment, ChainTransactionStatus } from './chainAdapter';

/** The node's network, as `getblockchaininfo`'s `chain` says it. */
export type NodeNetwork = 'main' | 'test' | 'regtest' | 'signet';

/** The chain adapter of a coin on its node, with what only a node can answer. */
export interface NodeChain extends ChainAdapter {
  readonly coin: CoinId;
  readonly network: NodeNetwork;
  /** The node's URL without its password. */
  readonly redactedUrl: string;
  /**
   * The network fee the node's wallet paid for a transaction it sent, a positive decimal string
   * (`0.00001410`); `null` for a transaction the wallet did not send or does not know.
   */
  networkFee(txId: string): Promise<string | null>;
  /** Whether the node takes `address` as an address of its network (`rltc1…` on regtest). */
  validateAddress(address: string): Promise<boolean>;
  /** The transaction the wallet sent under an idempotency key, if any. */
  findSent(idempotencyKey: string): Promise<string | undefined>;
}

/** Options of {@link createNodeChain}. */
export interface NodeChainOptions {
  readonly coin: CoinId;
  readonly rpc: BitcoinRpc;
  readonly network: NodeNetwork;
  /** Confirmations that make a payment final. Default the coin's deposit confirmations (1). */
  readonly confirmations?: number;
}

/** Whether two conflicting wallet transactions are one payment (a fee bump and its original). */
function samePayment(one: WalletTransaction, other: WalletTransaction): boolean {
  return (
    one.replaced_by_txid === other.txid ||
    one.replaces_txid === other.txid ||
    (one.comment !== undefined && one.comment !== '' && one.comment === other.comment)
  );
}

/** Transactions read from the wallet per `listtransactions` page. */
const PAGE = 200;

/**
 * The chain adapter of `coin` on the node behind `rpc` (a wallet's URL). Broadcasts of one
 * adapter run one at a time, so two sends under one key in this process never both miss the
 * search; across processes, `createChainRouter` holds a database lock around each.
 */
export function createNodeChain(options: NodeChainOptions): NodeChain {
  const { coin, rpc, network } = options;
  const confirmations = options.confirmations ?? DEPOSIT_CONFIRMATIONS;
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };

  const findSent = async (idempotencyKey: string): Promise<string | undefined> => {
    // Newest first, page by page: a retry comes soon after its send, so the first page
    // usually holds it; every page is read before the answer is "never sent".
    for (let skip = 0; ; skip += PAGE) {
      const lines = await rpc.call('listtransactions', '*', PAGE, skip, true);
      const sent = lines.find(
        (line) => line.category === 'send' && line.comment === idempotencyKey,
      );
      if (sent !== undefined) return sent.txid;
      if (lines.length < PAGE) break;
    }
    return undefined;
  };

  const transaction = async (txId: string): Promise<WalletTransaction | undefined> => {
    try {
      return await rpc.call('gettransaction', txId);
    } catch (error) {
      if (error instanceof BitcoinRpcError && error.code === RPC_INVALID_ADDRESS_OR_KEY) {
        return undefined;
      }
      throw error;
    }
  };

  return {
    name: `node-${coin}`,
    coin,
    network,
    redactedUrl: rpc.redactedUrl,
    findSent,
    broadcast: (payment: ChainPayment) =>
      oneAtATime(async () => {
        if (payment.coin !== coin) {
          throw new Error(`The ${coin} node was asked to pay ${payment.coin}`);
        }
        const found = await findSent(payment.idempotencyKey);
        if (found !== undefined) return { txId: found };
        // The fee comes on top: the user receives exactly the amount.
        const txId = await rpc.call(
          'sendtoaddress',
          payment.address,
          rpcAmount(payment.amount),
          payment.idempotencyKey,
          '',
          false,
        );
        return { txId };
      }),
    async status(txId): Promise<ChainTransactionStatus> {
      const found = await transaction(txId);
      // Gone from a wallet that sent it: the wallet dropped it (a wallet keeps what it sent).
      if (found === undefined) return 'failed';
      // A fee bump (`bumpfee`) makes a second transaction of the same payment, under the same
      // comment, conflicting with the first: whichever of them is mined paid it. So the
      // payment stands or falls with all of them, never with one alone.
      const payment = [found];
      for (const conflictId of found.walletconflicts) {
        const conflict = await transaction(conflictId);
        if (conflict !== undefined && samePayment(found, conflict)) payment.push(conflict);
      }
      const best = Math.max(...payment.map((sent) => sent.confirmations));
      if (best >= confirmations) return 'confirmed';
      // Negative confirmations: a conflicting transaction is in the best chain, so this one
      // never will be; an abandoned one is not sent again. A conflict that is not mined yet
      // leaves the payment able to confirm: failing it then could refund a payment that arrives.
      const dead = (sent: WalletTransaction) =>
        sent.confirmations < 0 || sent.details.some((detail) => detail.abandoned === true);
      return payment.every(dead) ? 'failed' : 'pending';
    },
    async networkFee(txId) {
      const fee = (await transaction(txId))?.fee;
      return fee === undefined ? null : fee.replace(/^-/, '');
    },
    async validateAddress(address) {
      return (await rpc.call('validateaddress', address)).isvalid;
    },
  };
}

/** Checks an address of a coin on a node: whether the node takes it for its network. */
export type NodeAddressCheck = (address: string) => Promise<boolean>;

/** The coins whose addresses their node checks, each with its check. */
export type NodeAddressChecks = ReadonlyMap<CoinId, NodeAddressCheck>;

/** Each node's {@link NodeChain.validateAddress} by its coin. */
export function nodeAddressChecks(nodes: readonly NodeChain[]): NodeAddressChecks {
  return new Map(nodes.map((node) => [node.coin, (address) => node.validateAddress(address)]));
}
