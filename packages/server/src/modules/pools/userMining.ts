import type { UserMiningRow } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import { findPool, hashrateFromDifficulty } from '../../engine/poolCatalog';
import type { SqlExecutor } from '../../engine/sql';
import { queryRows, toNumber } from '../../engine/sql';
import { readProfitTotals } from './minerQueries';
import { readWorkerCounts } from './workerCounts';

/**
 * Everything a user mines, over all their mining accounts: one line per account and pool with
 * 24 h hashrate, workers by state, today's estimate and balance. For `GET /users/mine` (the
 * identity module owns the route and calls this).
 *
 * @param userId - `users.id` as a string (the principal's `userId`)
 */
export async function readUserMining(
  db: SqlExecutor,
  userId: string,
  nowMs: number,
): Promise<UserMiningRow[]> {
  const rows = await queryRows<{ pool: string; miner: string; diff_24h: unknown }>(
    db,
    sql`SELECT m.pool, m.miner, m.diff_24h FROM pool_miners m
      JOIN mining_accounts a ON a.id = m.account_id
      WHERE a.user_id = ${userId}::bigint AND m.kind = 'account'
      ORDER BY a.is_main DESC, a.name, m.pool`,
  );
  const list: UserMiningRow[] = [];
  for (const row of rows) {
    const pool = findPool(row.pool);
    if (pool === undefined) continue;
    const counts = await readWorkerCounts(db, pool, row.miner, nowMs);
    const totals = await readProfitTotals(db, pool, row.miner, nowMs);
    list.push({
      pool: pool.name,
      coin: pool.coin,
      account: row.miner,
      hashrate_24h: hashrateFromDifficulty(pool, toNumber(row.diff_24h), 86_400),
      workers: {
        active: counts.active,
        inactive: counts.inactive,
        dead: counts.dead,
        total: counts.total,
      },
      today_estimated: totals.today_estimated,
      balance: totals.balance,
    });
  }
  return list;
}
