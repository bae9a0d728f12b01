import path from 'node:path';
import { MAX_CERTIFICATE_BYTES, MAX_TICKET_ATTACHMENTS } from '@poolkit/core';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, endpoints } from '../../contract';
import { HttpError } from '../../http/httpError';
import { registerEndpoint } from '../../http/registerEndpoint';
import { signedInUser, userOf } from '../../http/userOf';
import { requireOperator } from '../admin/operators';
import { createFileEvidenceStore, type EvidenceStore } from '../contracts/evidenceStore';
import { OPERATOR_PERMISSION } from '../identity/permissions';
import {
  adminReply,
  attachTicketFiles,
  closeTicket,
  createTicket,
  listAdminTickets,
  listTickets,
  readAdminTicket,
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
  // The files themselves: bytes, not the JSON envelope, so not a contract endpoint.
  app.get<{ Params: { id: string; attachment_id: string } }>(
    '/api/tickets/:id/attachments/:attachment_id',
    async (request, reply) => {
      const principal = signedInUser(await app.platform.authenticate(request));
      const operator = principal.permissions.includes(OPERATOR_PERMISSION);
      const file = await readTicketAttachment(database.db, store, {
        ticketId: request.params.id,
        attachmentId: request.params.attachment_id,
        userId: operator ? null : principal.userId,
      });
      if (file === undefined) {
        throw new HttpError(404, ERROR_CODES.notFound, 'No such file', {
          fields: [{ field: 'attachment_id', message: 'No such file' }],
        });
      }
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .send(Buffer.from(file.bytes));
    },
  );
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
