import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, endpoints } from '../../contract';
import type { Principal } from '../../http/authenticate';
import { HttpError } from '../../http/httpError';
import { registerEndpoint } from '../../http/registerEndpoint';
import { requireOperator } from '../admin/operators';
import {
  adminReply,
  closeTicket,
  createTicket,
  listAdminTickets,
  listTickets,
  readAdminTicket,
  readTicket,
  replyToTicket,
} from './service';

function userOf(principal: Principal | null): string {
  if (principal === null || principal.kind !== 'user') {
    throw new HttpError(401, ERROR_CODES.unauthorized, 'Sign in to continue');
  }
  return principal.userId;
}

/**
 * Support tickets (spec sections 2 and 5): users open, list, read, follow up and close theirs;
 * operators work the queue in `/admin` (filters, thread, answers and internal notes, audited).
 * An answer raises a `ticket_reply` message and an email.
 */
export function registerTicketModule(app: FastifyInstance): void {
  const { database, clock } = app.platform;

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
