import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { iso } from '../../db/sql';
import { queryRows } from '../../engine/sql';
import { hashPassword } from '../identity/crypto';
import { createUser } from '../identity/users';
import { inLedgerTransaction } from './ledger';
import { move } from './postings';
import type { AccountRow, IdRow, PayeeRow } from './rows';
import { placeWithdrawal } from './withdrawalRequest';

/** The demo withdrawer: a miner whose large withdrawals wait in the operators' audit queue. */
export const DEMO_WITHDRAWER = {
  email: 'whale@poolkit.local',
  username: 'demowhale',
  password: 'Whale12345',
  address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  /** BTC withdrawals above the audit limit (0.1), waiting for an operator. */
  withdrawals: ['0.3', '0.25'],
} as const;

/**
 * Seeds the demo withdrawer once (demo mode only): the user `demowhale` (password
 * `Whale12345`) with 1 BTC of mining income, a saved address and two withdrawals above the
 * audit limit, so the operator console's `/admin/withdrawals` has something to decide. Resolves
 * true when it was created now.
 */
export async function seedDemoWithdrawals(
  context: AppContext,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  const [existing] = await queryRows<IdRow>(
    context.database.db,
    sql`SELECT id::text AS id FROM users WHERE username = ${DEMO_WITHDRAWER.username}`,
  );
  if (existing !== undefined) return false;
  let userId: string;
  try {
    userId = await createUser(context, {
      username: DEMO_WITHDRAWER.username,
      email: DEMO_WITHDRAWER.email,
      passwordHash: await hashPassword(DEMO_WITHDRAWER.password),
    });
  } catch (error) {
    // Another node seeded it at the same moment.
    if ((error as { code?: unknown }).code === 40900) return false;
    throw error;
  }
  const now = context.clock.now();
  await inLedgerTransaction(context.database, async (tx) => {
    const [account] = await queryRows<AccountRow>(
      tx,
      sql`SELECT id::text AS id, name FROM mining_accounts
          WHERE user_id = ${userId}::bigint AND is_main`,
    );
    if (account === undefined) throw new Error('The demo withdrawer has no main account');
    await move(
      tx,
      {
        from: { system: 'mining_payouts' },
        to: { account: account.id },
        coin: 'btc',
        amount: '1',
        reason: { type: 'mining', reference: `demo-seed:${account.id}:btc` },
      },
      now,
    );
    const [address] = await queryRows<PayeeRow>(
      tx,
      sql`INSERT INTO withdraw_addresses (user_id, coin, alias, address, created_at)
          VALUES (${userId}::bigint, 'btc', 'Cold storage', ${DEMO_WITHDRAWER.address},
            ${iso(now)}::timestamptz)
          RETURNING id::text AS id, address`,
    );
    if (address === undefined) throw new Error('The demo address was not saved');
    for (const amount of DEMO_WITHDRAWER.withdrawals) {
      await placeWithdrawal(tx, {
        userId,
        account,
        address,
        coin: 'btc',
        amount: new Big(amount),
        nowMs: now,
      });
    }
  });
  log?.info(
    { demoWithdrawer: DEMO_WITHDRAWER.username },
    `Demo withdrawals: ${DEMO_WITHDRAWER.withdrawals.length} wait for audit in /admin/withdrawals`,
  );
  return true;
}
