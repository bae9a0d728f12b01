/**
 * Auto-withdraw: per mining account and coin, a saved address and a threshold; once a day the
 * job pays each account's available balance of the coin to its address when it has reached the
 * threshold, as an ordinary withdrawal (the fee on top, the same audit limit and split), so an
 * operator and the user see it like any other (table in `0016_auto_withdraw.sql`).
 *
 * Decisions:
 * - Per account, as ViaBTC keeps it: each sub-account has its own address and threshold; a call
 *   without `account` means the user's main account.
 * - The threshold is at least the coin's minimum plus its fee, so a payout is never refused for
 *   being too small; the payout is the available balance less the fee, in the coin's decimals.
 * - Changing the address of a setting that had one is a security change: withdrawals pause for
 *   24 hours, as for the pay password, phone, email and withdraw addresses. Setting an address
 *   for the first time, changing only the threshold, or switching auto-withdraw off is not.
 * - The job runs from 02:00 UTC, after the night's settlement has credited the day's income, and
 *   pays each setting at most once per UTC day (`last_paid_day`, written with the withdrawal in
 *   one transaction). A user whose withdrawals are paused is skipped that day, and so is an
 *   address deleted since (the setting is switched off, so the user sees why).
 */

import { checkWithdrawalAmount, withdrawalDecimals } from '@poolkit/core';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { AnswerOf, CoinId } from '../../contract';
import type { Database } from '../../db/connect';
import { iso, isoSeconds } from '../../db/sql';
import { execute, queryRows, type SqlExecutor } from '../../engine/sql';
import { addUserLog } from '../identity/users';
import { notifySettingUpdate } from '../notifications/messages';
import { inLedgerTransaction } from './ledger';
import { ownAccount, ownAddress } from './rows';
import { checkPayAuthorisation } from './secondValidation';
import { placeWithdrawal, refuseAmount } from './withdrawalRequest';
import { SECURITY_CHANGE_PAUSE_MS, WITHDRAW_RULES } from './withdrawRules';

/** The hour (UTC) from which the daily auto-withdraw runs: after the night's settlement. */
export const AUTO_WITHDRAW_HOUR_UTC = 2;

/** One setting as the contract answers it (`autoWithdrawSchema`). */
export type AutoWithdrawAnswer = AnswerOf<'updateAutoWithdraw'>;

/** The body of `PUT /wallets/auto-withdraw`, as the contract parses it. */
export type AutoWithdrawUpdate = {
  readonly coin: CoinId;
  readonly account?: string | undefined;
  readonly pay_password: string;
  readonly key_id: string;
  readonly validation_token: string;
} & (
  | { readonly enabled: true; readonly address_id: string; readonly threshold: string }
  | { readonly enabled: false }
);

type SettingRow = {
  coin: string;
  account: string;
  enabled: boolean;
  address_id: string | null;
  threshold: string | null;
  updated_ms: number;
  last_paid_day: string | null;
};

const settingColumns = sql`s.coin, m.name AS account, s.enabled, s.address_id::text AS address_id,
  s.threshold::text AS threshold,
  (extract(epoch from s.updated_at) * 1000)::float8 AS updated_ms,
  to_char(s.last_paid_day, 'YYYY-MM-DD') AS last_paid_day`;

function answerOf(row: SettingRow): AutoWithdrawAnswer {
  return {
    coin: row.coin as CoinId,
    account: row.account,
    enabled: row.enabled,
    address_id: row.address_id,
    threshold: row.threshold === null ? null : new Big(row.threshold).toFixed(),
    updated_at: isoSeconds(Number(row.updated_ms)),
    last_paid_day: row.last_paid_day,
  };
}

/** The user's settings, by account then coin. */
export async function readAutoWithdrawSettings(
  executor: SqlExecutor,
  userId: string,
): Promise<AutoWithdrawAnswer[]> {
  const rows = await queryRows<SettingRow>(
    executor,
    sql`SELECT ${settingColumns} FROM auto_withdrawals s
        JOIN mining_accounts m ON m.id = s.mining_account_id
        WHERE s.user_id = ${userId}::bigint ORDER BY m.name, s.coin`,
  );
  return rows.map(answerOf);
}

