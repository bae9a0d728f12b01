/**
 * The operators' side of support tickets: the queue, a ticket with its whole thread and the
 * answers and internal notes (the users' side: `service.ts`).
 */
import type {
  AdminTicket,
  AdminTicketDetail,
  AdminTicketList,
  CoinId,
  TicketAttachment,
  TicketCategory,
  TicketStatus,
} from '@poolkit/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { queryRows, type SqlExecutor, toNumber } from '../../engine/sql';
import { recordAudit } from '../admin/audit';
import { enqueueEmail } from '../notifications/emailOutbox';
import { postMessage } from '../notifications/messages';
import { asLanguage, renderMessage } from '../notifications/texts';
import {
  closedTicket,
  notFound,
  ROW_ID,
  readAttachments,
  readThread,
  TICKET_COLUMNS,
  type TicketRow,
  threadReply,
  toTicket,
} from './service';

interface AdminRow extends TicketRow {
  username: string;
  email: string | null;
  reply_count: unknown;
}

function toAdminTicket(row: AdminRow, attachments?: TicketAttachment[]): AdminTicket {
  return {
    ...toTicket(row, attachments),
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
    category?: TicketCategory | undefined;
    coin?: CoinId | undefined;
    q?: string | undefined;
  },
): Promise<AdminTicketList> {
  const filters: SQL[] = [sql`true`];
  if (query.status !== undefined) filters.push(sql`t.status = ${query.status}`);
  if (query.category !== undefined) filters.push(sql`t.category = ${query.category}`);
  if (query.coin !== undefined) filters.push(sql`t.coin = ${query.coin}`);
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
  const attachments = await readAttachments(
    db,
    rows.map((row) => String(row.id)),
  );
  return {
    list: rows.map((row) => toAdminTicket(row, attachments.get(String(row.id)))),
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
  const thread = await readThread(db, ticketId, true);
  return {
    ...toAdminTicket(row, thread.attachments),
    replies: thread.replies.map((reply) => ({
      ...threadReply(reply),
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
