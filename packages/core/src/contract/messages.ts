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
  validationTokenSchema,
} from './common';

/**
 * Message kinds (spec section 1): hashrate alert, miner offline, setting update; the answer to a
 * support ticket, which the issue asks to announce in the message center too; and money
 * movements of the wallet (a withdrawal rejected and refunded), kept apart from settings so a
 * user can filter them.
 */
export const messageTypeSchema = z.enum([
  'hashrate_alert',
  'miner_offline',
  'setting_update',
  'ticket_reply',
  'wallet_update',
]);
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
    ticket_reply: z.number().int().nonnegative(),
    wallet_update: z.number().int().nonnegative(),
  }),
});
/** Unread counts. */
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** Body of `PUT /messages/read`: some messages by id, or all of them (exactly one of the two). */
export const markReadBodySchema = z
  .object({
    ids: z.array(entityIdSchema).min(1).max(100).optional(),
    all: z.literal(true).optional(),
  })
  .strict()
  .superRefine((body, context) => {
    if ((body.ids === undefined) === (body.all === undefined)) {
      // Neither or both: name both fields.
      for (const path of ['ids', 'all']) {
        context.addIssue({ code: 'custom', message: 'Give either ids or all', path: [path] });
      }
    }
  });
/** Mark-read body. */
export type MarkReadBody = z.input<typeof markReadBodySchema>;

/** Answer of `PUT /messages/read`: how many changed, and the new unread count. */
export const markReadResultSchema = z.object({
  updated: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
});
/** Mark-read answer. */
export type MarkReadResult = z.infer<typeof markReadResultSchema>;

/** Path parameters `{id}` of one message. */
export const messageParamsSchema = z.object({ id: entityIdSchema }).strict();
/** `{id}` as a caller sends it. */
export type MessageParams = z.input<typeof messageParamsSchema>;

/**
 * Where alerts are sent besides the message center (which always gets them): email to the
 * bound address, SMS to the bound phone (the development outbox; no SMS provider is wired), and
 * the account's signed webhook.
 */
export const alertChannelSchema = z.enum(['email', 'sms', 'webhook']);
/** An alert channel. */
export type AlertChannel = z.infer<typeof alertChannelSchema>;

/** The message kinds an account can be alerted of (setting updates are always sent). */
export const alertTypeSchema = z.enum(['hashrate_alert', 'miner_offline']);
/** An alert kind. */
export type AlertType = z.infer<typeof alertTypeSchema>;

/** A webhook address: http or https, at most 2048 characters. */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .url('Please enter a web address starting with https://')
  .refine(
    (value) => /^https?:\/\//i.test(value),
    'Please enter a web address starting with https://',
  );

/**
 * The server's refusal of a webhook address on a private, loopback, link-local, CGNAT,
 * unique-local or metadata network (field `webhook_url`); pages show `alerts.webhookPrivate`.
 */
export const WEBHOOK_PRIVATE_ADDRESS_MESSAGE =
  'Use a public address: private, loopback, link-local and metadata addresses are refused';
/** The server's refusal of a webhook address whose host DNS does not know (`alerts.webhookUnknownHost`). */
export const WEBHOOK_UNKNOWN_HOST_MESSAGE = 'The address’s host could not be found';

/**
 * What observers, read-only API keys and third-party apps read in place of a saved webhook
 * address, which often carries a secret in its path or query: the scheme, `//`, the host (with
 * its port when the URL names one; an IPv6 host in brackets) and `/…` (U+2026), whatever the
 * rest was. User name, password, path, query and fragment never appear. Only the owner's own
 * session reads the whole address.
 *
 * @example
 * maskWebhookUrl('https://hooks.example.com/services/T0/B0/XXXX?token=1'); // 'https://hooks.example.com/…'
 * maskWebhookUrl('http://user:pw@[2001:db8::1]:8080/x'); // 'http://[2001:db8::1]:8080/…'
 */
export function maskWebhookUrl(url: string): string {
  try {
    const { protocol, host } = new URL(url);
    return `${protocol}//${host}/…`;
  } catch {
    return '…';
  }
}

/**
 * The server's refusal (field `validation_token`, HTTP 400 code 40002) of a new or changed
 * webhook address sent without a second validation of scene `webhook`.
 */
export const WEBHOOK_VALIDATION_REQUIRED_MESSAGE =
  'A new or changed webhook address needs a second validation (scene webhook)';

/** Default quiet window after a recovery, minutes: a flapping worker does not re-alert sooner. */
export const DEFAULT_ALERT_QUIET_MINUTES = 60;

const alertSettingsShape = {
  enabled: z.boolean(),
  /** Alert when the account's 1-hour hashrate falls below this, H/s; `null` for none. */
  hashrate_threshold: hashrateSchema.nullable(),
  /** Alert when at least this many workers go inactive; `null` for none. */
  offline_workers_threshold: z.number().int().min(1).max(100_000).nullable(),
  channels: z.array(alertChannelSchema).max(3),
};

/** An account's alert settings on one pool. */
export const alertSettingsSchema = z.object({
  ...alertSettingsShape,
  /** The kinds alerted of. */
  types: z.array(alertTypeSchema).max(2),
  /**
   * Where the webhook channel posts; `null` for none. The whole address for the owner's own
   * session; for an observer, an API key or an app token only its host, in the shape of
   * {@link maskWebhookUrl} (`https://hooks.example.com/…`).
   */
  webhook_url: z.string().max(2048).nullable(),
  /** Whether a signing secret exists (it is shown once, when made). */
  webhook_secret_set: z.boolean(),
  /** After a recovery, the same alert stays quiet this many minutes (flap damping). */
  quiet_minutes: z.number().int().min(5).max(1440),
});
/** Alert settings. */
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/**
 * Body of `PUT /pools/{pool}/accounts/{account}/alerts`: the whole setting. `types` defaults to
 * both kinds, `webhook_url` to none, `quiet_minutes` to {@link DEFAULT_ALERT_QUIET_MINUTES}.
 * A `webhook_url` other than the saved one (adding or changing the address) needs
 * `validation_token`, a second validation of scene `webhook` (`POST /users/second-validation`),
 * which the call spends; removing the address, or saving with it unchanged, needs none.
 */
export const updateAlertSettingsBodySchema = z
  .object({
    ...alertSettingsShape,
    types: z.array(alertTypeSchema).max(2).default(['hashrate_alert', 'miner_offline']),
    webhook_url: webhookUrlSchema.nullable().default(null),
    quiet_minutes: z.number().int().min(5).max(1440).default(DEFAULT_ALERT_QUIET_MINUTES),
    /** A second validation of scene `webhook`: required when `webhook_url` is new or changed. */
    validation_token: validationTokenSchema.optional(),
  })
  .strict();
/** Update-alerts body. */
export type UpdateAlertSettingsBody = z.input<typeof updateAlertSettingsBodySchema>;

/** Answer of `POST …/alerts/webhook-secret`: the new signing secret, shown this once. */
export const webhookSecretSchema = z.object({ secret: z.string() });
/** A new webhook secret. */
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

/** Answer of `POST …/alerts/test-webhook`: the delivery and how its first attempt went. */
export const webhookTestResultSchema = z.object({
  delivery_id: z.string(),
  delivered: z.boolean(),
  /** The receiver's HTTP status; `null` when it could not be reached. */
  status_code: z.number().int().nullable(),
  /** Why it failed; `null` when delivered. Failed deliveries are retried with back-off. */
  error: z.string().nullable(),
});
/** A test-webhook answer. */
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;
