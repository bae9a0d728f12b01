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
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { Reconciliation, ReconciliationCoin } from '../../contract';
import type { Database } from '../../db/connect';
import { isoSeconds } from '../../db/sql';
import { queryRows } from '../../engine/sql';
import { reconcileLedgerIn } from './ledger';

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

/** Reads the reconciliation of every coin the ledger holds, as of one snapshot. */
export async function readReconciliation(
  database: Database,
  nowMs: number,
): Promise<Reconciliation> {
  return database.db.transaction(
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
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
