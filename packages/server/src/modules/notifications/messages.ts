import {
  type InboxMessage,
  type Language,
  type MarkReadResult,
  type MessageList,
  type MessageType,
  messageTypeSchema,
  type UnreadCount,
} from '@poolkit/core';
import { sql } from 'drizzle-orm';
import { queryRows, type SqlExecutor, toNumber } from '../../engine/sql';
import { type ChangedSetting, type MessageTextKey, renderMessage } from './texts';

const ROW_ID = /^\d{1,18}$/;

/** A message to post to a user's message center. */
export interface NewMessage {
  readonly userId: string | number;
  readonly type: MessageType;
  readonly textKey: MessageTextKey;
  readonly params?: Readonly<Record<string, string>>;
  readonly pool?: string | null;
  readonly account?: string | null;
  readonly nowMs: number;
}

/**
 * Posts a message to a user's message center. Pass the transaction of the change the message
 * is about, so both are kept or neither. Resolves the new message's id.
 */
export async function postMessage(executor: SqlExecutor, message: NewMessage): Promise<string> {
  const rows = await queryRows<{ id: unknown }>(
    executor,
    sql`INSERT INTO messages (user_id, type, text_key, params, pool, account, created_at)
      VALUES (${String(message.userId)}::bigint, ${message.type}, ${message.textKey},
        ${JSON.stringify(message.params ?? {})}, ${message.pool ?? null}, ${message.account ?? null},
        ${new Date(message.nowMs).toISOString()}::timestamptz)
      RETURNING id::text AS id`,
  );
  return String(rows[0]?.id);
}

/**
 * Tells a user that one of their security or payout settings changed (spec section 1, setting
 * update). Identity and wallet call it where pay method, auto-withdraw address, password, pay
 * password, email, phone, authenticator, passkeys, API keys or third-party app authorisations
 * change, inside the change's transaction.
 */
export async function notifySettingUpdate(
  executor: SqlExecutor,
  userId: string | number,
  setting: ChangedSetting,
  nowMs: number,
  where: { pool?: string; account?: string } = {},
): Promise<void> {
  await postMessage(executor, {
    userId,
    type: 'setting_update',
    textKey: 'setting',
    params: { setting },
    pool: where.pool ?? null,
    account: where.account ?? null,
    nowMs,
  });
}

/** {@link notifySettingUpdate} for the owner of a mining account (pay method changes). */
export async function notifyAccountSettingUpdate(
  executor: SqlExecutor,
  account: { readonly id: number; readonly name: string },
  setting: ChangedSetting,
  nowMs: number,
  pool?: string,
): Promise<void> {
  await queryRows(
    executor,
    sql`INSERT INTO messages (user_id, type, text_key, params, pool, account, created_at)
      SELECT user_id, 'setting_update', 'setting', ${JSON.stringify({ setting })}, ${pool ?? null},
        ${account.name}, ${new Date(nowMs).toISOString()}::timestamptz
      FROM mining_accounts WHERE id = ${account.id}`,
  );
}

interface MessageRow extends Record<string, unknown> {
  id: unknown;
  type: string;
  text_key: string;
  params: string;
  pool: string | null;
  account: string | null;
  created_at: unknown;
  read: boolean;
}

function parseParams(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object') return {};
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, String(item)]),
    );
  } catch {
    return {};
  }
}

function toMessage(row: MessageRow, language: Language): InboxMessage {
  const created =
    row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at));
  return {
    id: String(row.id),
    type: row.type as MessageType,
    ...renderMessage(language, row.text_key, parseParams(row.params)),
    pool: row.pool as InboxMessage['pool'],
    account: row.account,
    created_at: created.toISOString(),
    read: row.read,
  };
}

/** A page of a user's messages, newest first, in `language`. */
export async function listMessages(
  db: SqlExecutor,
  userId: string,
  query: {
    page: number;
    page_size: number;
    type?: MessageType | undefined;
    read?: boolean | undefined;
  },
  language: Language,
): Promise<MessageList> {
  const typeFilter = query.type === undefined ? sql`` : sql` AND type = ${query.type}`;
  const readFilter =
    query.read === undefined
      ? sql``
      : query.read
        ? sql` AND read_at IS NOT NULL`
        : sql` AND read_at IS NULL`;
  const where = sql`user_id = ${userId}::bigint${typeFilter}${readFilter}`;
  const totals = await queryRows<{ total: unknown }>(
    db,
    sql`SELECT count(*)::int AS total FROM messages WHERE ${where}`,
  );
  const rows = await queryRows<MessageRow>(
    db,
    sql`SELECT id::text AS id, type, text_key, params, pool, account, created_at,
        read_at IS NOT NULL AS read
      FROM messages WHERE ${where}
      ORDER BY messages.id DESC LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
  );
  return {
    list: rows.map((row) => toMessage(row, language)),
    total: toNumber(totals[0]?.total),
    page: query.page,
    page_size: query.page_size,
  };
}

/** The unread count of a user's messages, in all and per kind (the header's badge). */
export async function unreadCount(db: SqlExecutor, userId: string): Promise<UnreadCount> {
  const rows = await queryRows<{ type: string; count: unknown }>(
    db,
    sql`SELECT type, count(*)::int AS count FROM messages
      WHERE user_id = ${userId}::bigint AND read_at IS NULL GROUP BY type`,
  );
  // Every kind of the contract, 0 unless counted, so a new kind is counted without a change here.
  const byType = Object.fromEntries(messageTypeSchema.options.map((type) => [type, 0])) as Record<
    MessageType,
    number
  >;
  let count = 0;
  for (const row of rows) {
    if (!(row.type in byType)) continue;
    byType[row.type as MessageType] = toNumber(row.count);
    count += toNumber(row.count);
  }
  return { count, by_type: byType };
}

/** Marks some (by id, the user's own only) or all of a user's messages read. */
export async function markRead(
  db: SqlExecutor,
  userId: string,
  body: { ids?: string[] | undefined; all?: true | undefined },
  nowMs: number,
): Promise<MarkReadResult> {
  // Ids are opaque strings in the contract; one that is not a row id matches nothing.
  const ids = body.ids?.filter((id) => ROW_ID.test(id)) ?? [];
  if (body.all !== true && ids.length === 0) {
    return { updated: 0, unread: (await unreadCount(db, userId)).count };
  }
  const which =
    body.all !== true
      ? sql` AND id IN (${sql.join(
          ids.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`
      : sql``;
  const updated = await queryRows<{ id: unknown }>(
    db,
    sql`UPDATE messages SET read_at = ${new Date(nowMs).toISOString()}::timestamptz
      WHERE user_id = ${userId}::bigint AND read_at IS NULL${which} RETURNING id`,
  );
  const { count } = await unreadCount(db, userId);
  return { updated: updated.length, unread: count };
}

/** Deletes one of the user's messages; `false` when there is no such message of theirs. */
export async function deleteMessage(db: SqlExecutor, userId: string, id: string): Promise<boolean> {
  if (!ROW_ID.test(id)) return false;
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`DELETE FROM messages WHERE id = ${id}::bigint AND user_id = ${userId}::bigint RETURNING id`,
  );
  return rows.length > 0;
}
