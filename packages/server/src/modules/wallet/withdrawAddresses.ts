/**
 * The withdraw address book: a user's saved addresses per coin (alias, address, KDA public
 * key). Withdrawals pay only to saved addresses, so saving one is a security change: it needs a
 * second validation (scene `withdraw_address`) and, unless it is the user's first address,
 * pauses withdrawals and transfers for 24 hours (`SECURITY_CHANGE_PAUSE_MS`).
 */
import { isMiningAddressShape } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { type AnswerOf, type CoinId, ERROR_CODES } from '../../contract';
import { iso, isoSeconds } from '../../db/sql';
import { notFound, refuseField } from '../../domain/errors';
import { queryRows, type SqlExecutor, toNumber } from '../../engine/sql';
import type { NodeAddressCheck, NodeAddressChecks } from '../chain/nodeChain';
import { addUserLog, consumeTicket } from '../identity/users';
import { type IdRow, isEntityId } from './rows';
import { SECURITY_CHANGE_PAUSE_MS } from './withdrawRules';

/** The most saved addresses a user keeps per coin. */
export const MAX_WITHDRAW_ADDRESSES_PER_COIN = 20;

/** A saved address (core's `withdrawAddressSchema`). */
export type WithdrawAddressAnswer = AnswerOf<'createWithdrawAddress'>;

/** What saving an address asks for (core's `createWithdrawAddressBodySchema`, parsed). */
export interface NewWithdrawAddress {
  readonly coin: CoinId;
  readonly alias: string;
  readonly address: string;
  readonly public_key?: string | undefined;
  readonly validation_token: string;
}

const columns = sql`id::text AS id, coin, alias, address, public_key,
  (extract(epoch from created_at) * 1000)::float8 AS created_ms`;

type AddressRow = {
  id: string;
  coin: string;
  alias: string;
  address: string;
  public_key: string | null;
  created_ms: unknown;
};

function answerOf(row: AddressRow): WithdrawAddressAnswer {
  return {
    id: row.id,
    coin: row.coin as CoinId,
    alias: row.alias,
    address: row.address,
    public_key: row.public_key,
    created_at: isoSeconds(toNumber(row.created_ms)),
  };
}

/** The user's saved addresses (optionally of one coin), newest first. */
export async function readWithdrawAddresses(
  executor: SqlExecutor,
  userId: string,
  coin: CoinId | undefined,
): Promise<WithdrawAddressAnswer[]> {
  const rows = await queryRows<AddressRow>(
    executor,
    sql`SELECT ${columns} FROM withdraw_addresses
        WHERE user_id = ${userId}::bigint AND deleted_at IS NULL
          ${coin === undefined ? sql`` : sql`AND coin = ${coin}`}
        ORDER BY created_at DESC, id DESC`,
  );
  return rows.map(answerOf);
}

/**
 * Checks an address for its coin: on a coin with a node, the node's own check for its network
 * (`nodeCheck`: a regtest node takes `rltc1…` and refuses a mainnet `ltc1…`); on any other coin,
 * the coin's address shape (core's `isMiningAddressShape`). Either refusal is HTTP 400 code
 * 40005 "The address is wrong" naming `address`. A KDA public key must be the key of the `k:`
 * account it guards, else 400 "The publicKey is wrong" naming `public_key`.
 */
export async function checkWithdrawAddress(
  coin: CoinId,
  address: string,
  publicKey?: string,
  nodeCheck?: NodeAddressCheck,
): Promise<void> {
  // The node is the authority on its network: core's shapes are the main network's only, so
  // they would refuse a regtest or testnet address the node pays to.
  const valid =
    nodeCheck === undefined ? isMiningAddressShape(coin, address) : await nodeCheck(address);
  if (!valid) {
    refuseField('address', 'The address is wrong', ERROR_CODES.addressWrong);
  }
  if (publicKey !== undefined) {
    if (coin !== 'kda') {
      refuseField('public_key', 'A public key is only taken for KDA');
    }
    if (address.trim().toLowerCase() !== `k:${publicKey.toLowerCase()}`) {
      refuseField('public_key', 'The publicKey is wrong');
    }
  }
}

