import path from 'node:path';
import { MAX_CERTIFICATE_BYTES, MAX_TICKET_ATTACHMENTS } from '@poolkit/core';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import { registerEndpoint } from '../../http/registerEndpoint';
import { serveUploadedFile } from '../../http/serveUploadedFile';
import { userOf } from '../../http/userOf';
import { requireOperator } from '../admin/operators';
import { createFileEvidenceStore, type EvidenceStore } from '../contracts/evidenceStore';
import { adminReply, listAdminTickets, readAdminTicket } from './adminTickets';
import {
  attachTicketFiles,
  closeTicket,
  createTicket,
  listTickets,
  readTicket,
  readTicketAttachment,
  replyToTicket,
} from './service';

/** Base64 of every file one upload may carry, plus room for names and JSON. */
const ATTACH_BODY_LIMIT =
  Math.ceil((MAX_CERTIFICATE_BYTES * MAX_TICKET_ATTACHMENTS) / 3) * 4 + 65_536;

/** Options of {@link registerTicketModule}. */
export interface TicketModuleOptions {
  /** Where attachments go. Default: `<dataDir>/ticket-attachments` on disk. */
  readonly attachmentStore?: EvidenceStore;
}

/**
 * Support tickets (spec sections 2 and 5): users open, list, read, follow up and close theirs;
 * operators work the queue in `/admin` (filters, thread, answers and internal notes, audited).
 * An answer raises a `ticket_reply` message and an email. Tickets carry a category, a coin and
 * one of the user's mining accounts, and up to five images or PDFs (checked like contract
 * evidence), whose bytes only the owner and operators can read.
 */
export function registerTicketModule(
  app: FastifyInstance,
  options: TicketModuleOptions = {},
): void {
  const { database, clock, config } = app.platform;
  const store =
    options.attachmentStore ??
    createFileEvidenceStore(path.join(config.dataDir, 'ticket-attachments'));

  registerEndpoint(app, endpoints.createTicket, async ({ body }, { principal }) =>
    createTicket(database.db, userOf(principal), body, clock.now()),
  );
  registerEndpoint(app, endpoints.tickets, async ({ query }, { principal }) =>
    listTickets(database.db, userOf(principal), query),
  );
  registerEndpoint(app, endpoints.ticket, async ({ params }, { principal }) =>
    readTicket(database.db, userOf(principal), params.id),
  );
  registerEndpoint(app, endpoints.replyTicket, async ({ params, body }, { principal }) =>
    replyToTicket(database, userOf(principal), params.id, body.content, clock.now()),
  );
  registerEndpoint(
    app,
    endpoints.attachTicketFiles,
    async ({ params, body }, { principal }) =>
      attachTicketFiles(database, store, {
        userId: userOf(principal),
        ticketId: params.id,
        files: body.files,
        nowMs: clock.now(),
      }),
    { bodyLimit: ATTACH_BODY_LIMIT },
  );
  serveUploadedFile<{ id: string; attachment_id: string }>(app, {
    path: '/api/tickets/:id/attachments/:attachment_id',
    fileParam: 'attachment_id',
    disposition: 'attachment',
    read: (params, ownerId) =>
      readTicketAttachment(database.db, store, {
        ticketId: params.id,
        attachmentId: params.attachment_id,
        userId: ownerId,
      }),
  });
  registerEndpoint(app, endpoints.closeTicket, async ({ params }, { principal }) =>
    closeTicket(database.db, userOf(principal), params.id, clock.now()),
  );

  registerEndpoint(app, endpoints.adminTickets, async ({ query }, { principal }) => {
    requireOperator(principal);
    return listAdminTickets(database.db, query);
  });
  registerEndpoint(app, endpoints.adminTicket, async ({ params }, { principal }) => {
    requireOperator(principal);
    return readAdminTicket(database.db, params.id);
  });
  registerEndpoint(
    app,
    endpoints.adminReplyTicket,
    async ({ params, body }, { principal, request }) =>
      adminReply(database, {
        operatorId: requireOperator(principal),
        ticketId: params.id,
        content: body.content,
        internal: body.internal,
        ip: request.ip,
        nowMs: clock.now(),
      }),
  );
}