/** The smallest threshold of a coin: its minimum withdrawal plus its fee. */
export function minimumThreshold(coin: CoinId): Big {
  const rules = WITHDRAW_RULES[coin];
  return new Big(rules.minAmount).plus(rules.fee);
}

/**
 * Sets one account's auto-withdraw of a coin: the pay password and a second validation (scene
 * `auto_withdraw`, spent in the same transaction), an address of the user for that coin, a
 * threshold of at least {@link minimumThreshold}. A new address in place of another pauses
 * withdrawals for 24 hours.
 */
export async function updateAutoWithdraw(
  context: AppContext,
  userId: string,
  body: AutoWithdrawUpdate,
  request: FastifyRequest,
): Promise<AutoWithdrawAnswer> {
  if (body.enabled) {
    // The threshold follows the withdrawal amount rule, with the fee on top of the minimum.
    const minimum = minimumThreshold(body.coin).toFixed();
    const problem = checkWithdrawalAmount(body.threshold, { coin: body.coin, minAmount: minimum });
    if (problem !== null) {
      refuseAmount(
        'threshold',
        body.coin,
        problem,
        (floor) => `The threshold must be at least ${floor} (the minimum withdrawal plus its fee)`,
      );
    }
  }
  const authorised = await checkPayAuthorisation(context, userId, 'auto_withdraw', body);

  const now = context.clock.now();
  const { row, addressChanged } = await context.database.db.transaction(async (tx) => {
    await authorised.spendIn(tx, now);
    const account = await ownAccount(tx, userId, body.account, 'account');
    if (body.enabled) await ownAddress(tx, userId, body.coin, body.address_id);
    const [before] = await queryRows<{ address_id: string | null }>(
      tx,
      sql`SELECT address_id::text AS address_id FROM auto_withdrawals
          WHERE mining_account_id = ${account.id}::bigint AND coin = ${body.coin} FOR UPDATE`,
    );
    const addressId = body.enabled ? body.address_id : (before?.address_id ?? null);
    const threshold = body.enabled ? new Big(body.threshold).toFixed() : null;
    await execute(
      tx,
      sql`INSERT INTO auto_withdrawals
            (mining_account_id, coin, user_id, enabled, address_id, threshold, updated_at)
          VALUES (${account.id}::bigint, ${body.coin}, ${userId}::bigint, ${body.enabled},
            ${addressId}::bigint, ${threshold}::numeric, ${iso(now)}::timestamptz)
          ON CONFLICT (mining_account_id, coin) DO UPDATE SET
            enabled = excluded.enabled,
            address_id = excluded.address_id,
            threshold = COALESCE(excluded.threshold, auto_withdrawals.threshold),
            updated_at = excluded.updated_at`,
    );
    const changed =
      body.enabled &&
      before?.address_id !== undefined &&
      before.address_id !== null &&
      before.address_id !== body.address_id;
    if (changed) {
      await execute(
        tx,
        sql`UPDATE users SET withdraw_paused_until = GREATEST(
              COALESCE(withdraw_paused_until, ${iso(now)}::timestamptz),
              ${iso(now + SECURITY_CHANGE_PAUSE_MS)}::timestamptz)
            WHERE id = ${userId}::bigint`,
      );
    }
    if (body.enabled && before?.address_id !== body.address_id) {
      await notifySettingUpdate(tx, userId, 'autoWithdraw', now);
    }
    const [saved] = await queryRows<SettingRow>(
      tx,
      sql`SELECT ${settingColumns} FROM auto_withdrawals s
          JOIN mining_accounts m ON m.id = s.mining_account_id
          WHERE s.mining_account_id = ${account.id}::bigint AND s.coin = ${body.coin}`,
    );
    if (saved === undefined) throw new Error('The auto-withdraw setting was not saved');
    return { row: saved, addressChanged: changed };
  });
  await addUserLog(
    context,
    userId,
    'security',
    addressChanged ? 'auto_withdraw_address_changed' : 'auto_withdraw_set',
    request,
  );
  return answerOf(row);
}

/** What one run of {@link runAutoWithdrawals} did. */
export interface AutoWithdrawRun {
  /** Withdrawals placed. */
  readonly paid: number;
  /** Settings below their threshold, paused, or without a usable address today. */
  readonly skipped: number;
}