/**
 * Saves an address after its checks ({@link checkWithdrawAddress}, by the coin's node in
 * `nodeChecks` when it has one; 409 naming `address` when
 * the user has it saved for the coin already; 400 naming `coin` past
 * {@link MAX_WITHDRAW_ADDRESSES_PER_COIN}), spending a second validation of scene
 * `withdraw_address` (400 code 40002 naming `validation_token`). Every address after the
 * user's first pauses withdrawals and transfers for 24 hours.
 */
export async function createWithdrawAddress(
  context: AppContext,
  userId: string,
  input: NewWithdrawAddress,
  request: FastifyRequest,
  nodeChecks: NodeAddressChecks = new Map(),
): Promise<WithdrawAddressAnswer> {
  const address = input.address.trim();
  const publicKey = input.public_key?.toLowerCase();
  await checkWithdrawAddress(input.coin, address, publicKey, nodeChecks.get(input.coin));
  const [counts] = await queryRows<{ same: number; live: number }>(
    context.database.db,
    sql`SELECT count(*) FILTER (WHERE address = ${address})::int AS same, count(*)::int AS live
        FROM withdraw_addresses
        WHERE user_id = ${userId}::bigint AND coin = ${input.coin} AND deleted_at IS NULL`,
  );
  if ((counts?.same ?? 0) > 0) {
    refuseField('address', 'This address is saved already', ERROR_CODES.conflict);
  }
  if ((counts?.live ?? 0) >= MAX_WITHDRAW_ADDRESSES_PER_COIN) {
    refuseField('coin', `At most ${MAX_WITHDRAW_ADDRESSES_PER_COIN} addresses are saved per coin`);
  }
  await consumeTicket(context, 'validation', input.validation_token, {
    userId,
    scene: 'withdraw_address',
    field: 'validation_token',
  });
  const now = context.clock.now();
  const row = await context.database.db.transaction(async (tx) => {
    // The user's row first: two addresses saved at once both see the other one.
    const [before] = await queryRows<{ had: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM withdraw_addresses WHERE user_id = u.id) AS had
          FROM users u WHERE u.id = ${userId}::bigint FOR UPDATE`,
    );
    const [inserted] = await queryRows<AddressRow>(
      tx,
      sql`INSERT INTO withdraw_addresses (user_id, coin, alias, address, public_key, created_at)
          VALUES (${userId}::bigint, ${input.coin}, ${input.alias}, ${address}, ${publicKey ?? null},
            ${iso(now)}::timestamptz)
          RETURNING ${columns}`,
    );
    // A deleted address counts: deleting and saving again is a change like any other.
    if (before?.had === true) {
      await tx.execute(
        sql`UPDATE users SET withdraw_paused_until = GREATEST(
              COALESCE(withdraw_paused_until, ${iso(now)}::timestamptz),
              ${iso(now + SECURITY_CHANGE_PAUSE_MS)}::timestamptz)
            WHERE id = ${userId}::bigint`,
      );
    }
    return inserted;
  });
  if (row === undefined) throw new Error('The new address was not returned');
  await addUserLog(context, userId, 'security', 'withdraw_address_added', request);
  return answerOf(row);
}

function noSuchAddress(): never {
  notFound('id', 'No such withdraw address');
}

/** Renames a saved address (its alias only: not a security change). 404 naming `id`. */
export async function renameWithdrawAddress(
  executor: SqlExecutor,
  userId: string,
  id: string,
  alias: string,
): Promise<WithdrawAddressAnswer> {
  if (!isEntityId(id)) noSuchAddress();
  const [row] = await queryRows<AddressRow>(
    executor,
    sql`UPDATE withdraw_addresses SET alias = ${alias}
        WHERE id = ${id}::bigint AND user_id = ${userId}::bigint AND deleted_at IS NULL
        RETURNING ${columns}`,
  );
  if (row === undefined) noSuchAddress();
  return answerOf(row);
}

/**
 * Deletes a saved address from the book (kept for the withdrawals paid to it, which show it).
 * 404 naming `id`.
 */
export async function deleteWithdrawAddress(
  executor: SqlExecutor,
  userId: string,
  id: string,
  nowMs: number,
): Promise<void> {
  if (!isEntityId(id)) noSuchAddress();
  const rows = await queryRows<IdRow>(
    executor,
    sql`UPDATE withdraw_addresses SET deleted_at = ${iso(nowMs)}::timestamptz
        WHERE id = ${id}::bigint AND user_id = ${userId}::bigint AND deleted_at IS NULL
        RETURNING id::text AS id`,
  );
  if (rows.length === 0) noSuchAddress();
}
