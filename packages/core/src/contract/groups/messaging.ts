/**
 * Messages, passkeys and support tickets (not shown).
 * Family B of the API contract; `../endpoints.ts` merges every group into `endpoints`.
 */
import { emptyResponseSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  markReadBodySchema,
  markReadResultSchema,
  messageListQuerySchema,
  messageListSchema,
  messageParamsSchema,
  unreadCountSchema,
} from '../messages';
import {
  passkeyListSchema,
  passkeyParamsSchema,
  passkeyRegistrationBodySchema,
  passkeyRegistrationOptionsBodySchema,
  passkeyRegistrationOptionsSchema,
  passkeySchema,
  renamePasskeyBodySchema,
} from '../passkeys';
import {
  attachTicketFilesBodySchema,
  createTicketBodySchema,
  replyTicketBodySchema,
  supportTicketSchema,
  ticketDetailSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketParamsSchema,
} from '../tickets';

/** The messages, passkeys, tickets (not shown) calls. */
export const messagingEndpoints = {
  /** Not shown: the message center. */
  messages: defineEndpoint({
    id: 'messages',
    family: 'B',
    method: 'GET',
    path: '/messages',
    auth: 'user-only',
    permission: 'user.view',
    query: messageListQuerySchema,
    response: messageListSchema,
    summary: 'Messages',
  }),
  /** Not shown: unread message count (the badge). */
  unreadMessageCount: defineEndpoint({
    id: 'unreadMessageCount',
    family: 'B',
    method: 'GET',
    path: '/messages/unread-count',
    auth: 'user-only',
    permission: 'user.view',
    response: unreadCountSchema,
    summary: 'Unread message count',
  }),
  /** Not shown: marks messages read, by id or all. */
  markMessagesRead: defineEndpoint({
    id: 'markMessagesRead',
    family: 'B',
    method: 'PUT',
    path: '/messages/read',
    auth: 'user-only',
    permission: 'user.view',
    body: markReadBodySchema,
    response: markReadResultSchema,
    summary: 'Mark messages read',
  }),
  /** Not shown: deletes one message of the user's. */
  deleteMessage: defineEndpoint({
    id: 'deleteMessage',
    family: 'B',
    method: 'DELETE',
    path: '/messages/{id}',
    auth: 'user-only',
    permission: 'user.view',
    params: messageParamsSchema,
    response: emptyResponseSchema,
    summary: 'Delete a message',
  }),
  /** Not shown: the user's passkeys. */
  passkeys: defineEndpoint({
    id: 'passkeys',
    family: 'B',
    method: 'GET',
    path: '/passkeys',
    auth: 'user-only',
    response: passkeyListSchema,
    summary: 'Passkeys of the user',
  }),
  /**
   * Not shown: WebAuthn options to add a passkey, after a fresh second validation of scene
   * `passkey` (its token is used up here, before the challenge is issued).
   */
  passkeyRegistrationOptions: defineEndpoint({
    id: 'passkeyRegistrationOptions',
    family: 'B',
    method: 'POST',
    path: '/passkeys/registration/options',
    auth: 'user-only',
    body: passkeyRegistrationOptionsBodySchema,
    response: passkeyRegistrationOptionsSchema,
    errors: [409],
    summary: 'Passkey registration options',
  }),
  /** Not shown: verifies and stores a new passkey. */
  passkeyRegistrationVerify: defineEndpoint({
    id: 'passkeyRegistrationVerify',
    family: 'B',
    method: 'POST',
    path: '/passkeys/registration/verify',
    auth: 'user-only',
    body: passkeyRegistrationBodySchema,
    response: passkeySchema,
    errors: [409],
    summary: 'Add a passkey',
  }),
  /** Not shown: renames a passkey. */
  renamePasskey: defineEndpoint({
    id: 'renamePasskey',
    family: 'B',
    method: 'PUT',
    path: '/passkeys/{id}',
    auth: 'user-only',
    params: passkeyParamsSchema,
    body: renamePasskeyBodySchema,
    response: passkeySchema,
    summary: 'Rename a passkey',
  }),
  /** Not shown: deletes a passkey. */
  deletePasskey: defineEndpoint({
    id: 'deletePasskey',
    family: 'B',
    method: 'DELETE',
    path: '/passkeys/{id}',
    auth: 'user-only',
    params: passkeyParamsSchema,
    response: emptyResponseSchema,
    summary: 'Delete a passkey',
  }),
  /** Not shown: opens a support ticket. */
  createTicket: defineEndpoint({
    id: 'createTicket',
    family: 'B',
    method: 'POST',
    path: '/tickets',
    auth: 'user-only',
    body: createTicketBodySchema,
    response: supportTicketSchema,
    summary: 'Open a support ticket',
  }),
  /** Not shown: attaches images or PDFs to one of the user's open tickets. */
  attachTicketFiles: defineEndpoint({
    id: 'attachTicketFiles',
    family: 'B',
    method: 'POST',
    path: '/tickets/{id}/attachments',
    auth: 'user-only',
    params: ticketParamsSchema,
    body: attachTicketFilesBodySchema,
    errors: [409],
    response: ticketDetailSchema,
    summary: 'Attach files to a support ticket',
  }),
  /** Not shown: the user closes one of their tickets. */
  closeTicket: defineEndpoint({
    id: 'closeTicket',
    family: 'B',
    method: 'POST',
    path: '/tickets/{id}/close',
    auth: 'user-only',
    params: ticketParamsSchema,
    response: ticketDetailSchema,
    summary: 'Close a support ticket',
  }),
  /** Not shown: the user's tickets. */
  tickets: defineEndpoint({
    id: 'tickets',
    family: 'B',
    method: 'GET',
    path: '/tickets',
    auth: 'user-only',
    query: ticketListQuerySchema,
    response: ticketListSchema,
    summary: 'Support tickets of the user',
  }),
  /** Not shown: one ticket with its replies. */
  ticket: defineEndpoint({
    id: 'ticket',
    family: 'B',
    method: 'GET',
    path: '/tickets/{id}',
    auth: 'user-only',
    params: ticketParamsSchema,
    response: ticketDetailSchema,
    summary: 'One support ticket with replies',
  }),
  /** Not shown: adds the user's reply to a ticket. */
  replyTicket: defineEndpoint({
    id: 'replyTicket',
    family: 'B',
    method: 'POST',
    path: '/tickets/{id}/replies',
    auth: 'user-only',
    params: ticketParamsSchema,
    body: replyTicketBodySchema,
    errors: [409],
    response: ticketDetailSchema,
    summary: 'Reply to a support ticket',
  }),
} as const;
