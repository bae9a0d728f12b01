/**
 * Support tickets (work orders). Creating one needs a bound email or authenticator app
 * (spec section 5); the server refuses otherwise.
 */
import { z } from 'zod';
import { entityIdSchema, isoDateTimeSchema, paginatedSchema, paginationQueryShape } from './common';

/** A ticket's state. */
export const ticketStatusSchema = z.enum(['open', 'replied', 'closed']);
/** A ticket state. */
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

/** Body of `POST /tickets`: title and content, both required. */
export const createTicketBodySchema = z
  .object({
    title: z.string().trim().min(1, 'Please enter a title').max(100),
    content: z.string().trim().min(1, 'Please enter the content').max(5000),
  })
  .strict();
/** Create-ticket body. */
export type CreateTicketBody = z.input<typeof createTicketBodySchema>;

/** A support ticket. */
export const supportTicketSchema = z.object({
  id: entityIdSchema,
  title: z.string(),
  content: z.string(),
  status: ticketStatusSchema,
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
/** A support ticket. */
export type SupportTicket = z.infer<typeof supportTicketSchema>;

/** Query of `GET /tickets`. */
export const ticketListQuerySchema = z
  .object({ ...paginationQueryShape, status: ticketStatusSchema.optional() })
  .strict();
/** Ticket query as a caller sends it. */
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;

/** A page of tickets, newest first. */
export const ticketListSchema = paginatedSchema(supportTicketSchema);
/** A page of tickets. */
export type TicketList = z.infer<typeof ticketListSchema>;

/** Path parameters `{id}` of a ticket. */
export const ticketParamsSchema = z.object({ id: entityIdSchema }).strict();
/** `{id}` as a caller sends it. */
export type TicketParams = z.input<typeof ticketParamsSchema>;

/** One reply in a ticket's thread. */
export const ticketReplySchema = z.object({
  id: entityIdSchema,
  /** `user` for the ticket's author, `support` for staff. */
  author: z.enum(['user', 'support']),
  content: z.string(),
  created_at: isoDateTimeSchema,
});
/** A ticket reply. */
export type TicketReply = z.infer<typeof ticketReplySchema>;

/** Answer of `GET /tickets/{id}`: the ticket with its replies, oldest first. */
export const ticketDetailSchema = supportTicketSchema.extend({
  replies: z.array(ticketReplySchema),
});
/** A ticket with replies. */
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** Body of `POST /tickets/{id}/replies`: the user's follow-up. Answer: the ticket detail. */
export const replyTicketBodySchema = z
  .object({ content: z.string().trim().min(1, 'Please enter the content').max(5000) })
  .strict();
/** Reply body. */
export type ReplyTicketBody = z.input<typeof replyTicketBodySchema>;
