/**
 * The wallet's money-table rows as its queries read them, typed once here rather than at every
 * query, and the two lookups every money move starts from: the caller's own mining account and
 * the caller's own saved withdraw address. Ids are read as `::text`, amounts as `::text`.
 */
import { sql } from 'drizzle-orm';
import type { CoinId } from '../../contract';
import { refuseField } from '../../domain/errors';
import { queryRows, type SqlExecutor } from '../../engine/sql';

/** A row that is only its id (`RETURNING id::text AS id`). */
export type IdRow = { id: string };

/** A mining account as a money move names it: its id and its name. */
export type AccountRow = { id: string; name: string };

/** A saved withdraw address as a withdrawal pays it: its id and the chain address. */
export type PayeeRow = { id: string; address: string };

/** One balance (or a sum of balances) as `::text`. */
export type BalanceRow = { balance: string };

/** A withdrawal as its review and its settlement lock it (`withdrawals`, `FOR UPDATE`). */
export type WithdrawalRow = {
  id: string;
  state: string;
  coin: string;
  amount: string;
  fee: string;
  address: string;
  mining_account_id: string;
  user_id: string;
  /** The owner's user name. */
  user_name: string;
};

/** The columns of {@link WithdrawalRow} from `withdrawals w`. */
export const withdrawalColumns = sql`w.id::text AS id, w.state, w.coin, w.amount::text AS amount,
  w.fee::text AS fee, w.address, w.mining_account_id::text AS mining_account_id,
  w.user_id::text AS user_id, (SELECT username FROM users WHERE id = w.user_id) AS user_name`;

/** Ids are bigints: anything else names nothing (and must not reach a `::bigint` cast). */
export function isEntityId(id: string): boolean {
  return /^\d{1,18}$/.test(id);
}

/**
 * One of the user's mining accounts by name (any case), or the main one when `name` is absent;
 * refused naming `field` ("No such mining account of yours") when the user has none such.
 */
export async function ownAccount(
  executor: SqlExecutor,
  userId: string,
  name: string | undefined,
  field: string,
): Promise<AccountRow> {
  const [account] = await queryRows<AccountRow>(
    executor,
    name === undefined
      ? sql`SELECT id::text AS id, name FROM mining_accounts
            WHERE user_id = ${userId}::bigint AND is_main`
      : sql`SELECT id::text AS id, name FROM mining_accounts
            WHERE user_id = ${userId}::bigint AND lower(name) = ${name.toLowerCase()}`,
  );
  if (account === undefined) refuseField(field, 'No such mining account of yours');
  return account;
}

/**
 * One of the user's saved (not deleted) withdraw addresses of `coin`; refused naming
 * `address_id` ("No such withdraw address of this coin") otherwise.
 */
export async function ownAddress(
  executor: SqlExecutor,
  userId: string,
  coin: CoinId,
  addressId: string,
): Promise<PayeeRow> {
  const [address] = isEntityId(addressId)
    ? await queryRows<PayeeRow>(
        executor,
        sql`SELECT id::text AS id, address FROM withdraw_addresses
            WHERE id = ${addressId}::bigint AND user_id = ${userId}::bigint
              AND coin = ${coin} AND deleted_at IS NULL`,
      )
    : [];
  if (address === undefined) refuseField('address_id', 'No such withdraw address of this coin');
  return address;
}
