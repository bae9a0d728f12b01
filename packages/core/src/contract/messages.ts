/**
 * The message center and the alert settings that produce its hashrate and offline messages.
 */
import { z } from 'zod';
import {
  accountNameSchema,
  entityIdSchema,
  hashrateSchema,
  isoDateTimeSchema,
  paginatedSchema,
  paginationQueryShape,
  poolNameSchema,
  queryBooleanSchema,
} from './common';

/** Message kinds (spec section 1): hashrate alert, miner offline, setting update. */
export const messageTypeSchema = z.enum(['hashrate_alert', 'miner_offline', 'setting_update']);
/** A message kind. */
export type MessageType = z.infer<typeof messageTypeSchema>;

/** One message of the message center, in the request's language. */
export const inboxMessageSchema = z.object({
  id: entityIdSchema,
  type: messageTypeSchema,
  title: z.string().max(256),
  content: z.string().max(4096),
  /** Pool and account the message is about; `null` for account-wide messages. */
  pool: poolNameSchema.nullable(),
  account: accountNameSchema.nullable(),
  created_at: isoDateTimeSchema,
  read: z.boolean(),
});
/** A message. */
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

/** Query of `GET /messages`. */
export const messageListQuerySchema = z
  .object({
    ...paginationQueryShape,
    type: messageTypeSchema.optional(),
    /** `false` lists unread messages only. */
    read: queryBooleanSchema.optional(),
  })
  .strict();
/** Message query as a caller sends it. */
export type MessageListQuery = z.input<typeof messageListQuerySchema>;

/** A page of messages, newest first. */
export const messageListSchema = paginatedSchema(inboxMessageSchema);
/** A page of messages. */
export type MessageList = z.infer<typeof messageListSchema>;

/** Answer of `GET /messages/unread-count`: the badge count, and per kind. */
export const unreadCountSchema = z.object({
  count: z.number().int().nonnegative(),
  by_type: z.object({
    hashrate_alert: z.number().int().nonnegative(),
    miner_offline: z.number().int().nonnegative(),
    setting_update: z.number().int().nonnegative(),
  }),
});
/** Unread counts. */
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** Body of `PUT /messages/read`: some messages by id, or all of them. */
export const markReadBodySchema = z.union([
  z.object({ ids: z.array(entityIdSchema).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
/** Mark-read body. */
export type MarkReadBody = z.input<typeof markReadBodySchema>;

/** Answer of `PUT /messages/read`: how many changed, and the new unread count. */
export const markReadResultSchema = z.object({
  updated: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
});
/** Mark-read answer. */
export type MarkReadResult = z.infer<typeof markReadResultSchema>;

/** Where alerts are sent besides the message center. */
export const alertChannelSchema = z.enum(['email', 'sms']);

/** An account's alert settings on one pool. */
export const alertSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Alert when the account's 1-hour hashrate falls below this, H/s; `null` for none. */
  hashrate_threshold: hashrateSchema.nullable(),
  /** Alert when at least this many workers go inactive; `null` for none. */
  offline_workers_threshold: z.number().int().min(1).max(100_000).nullable(),
  channels: z.array(alertChannelSchema).max(2),
});
/** Alert settings. */
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/** Body of `PUT /pools/{pool}/accounts/{account}/alerts`: the whole setting. */
export const updateAlertSettingsBodySchema = alertSettingsSchema.strict();
/** Update-alerts body. */
export type UpdateAlertSettingsBody = z.input<typeof updateAlertSettingsBodySchema>;
