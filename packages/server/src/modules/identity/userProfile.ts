import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { endpoints } from '../../contract';
import { isoSeconds, queryRow, queryRows } from '../../db/sql';
import type { EndpointInput } from '../../http/registerEndpoint';
import type { AccountRow } from '../accounts/routes';
import { CANCELLATION_GRACE_MS } from './cancellation';
import { sha256Hex } from './crypto';
import { type ActingAccount, userRoles } from './permissions';
import { maskEmail, maskPhone, type UserRow } from './users';

/** The display settings of a user, as the contract answers them. */
export function settingsOf(user: UserRow) {
  return {
    timezone: user.timezone,
    language: user.language as 'en',
    currency: user.currency,
    hide_wallet: user.hide_wallet,
    hide_amount: user.hide_amount,
  };
}

/** The settings a call changes; those left out keep their value. */
export type SettingsChange = EndpointInput<typeof endpoints.updateSettings>['body'];

/** Stores the settings a call sends and leaves the others as they are. */
export async function updateSettings(
  context: AppContext,
  userId: string,
  change: SettingsChange,
): Promise<void> {
  await context.database.db.execute(
    sql`UPDATE users SET
          timezone = COALESCE(${change.timezone ?? null}, timezone),
          language = COALESCE(${change.language ?? null}, language),
          currency = COALESCE(${change.currency ?? null}, currency),
          hide_wallet = COALESCE(${change.hide_wallet ?? null}::boolean, hide_wallet),
          hide_amount = COALESCE(${change.hide_amount ?? null}::boolean, hide_amount)
        WHERE id = ${userId}::bigint`,
  );
}

/** The user's current mining account as permissions see it, or `null` when none is set. */
export async function currentActingAccount(
  context: AppContext,
  userId: string,
): Promise<ActingAccount | null> {
  const row = await queryRow<{ is_main: boolean | null; permission: string | null }>(
    context.database,
    sql`SELECT a.is_main, a.permission FROM users u
        LEFT JOIN mining_accounts a ON a.id = u.current_account_id
        WHERE u.id = ${userId}::bigint`,
  );
  return row === undefined || row.is_main === null || row.permission === null
    ? null
    : { isMain: row.is_main, permission: row.permission };
}

/** Makes one of the user's mining accounts (by id) the one their calls act on. */
export async function setCurrentAccount(
  context: AppContext,
  userId: string,
  accountId: string,
): Promise<void> {
  await context.database.db.execute(
    sql`UPDATE users SET current_account_id = ${accountId}::bigint WHERE id = ${userId}::bigint`,
  );
}

/** A mining account by id (the user's current one), or `undefined`. */
function findMiningAccount(
  context: AppContext,
  accountId: string | null,
): Promise<AccountRow | undefined> {
  return queryRow<AccountRow>(
    context.database,
    sql`SELECT id::text AS id, name, is_main, permission, status,
          (extract(epoch from created_at) * 1000)::float8 AS created_ms
        FROM mining_accounts WHERE id = ${accountId}::bigint`,
  );
}

/**
 * The user's profile (`/users/info`): contacts masked, roles on the current mining account,
 * settings, factors, and the withdrawal pause and cancellation when they are running.
 */
export async function describeUser(context: AppContext, user: UserRow, operator: boolean) {
  const account = await findMiningAccount(context, user.current_account_id);
  const now = context.clock.now();
  return {
    id: user.id,
    username: user.username,
    email: user.email === null ? null : maskEmail(user.email),
    phone: user.phone === null ? null : maskPhone(user.phone),
    country_code: user.country_code,
    roles: userRoles(
      account === undefined ? null : { isMain: account.is_main, permission: account.permission },
      operator,
    ),
    settings: settingsOf(user),
    verify_type: user.verify_type as 'email',
    totp_enabled: user.totp_secret !== null,
    pay_password_set: user.pay_password_set,
    // Decision: the flag says the user signed up through a third-party provider (any OpenID
    // Connect provider, not only Google) and has no password yet.
    google_login: !user.password_set,
    current_account: account?.name ?? null,
    withdraw_paused_until:
      user.withdraw_paused_ms !== null && user.withdraw_paused_ms > now
        ? isoSeconds(user.withdraw_paused_ms)
        : null,
    cancellation:
      user.cancellation_ms === null
        ? null
        : {
            requested_at: isoSeconds(user.cancellation_ms),
            final_at: isoSeconds(user.cancellation_ms + CANCELLATION_GRACE_MS),
          },
    created_at: isoSeconds(user.created_ms),
  };
}

/** An observer link as its holder sees it. */
export interface ObserverLinkInfo {
  readonly nickname: string;
  /** The observed mining account's name. */
  readonly name: string;
  /** The observed pools, a JSON array of pool names. */
  readonly pools: string;
  readonly expires_ms: number | null;
}

/** The observer link of a token (deleted or expired ones included), or `undefined`. */
export function findObserverLink(
  context: AppContext,
  token: string,
): Promise<ObserverLinkInfo | undefined> {
  return queryRow<ObserverLinkInfo>(
    context.database,
    sql`SELECT o.nickname, a.name, o.pools, (extract(epoch from o.expires_at) * 1000)::float8 AS expires_ms
        FROM observer_links o JOIN mining_accounts a ON a.id = o.account_id
        WHERE o.token_hash = ${sha256Hex(token)}`,
  );
}

/** Which page of the user's log a call reads, and of which kind of entries. */
export type UserLogQuery = EndpointInput<typeof endpoints.userLogs>['query'];

/** One page of the user's log, newest first, with the number of entries in all pages. */
export async function listUserLogs(context: AppContext, userId: string, query: UserLogQuery) {
  const typeFilter = query.type === undefined ? sql`` : sql`AND type = ${query.type}`;
  const total = await queryRow<{ total: number }>(
    context.database,
    sql`SELECT count(*)::int AS total FROM user_logs WHERE user_id = ${userId}::bigint ${typeFilter}`,
  );
  const rows = await queryRows<{
    id: string;
    time_ms: number;
    type: 'login';
    action: string;
    ip: string;
    user_agent: string | null;
  }>(
    context.database,
    sql`SELECT id::text AS id, (extract(epoch from time) * 1000)::float8 AS time_ms, type, action, ip, user_agent
        FROM user_logs WHERE user_id = ${userId}::bigint ${typeFilter}
        ORDER BY user_logs.time DESC, user_logs.id DESC
        LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
  );
  return {
    list: rows.map((row) => ({
      id: row.id,
      time: isoSeconds(row.time_ms),
      type: row.type,
      action: row.action,
      ip: row.ip,
      location: null,
      user_agent: row.user_agent,
    })),
    total: total?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
