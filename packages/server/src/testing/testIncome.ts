import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { queryRows } from '../engine/sql';
import { inLedgerTransaction, postLedgerRecords } from '../modules/wallet/ledger';

/**
 * Credits `amount` of `coin` to a mining account, by name, as mining income paid by the pool
 * (`mining_payouts`), the way a settled day does: the money the wallet tests then move.
 * `day` (`YYYY-MM-DD`) makes it a given day's income, posted once; without it every call posts.
 */
export async function creditTestIncome(
  database: Database,
  account: string,
  coin: string,
  amount: string,
  nowMs: number,
  day?: string,
): Promise<void> {
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`SELECT id::text AS id FROM mining_accounts WHERE name = ${account}`,
  );
  if (row === undefined) throw new Error(`no mining account ${account}`);
  await inLedgerTransaction(database, (tx) =>
    postLedgerRecords(
      tx,
      [
        {
          type: 'mining',
          status: 'successful',
          coin,
          reference: `mining:${row.id}:${coin}:${day ?? randomUUID()}`,
          ...(day === undefined ? {} : { miningDay: day }),
          legs: [
            { holder: { kind: 'mining_account', miningAccountId: row.id }, coin, amount },
            { holder: { kind: 'system', name: 'mining_payouts' }, coin, amount: `-${amount}` },
          ],
        },
      ],
      nowMs,
    ),
  );
}
