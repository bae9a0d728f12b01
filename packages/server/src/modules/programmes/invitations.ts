/**
 * The invitation programme (spec section 9): every user has a code and a registration link;
 * registering with a code makes its owner the new user's inviter (one per user, never oneself);
 * the inviter earns 0.2 % of each invitee's mining revenue of a UTC day, settled the next day
 * at 09:50 UTC+8 (01:50 UTC) by the minute job through the ledger, to the inviter's main
 * account.
 *
 * Decisions the spec leaves open:
 * - Revenue is the invitee's settled pool income (PPS+ and SOLO, after fees) of the day, per
 *   coin, from the day they registered on; red packets and rewards are not mining revenue.
 * - The reward is truncated to the coin's chain decimals (as settlement truncates).
 * - An unknown code at registration is refused (400 naming `invite_code`), not ignored.
 */
import { randomInt } from 'node:crypto';
import type { CoinId } from '@poolkit/core';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../contract';
import type { Database, RawSqlSession } from '../../db/connect';
import { iso, isoSeconds } from '../../db/sql';
import { offsetOf, type Page, type PageQuery } from '../../domain/paging';
import { findPool } from '../../engine/poolCatalog';
import { dayStartMs } from '../../engine/settlement';
import { execute, queryRows, type SqlExecutor, toDecimalString, toNumber } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { move } from '../wallet/postings';

/** The reward in percent of the invitee's revenue (spec section 9). */
export const INVITE_REWARD_PERCENT = '0.2';

