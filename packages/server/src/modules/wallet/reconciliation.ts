/**
 * The operator's reconciliation view (`GET /admin/reconciliation`): per coin, what users hold
 * against what the pool's books hold for them and the sum of the entries, with the ledger's
 * own checks ({@link reconcileLedgerIn}), all read in one `REPEATABLE READ` snapshot so that a
 * posting committing meanwhile cannot show a false difference.
 *
 * The pool's assets of a coin are read from the pool's side of the book: every record sums to
 * zero, so what users hold equals minus the sum of the pool's own balances (mining payouts,
 * deposits received, withdrawals paid, fees, the exchange desk, …). A balance edited outside
 * the ledger service breaks that equality, and the coin's line says so.
 *
 * A coin on a node also sets the node wallet's balance against what the ledger owes its users:
 * the wallet is where the money really is, so a confirmed balance below it (a reorganisation
 * took a spent deposit, coins moved out of the wallet by hand) is raised as an alert. The
 * node is asked before the snapshot: a balance can only be compared, never read in it.
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CoinNodeConfig } from '../../config';
import type { CoinId, Reconciliation, ReconciliationCoin } from '../../contract';
import type { Database } from '../../db/connect';
import { isoSeconds } from '../../db/sql';
import { queryRows, toNumber } from '../../engine/sql';
import { type BitcoinRpc, createBitcoinRpc } from '../chain/bitcoinRpc';
import { reconcileLedgerIn } from './ledger';

/** A node wallet's balance: confirmed, and received but still waiting for confirmations. */
export interface NodeWalletBalance {
  readonly confirmed: string;
  readonly unconfirmed: string;
}

/** The wallet of a coin on a node, as reconciliation reads it. */
export interface NodeWallet {
  readonly coin: CoinId;
  readonly network: string;
  balance(): Promise<NodeWalletBalance>;
}

/** The part of `getbalances` read here (the wallet's own keys; watch-only is not the pool's). */
interface WalletBalances {
  readonly mine: { readonly trusted: string; readonly untrusted_pending: string };
}

/** The wallet behind `rpc` (a wallet's URL) of `coin`, read with `getbalances`. */
export function nodeWallet(coin: CoinId, network: string, rpc: BitcoinRpc): NodeWallet {
  // `getbalances` is not among the adapter's typed calls, which are the ones it pays with.
  const call = rpc.call as unknown as (method: 'getbalances') => Promise<WalletBalances>;
  return {
    coin,
    network,
    async balance() {
      const { mine } = await call('getbalances');
      return { confirmed: mine.trusted, unconfirmed: mine.untrusted_pending };
    },
  };
}

/** The wallets of the configured coin nodes that connected at the start (`connectNodeChains`). */
export function nodeWalletsOf(
  coinNodes: readonly CoinNodeConfig[],
  connected: readonly { readonly coin: CoinId; readonly network: string }[],
): NodeWallet[] {
  return coinNodes.flatMap((node) => {
    const chain = connected.find((candidate) => candidate.coin === node.coin);
    return chain === undefined
      ? []
      : [nodeWallet(node.coin, chain.network, createBitcoinRpc(node.url))];
  });
}

type NodeReading = { wallet: NodeWallet; balance: NodeWalletBalance | undefined };

/** Options of {@link readReconciliation}. */
export interface ReconciliationOptions {
  /** The wallets of the coins on a node. Default none (every coin on the demo chain). */
  readonly nodes?: readonly NodeWallet[];
  /** Where a shortfall and a node that does not answer are logged. */
  readonly log?: FastifyBaseLogger;
}

type ShortfallRow = {
  deposit_id: string;
  account: string;
  coin: string;
  amount: string;
  flagged_ms: unknown;
};

type BalanceRow = {
  coin: string;
  holder: 'mining_account' | 'system';
  system_name: string | null;
  bucket: 'available' | 'frozen';
  balance: string;
};

interface CoinTotals {
  available: Big;
  frozen: Big;
  system: Map<string, Big>;
  entries: Big;
}

function plain(value: Big): string {
  return value.toFixed();
}

/** The node side of a coin's line, against `owed` (what the ledger owes users of the coin). */
function nodeLine(reading: NodeReading, owed: Big): NonNullable<ReconciliationCoin['node']> {
  const { network } = reading.wallet;
  if (reading.balance === undefined) {
    return {
      network,
      confirmed: null,
      unconfirmed: null,
      difference: null,
      shortfall: false,
      unreachable: true,
    };
  }
  const confirmed = new Big(reading.balance.confirmed);
  return {
    network,
    confirmed: plain(confirmed),
    unconfirmed: plain(new Big(reading.balance.unconfirmed)),
    difference: plain(confirmed.minus(owed)),
    shortfall: confirmed.lt(owed),
    unreachable: false,
  };
}

/**
 * Reads the reconciliation of every coin the ledger holds (and of every coin on a node), as of
 * one snapshot, with the open deposit shortfalls.
 */
