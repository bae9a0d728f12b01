import { randomUUID } from 'node:crypto';
import {
  type CertificateFile,
  type CoinId,
  MAX_CERTIFICATE_BYTES,
  MAX_TICKET_ATTACHMENTS,
  type SupportTicket,
  type TicketAttachment,
  type TicketCategory,
  type TicketDetail,
  type TicketList,
  type TicketStatus,
} from '@poolkit/core';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../contract';
import type { Database } from '../../db/connect';
import { badField } from '../../domain/errors';
import { queryRows, type SqlExecutor, toNumber } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { type EvidenceStore, matchesContentType } from '../contracts/evidenceStore';

/** A ticket id as a path carries it: a bigint's digits. */
export const ROW_ID = /^\d{1,18}$/;

/** 404 naming `id`: no such ticket, or not the caller's. */
export function notFound(): HttpError {
  return new HttpError(404, ERROR_CODES.notFound, 'id: No such ticket', {
    fields: [{ field: 'id', message: 'No such ticket' }],
  });
}

/** 409: the ticket is closed. */
export function closedTicket(): HttpError {
  return new HttpError(409, ERROR_CODES.conflict, 'id: The ticket is closed', {
    fields: [{ field: 'id', message: 'The ticket is closed' }],
  });
}

function isoOf(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** A ticket as {@link TICKET_COLUMNS} reads it. */
export interface TicketRow extends Record<string, unknown> {
  id: unknown;
  title: string;
  content: string;
  status: string;
  category: string;
  coin: string | null;
  account: string | null;
  created_at: unknown;
  updated_at: unknown;
}

interface AttachmentRow extends Record<string, unknown> {
  id: unknown;
  ticket_id: unknown;
  file_name: string;
  content_type: string;
  size_bytes: unknown;
}

/** The attachments of some tickets, by ticket id, oldest first. */
export async function readAttachments(
  db: SqlExecutor,
  ticketIds: readonly string[],
): Promise<Map<string, TicketAttachment[]>> {
  const byTicket = new Map<string, TicketAttachment[]>();
  if (ticketIds.length === 0) return byTicket;
  const rows = await queryRows<AttachmentRow>(
    db,
    sql`SELECT id::text AS id, ticket_id::text AS ticket_id, file_name, content_type, size_bytes
      FROM support_ticket_attachments
      WHERE ticket_id IN (${sql.join(
        ticketIds.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})
      ORDER BY id`,
  );
  for (const row of rows) {
    const ticketId = String(row.ticket_id);
    const list = byTicket.get(ticketId) ?? [];
    list.push({
      id: String(row.id),
      file_name: row.file_name,
      content_type: row.content_type,
      size_bytes: toNumber(row.size_bytes),
      url: `/api/tickets/${ticketId}/attachments/${String(row.id)}`,
    });
    byTicket.set(ticketId, list);
  }
  return byTicket;
}

/** A ticket row with its attachments as the contract answers it. */
export function toTicket(row: TicketRow, attachments: TicketAttachment[] = []): SupportTicket {
  return {
    id: String(row.id),
    title: row.title,
    content: row.content,
    status: row.status as TicketStatus,
    category: row.category as TicketCategory,
    coin: row.coin as CoinId | null,
    account: row.account,
    attachments,
    created_at: isoOf(row.created_at),
    updated_at: isoOf(row.updated_at),
  };
}

/** The columns of a ticket (`support_tickets t`) that {@link toTicket} reads. */
export const TICKET_COLUMNS = sql`t.id::text AS id, t.title, t.content, t.status, t.category, t.coin,
  (SELECT a.name FROM mining_accounts a WHERE a.id = t.account_id) AS account,
  t.created_at, t.updated_at`;

/**
 * Opens a ticket (spec section 5): title and content (the contract checks them), and the user
 * must have a bound email or an authenticator app, else HTTP 400 naming `contact`.
 */
export async function createTicket(
  db: SqlExecutor,
  userId: string,
  body: {
    title: string;
    content: string;
    category: TicketCategory;
    coin?: CoinId | undefined;
    account?: string | undefined;
  },
  nowMs: number,
): Promise<SupportTicket> {
  const users = await queryRows<{ reachable: boolean }>(
    db,
    sql`SELECT (email IS NOT NULL OR totp_secret IS NOT NULL) AS reachable FROM users
      WHERE id = ${userId}::bigint`,
  );
  if (users[0]?.reachable !== true) {
    badField('contact', 'Please bind an email or an authenticator first');
  }
  let accountId: string | null = null;
  if (body.account !== undefined) {
    // Only one of the user's own mining accounts; another's is as unknown as a missing one.
    const accounts = await queryRows<{ id: unknown }>(
      db,
      sql`SELECT id::text AS id FROM mining_accounts
        WHERE user_id = ${userId}::bigint AND name = ${body.account}`,
    );
    if (accounts[0] === undefined) badField('account', 'No such mining account of yours');
    accountId = String(accounts[0].id);
  }
  const now = new Date(nowMs).toISOString();
  const rows = await queryRows<TicketRow>(
    db,
    sql`INSERT INTO support_tickets AS t (user_id, title, content, status, category, coin,
        account_id, created_at, updated_at)
      VALUES (${userId}::bigint, ${body.title}, ${body.content}, 'open', ${body.category},
        ${body.coin ?? null}, ${accountId}::bigint, ${now}::timestamptz, ${now}::timestamptz)
      RETURNING ${TICKET_COLUMNS}`,
  );
  const row = rows[0];
  if (row === undefined) throw new Error('The ticket was not saved');
  return toTicket(row);
}

/** A page of the user's tickets, newest first. */
export async function listTickets(
  db: SqlExecutor,
  userId: string,
  query: { page: number; page_size: number; status?: TicketStatus | undefined },
): Promise<TicketList> {
  const where = sql`t.user_id = ${userId}::bigint${
    query.status === undefined ? sql`` : sql` AND t.status = ${query.status}`
  }`;
  const totals = await queryRows<{ total: unknown }>(
    db,
    sql`SELECT count(*)::int AS total FROM support_tickets t WHERE ${where}`,
  );
  const rows = await queryRows<TicketRow>(
    db,
    sql`SELECT ${TICKET_COLUMNS} FROM support_tickets t WHERE ${where}
      ORDER BY t.id DESC LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
  );
  const attachments = await readAttachments(
    db,
    rows.map((row) => String(row.id)),
  );
  return {
    list: rows.map((row) => toTicket(row, attachments.get(String(row.id)))),
    total: toNumber(totals[0]?.total),
    page: query.page,
    page_size: query.page_size,
  };
}

interface ReplyRow extends Record<string, unknown> {
  id: unknown;
  author: string;
  content: string;
  created_at: unknown;
  internal: boolean;
  operator: string | null;
}

async function readReplies(db: SqlExecutor, ticketId: string, withInternal: boolean) {
  return queryRows<ReplyRow>(
    db,
    sql`SELECT r.id::text AS id, r.author, r.content, r.created_at, r.internal,
        u.username AS operator
      FROM support_ticket_replies r LEFT JOIN users u ON u.id = r.operator_id
      WHERE r.ticket_id = ${ticketId}::bigint${withInternal ? sql`` : sql` AND NOT r.internal`}
      ORDER BY r.id`,
  );
}

/** A ticket's replies (internal notes only when `withInternal`) and its attachments. */
export async function readThread(db: SqlExecutor, ticketId: string, withInternal: boolean) {
  const replies = await readReplies(db, ticketId, withInternal);
  const attachments = await readAttachments(db, [ticketId]);
  return { replies, attachments: attachments.get(ticketId) };
}

/** A reply of the thread as the user sees it. */
export function threadReply(reply: ReplyRow): TicketDetail['replies'][number] {
  return {
    id: String(reply.id),
    author: reply.author === 'support' ? 'support' : 'user',
    content: reply.content,
    created_at: isoOf(reply.created_at),
  };
}

/** One of the user's tickets with its replies (internal notes left out); 404 for others'. */
export async function readTicket(
  db: SqlExecutor,
  userId: string,
  ticketId: string,
): Promise<TicketDetail> {
  if (!ROW_ID.test(ticketId)) throw notFound();
  const rows = await queryRows<TicketRow>(
    db,
    sql`SELECT ${TICKET_COLUMNS} FROM support_tickets t
      WHERE t.id = ${ticketId}::bigint AND t.user_id = ${userId}::bigint`,
  );
  const row = rows[0];
  if (row === undefined) throw notFound();
  const thread = await readThread(db, ticketId, false);
  return {
    ...toTicket(row, thread.attachments),
    replies: thread.replies.map(threadReply),
  };
}

/** The user's follow-up: added to the thread, and the ticket is open again. 409 once closed. */
export async function replyToTicket(
  database: Database,
  userId: string,
  ticketId: string,
  content: string,
  nowMs: number,
): Promise<TicketDetail> {
  if (!ROW_ID.test(ticketId)) throw notFound();
  const now = new Date(nowMs).toISOString();
  await database.db.transaction(async (tx) => {
    const rows = await queryRows<{ status: string }>(
      tx,
      sql`SELECT status FROM support_tickets WHERE id = ${ticketId}::bigint
        AND user_id = ${userId}::bigint FOR UPDATE`,
    );
    const row = rows[0];
    if (row === undefined) throw notFound();
    if (row.status === 'closed') throw closedTicket();
    await queryRows(
      tx,
      sql`INSERT INTO support_ticket_replies (ticket_id, author, content, created_at)
        VALUES (${ticketId}::bigint, 'user', ${content}, ${now}::timestamptz)`,
    );
    await queryRows(
      tx,
      sql`UPDATE support_tickets SET status = 'open', updated_at = ${now}::timestamptz
        WHERE id = ${ticketId}::bigint`,
    );
  });
  return readTicket(database.db, userId, ticketId);
}

/** The user closes their ticket (idempotent). */
export async function closeTicket(
  db: SqlExecutor,
  userId: string,
  ticketId: string,
  nowMs: number,
): Promise<TicketDetail> {
  if (!ROW_ID.test(ticketId)) throw notFound();
  await queryRows(
    db,
    sql`UPDATE support_tickets SET status = 'closed', updated_at = ${new Date(nowMs).toISOString()}::timestamptz
      WHERE id = ${ticketId}::bigint AND user_id = ${userId}::bigint AND status <> 'closed'`,
  );
  return readTicket(db, userId, ticketId);
}

/**
 * Attaches files to one of the user's tickets that is not closed: each decoded and checked
 * (at most 5 MiB, its first bytes those of the type it claims, as the contracts module's
 * evidence), at most {@link MAX_TICKET_ATTACHMENTS} per ticket, counted under the ticket's row
 * lock so two uploads at once cannot pass it. The bytes go to `store` first and are removed
 * again when the rows are not kept. 404 for another's ticket, 409 once closed.
 */
export async function attachTicketFiles(
  database: Database,
  store: EvidenceStore,
  input: { userId: string; ticketId: string; files: readonly CertificateFile[]; nowMs: number },
): Promise<TicketDetail> {
  const { ticketId, userId } = input;
  if (!ROW_ID.test(ticketId)) throw notFound();
  const decoded = input.files.map((file, index) => {
    const bytes = new Uint8Array(Buffer.from(file.data, 'base64'));
    if (bytes.byteLength === 0 || bytes.byteLength > MAX_CERTIFICATE_BYTES) {
      badField(`files.${index}.data`, 'A file is at most 5 MiB');
    }
    if (!matchesContentType(file.content_type, bytes)) {
      badField(`files.${index}.content_type`, 'The file is not the image or PDF it claims');
    }
    return { ...file, bytes, key: `${ticketId}/${randomUUID()}` };
  });
  for (const file of decoded) await store.put(file.key, file.bytes);
  try {
    await database.db.transaction(async (tx) => {
      const rows = await queryRows<{ status: string }>(
        tx,
        sql`SELECT status FROM support_tickets WHERE id = ${ticketId}::bigint
          AND user_id = ${userId}::bigint FOR UPDATE`,
      );
      const row = rows[0];
      if (row === undefined) throw notFound();
      if (row.status === 'closed') throw closedTicket();
      const counted = await queryRows<{ count: unknown }>(
        tx,
        sql`SELECT count(*)::int AS count FROM support_ticket_attachments
          WHERE ticket_id = ${ticketId}::bigint`,
      );
      if (toNumber(counted[0]?.count ?? 0) + decoded.length > MAX_TICKET_ATTACHMENTS) {
        badField('files', `A ticket keeps at most ${MAX_TICKET_ATTACHMENTS} files`);
      }
      const now = new Date(input.nowMs).toISOString();
      for (const file of decoded) {
        await queryRows(
          tx,
          sql`INSERT INTO support_ticket_attachments (ticket_id, file_name, content_type,
              size_bytes, storage_key, created_at)
            VALUES (${ticketId}::bigint, ${file.file_name}, ${file.content_type},
              ${file.bytes.byteLength}, ${file.key}, ${now}::timestamptz)`,
        );
      }
      await queryRows(
        tx,
        sql`UPDATE support_tickets SET updated_at = ${now}::timestamptz
          WHERE id = ${ticketId}::bigint`,
      );
    });
  } catch (error) {
    for (const file of decoded) await store.delete(file.key).catch(() => undefined);
    throw error;
  }
  return readTicket(database.db, userId, ticketId);
}

/**
 * The bytes of a ticket's attachment for its owner (`userId`) or an operator (`userId` null);
 * `undefined` for anyone else or when there is no such file, so another user's files are not
 * even confirmed to exist.
 */
export async function readTicketAttachment(
  db: SqlExecutor,
  store: EvidenceStore,
  input: { ticketId: string; attachmentId: string; userId: string | null },
): Promise<{ fileName: string; contentType: string; bytes: Uint8Array } | undefined> {
  if (!ROW_ID.test(input.ticketId) || !ROW_ID.test(input.attachmentId)) return undefined;
  const rows = await queryRows<{ file_name: string; content_type: string; storage_key: string }>(
    db,
    sql`SELECT f.file_name, f.content_type, f.storage_key FROM support_ticket_attachments f
      JOIN support_tickets t ON t.id = f.ticket_id
      WHERE f.id = ${input.attachmentId}::bigint AND f.ticket_id = ${input.ticketId}::bigint
        ${input.userId === null ? sql`` : sql`AND t.user_id = ${input.userId}::bigint`}`,
  );
  const row = rows[0];
  if (row === undefined) return undefined;
  const bytes = await store.get(row.storage_key);
  if (bytes === undefined) return undefined;
  return { fileName: row.file_name, contentType: row.content_type, bytes };
}