/** Statistics close at 09:50 UTC+8 = 01:50 UTC of the next day. */
export const INVITE_SETTLE_OFFSET_MS = (24 * 60 + 110) * 60_000;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newInviteCode(): string {
  let code = '';
  for (let index = 0; index < 8; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A user name masked for others: `al***01`. */
export function maskUsername(username: string): string {
  if (username.length <= 4) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-2)}`;
}

/** The user's code, drawn (and stored) the first time it is asked for. */
export async function invitationCode(
  executor: SqlExecutor,
  userId: string,
  nowMs: number,
): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [existing] = await queryRows<{ code: string }>(
      executor,
      sql`SELECT code FROM invitation_codes WHERE user_id = ${userId}::bigint`,
    );
    if (existing !== undefined) return existing.code;
    await execute(
      executor,
      sql`INSERT INTO invitation_codes (user_id, code, created_at)
          VALUES (${userId}::bigint, ${newInviteCode()}, ${iso(nowMs)}::timestamptz)
          ON CONFLICT DO NOTHING`,
    );
  }
  throw new Error('Could not draw an invitation code');
}

function unknownCode(): HttpError {
  const message = 'This invitation code does not exist';
  return new HttpError(400, ERROR_CODES.validation, message, {
    fields: [{ field: 'invite_code', message }],
  });
}

/** 400 naming `invite_code` unless the code is an active user's (checked before a code is spent). */
export async function checkInviteCode(database: Database, code: string): Promise<void> {
  const [found] = await queryRows<{ user_id: string }>(
    database.db,
    sql`SELECT c.user_id::text AS user_id FROM invitation_codes c JOIN users u ON u.id = c.user_id
        WHERE upper(c.code) = upper(${code}) AND u.status = 'active'`,
  );
  if (found === undefined) throw unknownCode();
}

/**
 * Records who invited a new user, inside the registration's transaction (`session` of the
 * identity module). 400 naming `invite_code` for an unknown code.
 */
export async function recordInvitation(
  session: RawSqlSession,
  inviteeId: string,
  code: string,
  nowMs: number,
): Promise<void> {
  const [inviter] = await session.query<{ user_id: string }>(
    `SELECT c.user_id::text AS user_id FROM invitation_codes c JOIN users u ON u.id = c.user_id
     WHERE upper(c.code) = upper($1) AND u.status = 'active'`,
    [code],
  );
  if (inviter === undefined || inviter.user_id === inviteeId) throw unknownCode();
  await session.query(
    `INSERT INTO invitations (invitee_id, inviter_id, created_at)
     VALUES ($1::bigint, $2::bigint, $3::timestamptz) ON CONFLICT (invitee_id) DO NOTHING`,
    [inviteeId, inviter.user_id, iso(nowMs)],
  );
}

/** The user's summary (core's `invitationSummarySchema`). */
export async function readInvitationSummary(
  database: Database,
  userId: string,
  origin: string,
  nowMs: number,
) {
  const code = await invitationCode(database.db, userId, nowMs);
  const [counted] = await queryRows<{ total: unknown }>(
    database.db,
    sql`SELECT count(*)::int AS total FROM invitations WHERE inviter_id = ${userId}::bigint`,
  );
  const rewards = await queryRows<{ coin: string; amount: unknown }>(
    database.db,
    sql`SELECT coin, sum(amount)::text AS amount FROM invite_rewards
        WHERE inviter_id = ${userId}::bigint GROUP BY coin ORDER BY coin`,
  );
  return {
    code,
    link: `${origin}/register/email?invite_code=${encodeURIComponent(code)}`,
    reward_percent: INVITE_REWARD_PERCENT,
    invitee_count: toNumber(counted?.total),
    rewards: rewards.map((row) => ({
      coin: row.coin as CoinId,
      amount: toDecimalString(row.amount),
    })),
  };
}

/** The users the caller invited, newest first, masked. */
export async function readInvitees(
  executor: SqlExecutor,
  userId: string,
  query: PageQuery,
  nowMs: number,
) {
  const [counted] = await queryRows<{ total: unknown }>(
    executor,
    sql`SELECT count(*)::int AS total FROM invitations WHERE inviter_id = ${userId}::bigint`,
  );
  const rows = await queryRows<{
    invitee_id: string;
    username: string;
    created_ms: unknown;
    mining: unknown;
  }>(
    executor,
    sql`SELECT i.invitee_id::text AS invitee_id, u.username,
          (extract(epoch from i.created_at) * 1000)::float8 AS created_ms,
          EXISTS (SELECT 1 FROM mining_accounts a JOIN pool_miners m ON m.account_id = a.id
                  WHERE a.user_id = u.id AND m.last_share_ms >= ${nowMs - 86_400_000}::bigint) AS mining
        FROM invitations i JOIN users u ON u.id = i.invitee_id
        WHERE i.inviter_id = ${userId}::bigint
        ORDER BY i.created_at DESC, i.invitee_id DESC
        LIMIT ${query.page_size} OFFSET ${offsetOf(query)}`,
  );
  // The page's invitees' settled rewards, summed per coin: one grouped query over their rows.
  const earned =
    rows.length === 0
      ? []
      : await queryRows<{ invitee_id: string; coin: string; revenue: unknown; reward: unknown }>(
          executor,
          sql`SELECT r.invitee_id::text AS invitee_id, r.coin, sum(r.revenue)::text AS revenue,
                sum(r.amount)::text AS reward
              FROM invite_rewards r
              WHERE r.inviter_id = ${userId}::bigint
                AND r.invitee_id IN (${sql.join(
                  rows.map((row) => sql`${row.invitee_id}::bigint`),
                  sql`, `,
                )})
              GROUP BY r.invitee_id, r.coin
              ORDER BY r.coin`,
        );
  return {
    list: rows.map((row) => ({
      username: maskUsername(row.username),
      registered_at: isoSeconds(toNumber(row.created_ms)),
      mining: row.mining === true || row.mining === 't',
      earnings: earned
        .filter((sum) => sum.invitee_id === row.invitee_id)
        .map((sum) => ({
          coin: sum.coin as CoinId,
          revenue: toDecimalString(sum.revenue),
          reward: toDecimalString(sum.reward),
        })),
    })),
    total: toNumber(counted?.total),
    page: query.page,
    page_size: query.page_size,
  };
}

/** The caller's rewards, newest first. */
export async function readInviteRewards(executor: SqlExecutor, userId: string, query: PageQuery) {
  const [counted] = await queryRows<{ total: unknown }>(
    executor,
    sql`SELECT count(*)::int AS total FROM invite_rewards WHERE inviter_id = ${userId}::bigint`,
  );
  const rows = await queryRows<{
    day: string;
    coin: string;
    username: string;
    revenue: unknown;
    amount: unknown;
  }>(
    executor,
    sql`SELECT to_char(r.day, 'YYYY-MM-DD') AS day, r.coin, u.username, r.revenue::text AS revenue,
          r.amount::text AS amount
        FROM invite_rewards r JOIN users u ON u.id = r.invitee_id
        WHERE r.inviter_id = ${userId}::bigint
        ORDER BY r.day DESC, r.coin, r.invitee_id DESC
        LIMIT ${query.page_size} OFFSET ${offsetOf(query)}`,
  );
  return {
    list: rows.map((row) => ({
      date: row.day,
      coin: row.coin as CoinId,
      invitee: maskUsername(row.username),
      revenue: toDecimalString(row.revenue),
      amount: toDecimalString(row.amount),
      status: 'settled' as const,
    })),
    total: toNumber(counted?.total),
    page: query.page,
    page_size: query.page_size,
  } satisfies Page<unknown>;
}

/** The ledger reference of an invitee's reward of a coin and day. */
export function inviteRewardReference(inviteeId: string, coin: string, day: string): string {
  return `invite:${inviteeId}:${coin}:${day}`;
}

/**
 * The settlement job: for every invitee, coin and settled UTC day from their registration on
 * whose statistics have closed (01:50 UTC the next day) and that has no reward yet, pays the
 * inviter 0.2 % of the revenue, truncated to the coin's chain decimals. The reward row and the
 * ledger record commit together; the row's key and the ledger reference are unique, so a
 * re-run, a catch-up or a second node never pays twice. Resolves how many rewards it settled.
 */
export async function settleInviteRewards(database: Database, nowMs: number): Promise<number> {
  // Days whose statistics have closed: the day before `nowMs − 01:50`, and every earlier one.
  const lastDay = new Date(nowMs - INVITE_SETTLE_OFFSET_MS).toISOString().slice(0, 10);
  const due = await queryRows<{
    invitee_id: string;
    inviter_id: string;
    coin: string;
    day: string;
    revenue: unknown;
  }>(
    database.db,
    sql`SELECT i.invitee_id::text AS invitee_id, i.inviter_id::text AS inviter_id, p.pool AS coin,
          to_char(p.day, 'YYYY-MM-DD') AS day, sum(p.amount)::text AS revenue
        FROM invitations i
        JOIN mining_accounts a ON a.user_id = i.invitee_id
        JOIN pool_miners m ON m.account_id = a.id AND m.kind = 'account'
        JOIN profit_days p ON p.pool = m.pool AND p.miner = m.miner
        WHERE p.status = 'settled' AND p.day <= ${lastDay}::date
          AND p.day >= (i.created_at AT TIME ZONE 'UTC')::date
          AND NOT EXISTS (SELECT 1 FROM invite_rewards r WHERE r.invitee_id = i.invitee_id
                            AND r.coin = p.pool AND r.day = p.day)
        GROUP BY i.invitee_id, i.inviter_id, p.pool, p.day
        ORDER BY p.day, i.invitee_id, p.pool`,
  );
  let settled = 0;
  for (const row of due) {
    const pool = findPool(row.coin);
    if (pool === undefined) continue;
    if (dayStartMs(row.day) + INVITE_SETTLE_OFFSET_MS > nowMs) continue;
    const revenue = new Big(toDecimalString(row.revenue));
    const amount = revenue
      .times(INVITE_REWARD_PERCENT)
      .div(100)
      .round(pool.info.chainDecimals, Big.roundDown);
    const wrote = await database.db.transaction(async (tx) => {
      const inserted = await queryRows<{ day: string }>(
        tx,
        sql`INSERT INTO invite_rewards (invitee_id, coin, day, inviter_id, revenue, amount, settled_at)
            VALUES (${row.invitee_id}::bigint, ${row.coin}, ${row.day}::date, ${row.inviter_id}::bigint,
              ${revenue.toFixed()}::numeric, ${amount.toFixed()}::numeric, ${iso(nowMs)}::timestamptz)
            ON CONFLICT DO NOTHING RETURNING day::text AS day`,
      );
      if (inserted.length === 0) return false;
      if (amount.gt(0)) {
        const [main] = await queryRows<{ id: string }>(
          tx,
          sql`SELECT id::text AS id FROM mining_accounts
              WHERE user_id = ${row.inviter_id}::bigint ORDER BY is_main DESC, id LIMIT 1`,
        );
        if (main === undefined) throw new Error(`Inviter ${row.inviter_id} has no account`);
        const posted = await move(
          tx,
          {
            from: { system: 'invite_rewards' },
            to: { account: main.id },
            coin: pool.coin,
            amount: amount.toFixed(),
            reason: {
              type: 'invite_reward',
              reference: inviteRewardReference(row.invitee_id, row.coin, row.day),
              miningDay: row.day,
            },
          },
          nowMs,
        );
        if (!posted.posted) throw new Error('The invitation reward was paid already');
        await execute(
          tx,
          sql`UPDATE invite_rewards SET ledger_transaction_id = ${posted.id}::bigint
              WHERE invitee_id = ${row.invitee_id}::bigint AND coin = ${row.coin}
                AND day = ${row.day}::date`,
        );
      }
      return true;
    });
    if (wrote) settled += 1;
  }
  return settled;
}