type DueRow = {
  mining_account_id: string;
  coin: string;
  user_id: string;
  account: string;
  address_id: string | null;
  address: string | null;
  threshold: string;
  available: string | null;
  paused: boolean;
};

/**
 * Pays every enabled setting whose account's available balance of the coin has reached its
 * threshold, once per UTC day, from {@link AUTO_WITHDRAW_HOUR_UTC}. Each payout is one
 * transaction: the setting's row locked and checked again, then the withdrawal placed
 * ({@link placeWithdrawal}: the hold of amount + fee under the balance's row lock) and the day
 * marked, so a second node or a re-run pays nothing more.
 */
export async function runAutoWithdrawals(
  database: Database,
  nowMs: number,
): Promise<AutoWithdrawRun> {
  const at = new Date(nowMs);
  if (at.getUTCHours() < AUTO_WITHDRAW_HOUR_UTC) return { paid: 0, skipped: 0 };
  const today = at.toISOString().slice(0, 10);
  const due = await queryRows<{ mining_account_id: string; coin: string }>(
    database.db,
    sql`SELECT mining_account_id::text AS mining_account_id, coin FROM auto_withdrawals
        WHERE enabled AND (last_paid_day IS NULL OR last_paid_day < ${today}::date)
        ORDER BY mining_account_id, coin`,
  );
  let paid = 0;
  let skipped = 0;
  for (const setting of due) {
    const outcome = await inLedgerTransaction(database, async (tx) => {
      const [row] = await queryRows<DueRow>(
        tx,
        sql`SELECT s.mining_account_id::text AS mining_account_id, s.coin, s.user_id::text AS user_id,
              m.name AS account, a.id::text AS address_id, a.address, s.threshold::text AS threshold,
              (SELECT la.balance::text FROM ledger_accounts la
                WHERE la.holder = 'mining_account' AND la.mining_account_id = s.mining_account_id
                  AND la.coin = s.coin AND la.bucket = 'available') AS available,
              COALESCE(u.withdraw_paused_until > ${iso(nowMs)}::timestamptz, false) AS paused
            FROM auto_withdrawals s
            JOIN mining_accounts m ON m.id = s.mining_account_id
            JOIN users u ON u.id = s.user_id
            LEFT JOIN withdraw_addresses a ON a.id = s.address_id AND a.deleted_at IS NULL
            WHERE s.mining_account_id = ${setting.mining_account_id}::bigint
              AND s.coin = ${setting.coin} AND s.enabled
              AND (s.last_paid_day IS NULL OR s.last_paid_day < ${today}::date)
            FOR UPDATE OF s`,
      );
      if (row === undefined) return 'skipped' as const;
      const mark = sql`UPDATE auto_withdrawals SET last_paid_day = ${today}::date
        WHERE mining_account_id = ${row.mining_account_id}::bigint AND coin = ${row.coin}`;
      if (row.address_id === null || row.address === null) {
        // The address was deleted: switch the setting off rather than pay nowhere.
        await execute(
          tx,
          sql`UPDATE auto_withdrawals SET enabled = false, last_paid_day = ${today}::date
              WHERE mining_account_id = ${row.mining_account_id}::bigint AND coin = ${row.coin}`,
        );
        return 'skipped' as const;
      }
      const coin = row.coin as CoinId;
      const available = new Big(row.available ?? '0');
      const fee = new Big(WITHDRAW_RULES[coin].fee);
      const amount = available.minus(fee).round(withdrawalDecimals(coin), Big.roundDown);
      if (
        row.paused ||
        available.lt(row.threshold) ||
        amount.lt(WITHDRAW_RULES[coin].minAmount) ||
        !WITHDRAW_RULES[coin].enabled
      ) {
        return 'skipped' as const;
      }
      await placeWithdrawal(tx, {
        userId: row.user_id,
        account: { id: row.mining_account_id, name: row.account },
        address: { id: row.address_id, address: row.address },
        coin,
        amount,
        nowMs,
      });
      await execute(tx, mark);
      return 'paid' as const;
    });
    if (outcome === 'paid') paid += 1;
    else skipped += 1;
  }
  return { paid, skipped };
}
