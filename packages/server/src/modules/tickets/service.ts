import type {
  AdminTicket,
  AdminTicketDetail,
  AdminTicketList,
  SupportTicket,
  TicketDetail,
  TicketList,
  TicketStatus,
} from '@poolkit/core';
import { type SQL, sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../contract';
import type { Database } from '../../db/connect';
import { queryRows, type SqlExecutor, toNumber } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { recordAudit } from '../admin/audit';
import { enqueueEmail } from '../notifications/emailOutbox';
import { postMessage } from '../notifications/messages';
import { asLanguage, renderMessage } from '../notifications/texts';

const ROW_ID = /^\d{1,18}$/;

function notFound(): HttpError {
  return new HttpError(404, ERROR_CODES.notFound, 'id: No such ticket', {
    fields: [{ field: 'id', message: 'No such ticket' }],
  });
}

function closedTicket(): HttpError {
  return new HttpError(409, ERROR_CODES.conflict, 'id: The ticket is closed', {
    fields: [{ field: 'id', message: 'The ticket is closed' }],
  });
}

function isoOf(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

interface TicketRow extends Record<string, unknown> {
  id: unknown;
  title: string;
  content: string;
  status: string;
  created_at: unknown;
  updated_at: unknown;
}

function toTicket(row: TicketRow): SupportTicket {
  return {
    id: String(row.id),
    title: row.title,
    content: row.content,
    status: row.status as TicketStatus,
    created_at: isoOf(row.created_at),
    updated_at: isoOf(row.updated_at),
  };
}

const TICKET_COLUMNS = sql`t.id::text AS id, t.title, t.content, t.status, t.created_at, t.updated_at`;

/**
 * Opens a ticket (spec section 5): title and content (the contract checks them), and the user
 * must have a bound email or an authenticator app, else HTTP 400 naming `contact`.
 */
export async function createTicket(
  db: SqlExecutor,
  userId: string,
  body: { title: string; content: string },
  nowMs: number,
): Promise<SupportTicket> {
  const users = await queryRows<{ reachable: boolean }>(
    db,
    sql`SELECT (email IS NOT NULL OR totp_secret IS NOT NULL) AS reachable FROM users
      WHERE id = ${userId}::bigint`,
  );
  if (users[0]?.reachable !== true) {
    throw new HttpError(
      400,
      ERROR_CODES.validation,
      'contact: Please bind an email or an authenticator first',
      { fields: [{ field: 'contact', message: 'Please bind an email or an authenticator first' }] },
    );
  }
  const now = new Date(nowMs).toISOString();
  const rows = await queryRows<TicketRow>(
    db,
    sql`INSERT INTO support_tickets AS t (user_id, title, content, status, created_at, updated_at)
      VALUES (${userId}::bigint, ${body.title}, ${body.content}, 'open', ${now}::timestamptz,
        ${now}::timestamptz)
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
  return {
    list: rows.map(toTicket),
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
  const replies = await readReplies(db, ticketId, false);
  return {
    ...toTicket(row),
    replies: replies.map((reply) => ({
      id: String(reply.id),
      author: reply.author === 'support' ? 'support' : 'user',
      content: reply.content,
      created_at: isoOf(reply.created_at),
    })),
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

interface AdminRow extends TicketRow {
  username: string;
  email: string | null;
  reply_count: unknown;
}

function toAdminTicket(row: AdminRow): AdminTicket {
  return {
    ...toTicket(row),
    username: row.username,
    email: row.email,
    reply_count: toNumber(row.reply_count),
  };
}

const ADMIN_COLUMNS = sql`${TICKET_COLUMNS}, u.username, u.email,
  (SELECT count(*) FROM support_ticket_replies r WHERE r.ticket_id = t.id)::int AS reply_count`;

/** The operators' queue: by state and search, the longest waiting first. */
export async function listAdminTickets(
  db: SqlExecutor,
  query: {
    page: number;
    page_size: number;
    status?: TicketStatus | undefined;
    q?: string | undefined;
  },
): Promise<AdminTicketList> {
  const filters: SQL[] = [sql`true`];
  if (query.status !== undefined) filters.push(sql`t.status = ${query.status}`);
  if (query.q !== undefined && query.q !== '') {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    filters.push(
      sql`(lower(t.title) LIKE ${pattern} OR lower(u.username) LIKE ${pattern}
        OR lower(coalesce(u.email, '')) LIKE ${pattern})`,
    );
  }
  const where = sql.join(filters, sql` AND `);
  const totals = await queryRows<{ total: unknown }>(
    db,
    sql`SELECT count(*)::int AS total FROM support_tickets t JOIN users u ON u.id = t.user_id
      WHERE ${where}`,
  );
  const rows = await queryRows<AdminRow>(
    db,
    sql`SELECT ${ADMIN_COLUMNS} FROM support_tickets t JOIN users u ON u.id = t.user_id
      WHERE ${where} ORDER BY t.updated_at, t.id
      LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
  );
  return {
    list: rows.map(toAdminTicket),
    total: toNumber(totals[0]?.total),
    page: query.page,
    page_size: query.page_size,
  };
}

/** One ticket with the whole thread, internal notes included. */
export async function readAdminTicket(
  db: SqlExecutor,
  ticketId: string,
): Promise<AdminTicketDetail> {
  if (!ROW_ID.test(ticketId)) throw notFound();
  const rows = await queryRows<AdminRow>(
    db,
    sql`SELECT ${ADMIN_COLUMNS} FROM support_tickets t JOIN users u ON u.id = t.user_id
      WHERE t.id = ${ticketId}::bigint`,
  );
  const row = rows[0];
  if (row === undefined) throw notFound();
  const replies = await readReplies(db, ticketId, true);
  return {
    ...toAdminTicket(row),
    replies: replies.map((reply) => ({
      id: String(reply.id),
      author: reply.author === 'support' ? 'support' : 'user',
      content: reply.content,
      created_at: isoOf(reply.created_at),
      internal: reply.internal,
      operator: reply.operator,
    })),
  };
}

/**
 * An operator's answer or internal note, audited (`tickets.reply`, `tickets.note`) in the same
 * transaction. An answer makes the ticket `replied`, posts a `ticket_reply` message and queues
 * an email in the user's language in the same transaction (the email outbox, sent by the
 * notifications module's poller). 409 on a closed ticket.
 */
export async function adminReply(
  database: Database,
  input: {
    operatorId: string;
    ticketId: string;
    content: string;
    internal: boolean;
    ip: string | null;
    nowMs: number;
  },
): Promise<AdminTicketDetail> {
  const { ticketId, nowMs } = input;
  if (!ROW_ID.test(ticketId)) throw notFound();
  const now = new Date(nowMs).toISOString();
  await database.db.transaction(async (tx) => {
    const rows = await queryRows<{
      status: string;
      title: string;
      user_id: unknown;
      email: string | null;
      language: string;
    }>(
      tx,
      sql`SELECT t.status, t.title, t.user_id, u.email, u.language FROM support_tickets t
        JOIN users u ON u.id = t.user_id WHERE t.id = ${ticketId}::bigint FOR UPDATE OF t`,
    );
    const ticket = rows[0];
    if (ticket === undefined) throw notFound();
    if (ticket.status === 'closed') throw closedTicket();
    await queryRows(
      tx,
      sql`INSERT INTO support_ticket_replies (ticket_id, author, operator_id, internal, content,
          created_at)
        VALUES (${ticketId}::bigint, 'support', ${input.operatorId}::bigint, ${input.internal},
          ${input.content}, ${now}::timestamptz)`,
    );
    await recordAudit(tx, {
      actorId: input.operatorId,
      action: input.internal ? 'tickets.note' : 'tickets.reply',
      targetType: 'support_ticket',
      targetId: ticketId,
      details: { length: input.content.length },
      ip: input.ip,
      nowMs,
    });
    if (input.internal) return;
    await queryRows(
      tx,
      sql`UPDATE support_tickets SET status = 'replied', updated_at = ${now}::timestamptz
        WHERE id = ${ticketId}::bigint`,
    );
    const params = { title: ticket.title.slice(0, 100) };
    await postMessage(tx, {
      userId: String(ticket.user_id),
      type: 'ticket_reply',
      textKey: 'ticketReply',
      params,
      nowMs,
    });
    if (ticket.email === null) return;
    const text = renderMessage(asLanguage(ticket.language), 'ticketReply', params);
    await enqueueEmail(
      tx,
      {
        channel: 'email',
        to: ticket.email,
        subject: text.title,
        text: `${text.content}\n\n${input.content}`,
      },
      nowMs,
    );
  });
  return readAdminTicket(database.db, ticketId);
}
