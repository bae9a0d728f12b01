import { sql } from 'drizzle-orm';
import { queryRows, type SqlExecutor } from '../../engine/sql';
import { postLedgerRecords } from './ledger';
import { ledgerRecord } from './postings';

/** The reference of a day's mining income of one account and coin: what makes it unique. */
export function miningIncomeReference(miningAccountId: string, coin: string, day: string): string {
  return `mining:${miningAccountId}:${coin}:${day}`;
}

/** Which settled days {@link creditMiningIncome} looks at. */
export interface MiningIncomeScope {
  /** One pool (its name is its coin); every pool when absent. */
  readonly pool?: string;
  /** One UTC day `YYYY-MM-DD`; every settled day when absent. */
  readonly day?: string;
}

/** Records posted per batch when catching up many days. */
const CREDIT_BATCH = 1_000;

/**
 * Credits settled PPS+ (and SOLO) income to the mining accounts that earned it: one ledger
 * record per account, coin and UTC day, `mining_payouts` of the coin on the other side. The
 * settlement calls it inside the transaction that settles a pool's day, so income and its
 * credit commit together; the pool engine also calls it once a day for every day, which
 * credits days settled before the ledger existed. Each record carries the reference
 * `mining:<account id>:<coin>:<day>` (unique), so a re-run, concurrent or later, never pays
 * twice. Address miners are paid on chain (`payments`), not through the ledger.
 *
 * @returns how many records were posted
 */
export async function creditMiningIncome(
  executor: SqlExecutor,
  scope: MiningIncomeScope,
  nowMs: number,
): Promise<number> {
  const rows = await queryRows<{ account_id: string; coin: string; day: string; amount: string }>(
    executor,
    sql`SELECT m.account_id::text AS account_id, p.pool AS coin, p.day::text AS day,
          p.amount::text AS amount
        FROM profit_days p
        JOIN pool_miners m ON m.pool = p.pool AND m.miner = p.miner AND m.kind = 'account'
        WHERE p.status = 'settled' AND p.amount > 0 AND m.account_id IS NOT NULL
          ${scope.pool === undefined ? sql`` : sql`AND p.pool = ${scope.pool}`}
          ${scope.day === undefined ? sql`` : sql`AND p.day = ${scope.day}::date`}
          AND NOT EXISTS (
            SELECT 1 FROM ledger_transactions t
            WHERE t.reference = 'mining:' || m.account_id || ':' || p.pool || ':' || p.day::text)
        ORDER BY p.day, p.pool, m.account_id`,
  );
  let posted = 0;
  for (let start = 0; start < rows.length; start += CREDIT_BATCH) {
    const records = rows.slice(start, start + CREDIT_BATCH).map((row) =>
      ledgerRecord(
        {
          type: 'mining',
          reference: miningIncomeReference(row.account_id, row.coin, row.day),
          miningDay: row.day,
        },
        [
          {
            from: { system: 'mining_payouts' },
            to: { account: row.account_id },
            coin: row.coin,
            amount: row.amount,
          },
        ],
      ),
    );
    const results = await postLedgerRecords(executor, records, nowMs);
    posted += results.filter((result) => result.posted).length;
  }
  return posted;
}
