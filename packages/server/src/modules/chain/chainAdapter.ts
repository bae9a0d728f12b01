/**
 * The chain adapter: how withdrawals reach a blockchain. One interface, a demo implementation
 * that runs on this machine (`demoChain.ts`), and later one per real chain, chosen by
 * configuration.
 */
import type { CoinId } from '../../contract';

/** One payment to send. */
export interface ChainPayment {
  /**
   * What makes the payment unique (a withdrawal part: `withdrawal-part:<id>`). Sending again
   * under the same key must answer the first transaction and pay nothing more: that is what
   * makes a crash between the broadcast and its record safe to retry.
   */
  readonly idempotencyKey: string;
  readonly coin: CoinId;
  readonly address: string;
  /** Decimal string. */
  readonly amount: string;
}

/** Where a sent transaction stands. */
export type ChainTransactionStatus = 'pending' | 'confirmed' | 'failed';

/** A blockchain (or a wallet service in front of several). */
export interface ChainAdapter {
  /** A short name, the `chain` column of `chain_broadcasts`. */
  readonly name: string;
  /**
   * Sends a payment, or answers the transaction already sent under its idempotency key.
   * Resolves the chain's transaction id.
   */
  broadcast(payment: ChainPayment, nowMs: number): Promise<{ readonly txId: string }>;
  /** Where a transaction this adapter sent stands at `nowMs`. */
  status(txId: string, nowMs: number): Promise<ChainTransactionStatus>;
  /**
   * The network fee paid for a transaction this adapter sent, a decimal string; `null` (or no
   * such method: the demo chain) when the chain does not know it.
   */
  networkFee?(txId: string): Promise<string | null>;
}