export async function readReconciliation(
  database: Database,
  nowMs: number,
  options: ReconciliationOptions = {},
): Promise<Reconciliation> {
  const { nodes = [], log } = options;
  const readings: NodeReading[] = await Promise.all(
    nodes.map(async (wallet) => {
      try {
        return { wallet, balance: await wallet.balance() };
      } catch (error) {
        log?.error({ err: error, coin: wallet.coin }, 'reconciliation: the node did not answer');
        return { wallet, balance: undefined };
      }
    }),
  );
  const answer = await database.db.transaction(
    async (tx) => {
      const report = await reconcileLedgerIn(tx);
      const balances = await queryRows<BalanceRow>(
        tx,
        sql`SELECT coin, holder, system_name, bucket, sum(balance)::text AS balance
            FROM ledger_accounts
            GROUP BY coin, holder, system_name, bucket
            ORDER BY coin, holder, system_name, bucket`,
      );
      const entries = await queryRows<{ coin: string; total: string }>(
        tx,
        sql`SELECT coin, sum(amount)::text AS total FROM ledger_entries GROUP BY coin`,
      );

      const coins = new Map<string, CoinTotals>();
      const totalsOf = (coin: string): CoinTotals => {
        let totals = coins.get(coin);
        if (totals === undefined) {
          totals = { available: Big(0), frozen: Big(0), system: new Map(), entries: Big(0) };
          coins.set(coin, totals);
        }
        return totals;
      };
      for (const row of balances) {
        const totals = totalsOf(row.coin);
        const amount = new Big(row.balance);
        if (row.holder === 'system') {
          const name = row.system_name ?? 'system';
          totals.system.set(name, (totals.system.get(name) ?? Big(0)).plus(amount));
        } else if (row.bucket === 'frozen') {
          totals.frozen = totals.frozen.plus(amount);
        } else {
          totals.available = totals.available.plus(amount);
        }
      }
      for (const row of entries) totalsOf(row.coin).entries = new Big(row.total);
      // A coin on a node has a line before the ledger holds any of it: the wallet may not be empty.
      for (const reading of readings) totalsOf(reading.wallet.coin);
      const shortfalls = await queryRows<ShortfallRow>(
        tx,
        sql`SELECT s.deposit_id::text AS deposit_id, a.name AS account, s.coin,
              s.amount::text AS amount, (extract(epoch from s.flagged_at) * 1000)::float8 AS flagged_ms
            FROM deposit_shortfalls s JOIN mining_accounts a ON a.id = s.mining_account_id
            WHERE s.resolved_at IS NULL
            ORDER BY s.flagged_at, s.id`,
      );

      const lines: ReconciliationCoin[] = [...coins.entries()]
        .sort(([left], [right]) => left.localeCompare(right))
        .map(([coin, totals]) => {
          const usersTotal = totals.available.plus(totals.frozen);
          const poolAssets = [...totals.system.values()].reduce(
            (sum, value) => sum.minus(value),
            Big(0),
          );
          const mismatched = report.mismatchedBalances.filter(
            (balance) => balance.coin === coin,
          ).length;
          const reading = readings.find((node) => node.wallet.coin === coin);
          return {
            coin,
            users_available: plain(totals.available),
            users_frozen: plain(totals.frozen),
            users_total: plain(usersTotal),
            pool_assets: plain(poolAssets),
            ledger_total: plain(totals.entries),
            mismatched_balances: mismatched,
            system: [...totals.system.entries()]
              .sort(([left], [right]) => left.localeCompare(right))
              .map(([name, balance]) => ({ name, balance: plain(balance) })),
            ok: usersTotal.eq(poolAssets) && totals.entries.eq(0) && mismatched === 0,
            ...(reading === undefined ? {} : { node: nodeLine(reading, usersTotal) }),
          };
        });

      return {
        checked_at: isoSeconds(nowMs),
        ok: report.ok && lines.every((line) => line.ok),
        coins: lines,
        unbalanced_records: report.unbalancedRecords.map((record) => ({
          transaction_id: record.transactionId,
          coin: record.coin,
          sum: record.sum,
        })),
        overdrawn_balances: [...report.overdrawnBalances],
        balances: report.balances,
        entries: report.entries,
        ...(readings.length === 0
          ? {}
          : { node_shortfall: lines.some((line) => line.node?.shortfall === true) }),
        deposit_shortfalls: shortfalls.map((row) => ({
          deposit_id: row.deposit_id,
          account: row.account,
          coin: row.coin,
          amount: row.amount,
          since: isoSeconds(toNumber(row.flagged_ms)),
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  for (const line of answer.coins) {
    if (line.node?.shortfall === true) {
      log?.warn(
        {
          coin: line.coin,
          confirmed: line.node.confirmed,
          owed: line.users_total,
          difference: line.node.difference,
        },
        "reconciliation: the node wallet holds less than the ledger owes the coin's users",
      );
    }
  }
  return answer;
}
