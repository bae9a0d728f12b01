/**
 * Support tickets (work orders). Creating one needs a bound email or authenticator app
 * (spec section 5); the server refuses otherwise.
 */
import { z } from 'zod';
import { certificateFileSchema } from './cloudMining';
import {
  coinIdSchema,
  entityIdSchema,
  isoDateTimeSchema,
  paginatedSchema,
  paginationQueryShape,
} from './common';

/** A ticket's state. */
export const ticketStatusSchema = z.enum(['open', 'replied', 'closed']);
/** A ticket state. */
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

/**
 * What a ticket is about, a fixed list (PoolKit's, the spec names none): the user's account and
 * security (`account`), payouts, deposits and withdrawals (`payout`), mining, workers and
 * hashrate (`mining`), cloud-mining contracts (`contract`), anything else (`other`).
 */
export const TICKET_CATEGORIES = ['account', 'payout', 'mining', 'contract', 'other'] as const;
/** A ticket's category. */
export const ticketCategorySchema = z.enum(TICKET_CATEGORIES);
/** A ticket category. */
export type TicketCategory = z.infer<typeof ticketCategorySchema>;

/** A mining account's name as a ticket names it. */
const ticketAccountSchema = z.string().trim().min(1).max(64);

/**
 * Body of `POST /tickets`: title and content, both required; the category (default `other`),
 * and optionally the coin and one of the user's own mining accounts it is about (another's:
 * HTTP 400 naming `account`). Files are attached afterwards (`POST /tickets/{id}/attachments`).
 */
export const createTicketBodySchema = z
  .object({
    title: z.string().trim().min(1, 'Please enter a title').max(100),
    content: z.string().trim().min(1, 'Please enter the content').max(5000),
    category: ticketCategorySchema.default('other'),
    coin: coinIdSchema.optional(),
    account: ticketAccountSchema.optional(),
  })
  .strict();
/** Create-ticket body. */
export type CreateTicketBody = z.input<typeof createTicketBodySchema>;

/** The most files a ticket keeps. */
export const MAX_TICKET_ATTACHMENTS = 5;

/** A file attached to a ticket; `url` answers its bytes to the ticket's owner and operators. */
export const ticketAttachmentSchema = z.object({
  id: entityIdSchema,
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int().nonnegative(),
  /** `/api/tickets/{id}/attachments/{attachment_id}` (needs the bearer token). */
  url: z.string(),
});
/** A ticket attachment. */
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

/**
 * Body of `POST /tickets/{id}/attachments`: 1-5 images or PDFs (each at most 5 MiB, checked by
 * their first bytes), at most {@link MAX_TICKET_ATTACHMENTS} per ticket in all.
 */
export const attachTicketFilesBodySchema = z
  .object({
    files: z
      .array(certificateFileSchema)
      .min(1, 'Please choose a file')
      .max(MAX_TICKET_ATTACHMENTS),
  })
  .strict();
/** Attach-files body. */
export type AttachTicketFilesBody = z.input<typeof attachTicketFilesBodySchema>;

/** A support ticket. */
export const supportTicketSchema = z.object({
  id: entityIdSchema,
  title: z.string(),
  content: z.string(),
  status: ticketStatusSchema,
  category: ticketCategorySchema,
  /** The coin it is about; `null` for none. */
  coin: coinIdSchema.nullable(),
  /** The user's mining account it is about; `null` for none. */
  account: z.string().nullable(),
  attachments: z.array(ticketAttachmentSchema),
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

/** Query of `GET /admin/tickets`: the operators' queue, by state and a search in title or user. */
export const adminTicketListQuerySchema = z
  .object({
    ...paginationQueryShape,
    status: ticketStatusSchema.optional(),
    category: ticketCategorySchema.optional(),
    coin: coinIdSchema.optional(),
    /** Part of the title, the user name or the email, any case. */
    q: z.string().trim().max(100).optional(),
  })
  .strict();
/** Admin ticket query as a caller sends it. */
export type AdminTicketListQuery = z.input<typeof adminTicketListQuerySchema>;

/** A ticket in the operators' queue: with its author and how many replies it has. */
export const adminTicketSchema = supportTicketSchema.extend({
  username: z.string(),
  email: z.string().nullable(),
  reply_count: z.number().int().nonnegative(),
});
/** A queued ticket. */
export type AdminTicket = z.infer<typeof adminTicketSchema>;

/** A page of the operators' queue, oldest waiting first. */
export const adminTicketListSchema = paginatedSchema(adminTicketSchema);
/** A page of the queue. */
export type AdminTicketList = z.infer<typeof adminTicketListSchema>;

/** One entry of a ticket's thread as operators see it: internal notes included. */
export const adminTicketReplySchema = ticketReplySchema.extend({
  /** An operator's note the user never sees. */
  internal: z.boolean(),
  /** The operator's user name for support replies and notes; `null` for the user's. */
  operator: z.string().nullable(),
});
/** An admin-side reply. */
export type AdminTicketReply = z.infer<typeof adminTicketReplySchema>;

/** Answer of `GET /admin/tickets/{id}`: the ticket, its author and the whole thread. */
export const adminTicketDetailSchema = adminTicketSchema.extend({
  replies: z.array(adminTicketReplySchema),
});
/** A ticket with its whole thread. */
export type AdminTicketDetail = z.infer<typeof adminTicketDetailSchema>;

/**
 * Body of `POST /admin/tickets/{id}/replies`: an answer to the user (the ticket becomes
 * `replied`, the user gets a message and an email) or an internal note (`internal: true`).
 */
export const adminReplyTicketBodySchema = z
  .object({
    content: z.string().trim().min(1, 'Please enter the content').max(5000),
    internal: z.boolean().default(false),
  })
  .strict();
/** Admin reply body. */
export type AdminReplyTicketBody = z.input<typeof adminReplyTicketBodySchema>;
