import type { Language } from '@poolkit/core';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Fixed-window rate-limit counters: one row per key and window, counted by an atomic upsert.
 * Rows whose window has ended are pruned now and then by the store.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/** Server-wide settings as key/value pairs (for example the generated JWT secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Single-use tickets of the identity module (`0003_identity.sql`, `0006_ticket_attempts.sql`):
 * login tickets (password done, authenticator code pending) and second-validation tokens, stored
 * by the SHA-256 of the token. `attempts` counts the codes tried against the ticket, at most 5;
 * a wrong fifth spends it (`usedAt`).
 */
export const identityTickets = pgTable('identity_tickets', {
  tokenHash: text('token_hash').primaryKey(),
  kind: text('kind').notNull(),
  userId: bigint('user_id', { mode: 'bigint' }).notNull(),
  scene: text('scene'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  attempts: integer('attempts').notNull().default(0),
});

/**
 * A text visitors read, in each of the five interface languages (core's `LANGUAGES`).
 *
 * Site content keeps one row per item with a jsonb object of the five texts per field, rather
 * than one row per language: the item's id, order and dates exist once. A text may be blank
 * (`site_texts_valid` asks for one language at least); readers then get the English one.
 */
export type LocalizedText = Readonly<Record<Language, string>>;

/** The kinds of site content operators edit in `/admin` (core's `CONTENT_KINDS`). */
export type ContentKind =
  | 'announcement'
  | 'slider'
  | 'advertisement'
  | 'footer_link'
  | 'blogroll'
  | 'download'
  | 'page'
  | 'event';

/**
 * Site content items of every kind (`0023_content_items.sql`): texts of the five languages,
 * the kind's other fields in `attrs` (validated by the contract), a draft/published flag and a
 * publish window.
 */
export const siteContentItems = pgTable(
  'site_content_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<ContentKind>().notNull(),
    slug: text('slug'),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    body: jsonb('body').$type<LocalizedText>(),
    attrs: jsonb('attrs').$type<Record<string, unknown>>().notNull().default({}),
    sort: integer('sort').notNull().default(0),
    published: boolean('published').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('site_content_items_kind_idx').on(table.kind, table.sort, table.id)],
);

/**
 * The operator's public settings (`GET /parameters`), one row (`id` is always true). The facts
 * of the running server (captcha, phone registration, data source, invitation reward) are not
 * stored.
 */
export const siteParameters = pgTable('site_parameters', {
  id: boolean('id').primaryKey().default(true),
  supportEmail: text('support_email'),
  wechatQrUrl: text('wechat_qr_url'),
  androidDownloadUrl: text('android_download_url'),
  iosDownloadUrl: text('ios_download_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Exchange rate entries (spec section 3): `rate` units of `currency` per 1 CNY, NUMERIC(20,6)
 * read as a decimal string. CNY, the base, is no row: the answer appends it.
 */
export const currencyRates = pgTable('currency_rates', {
  currency: text('currency').primaryKey(),
  rate: numeric('rate', { precision: 20, scale: 6 }).notNull(),
  symbol: text('symbol').notNull(),
  sort: integer('sort').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Every table of the server, for drizzle's relational queries. */
export const schema = {
  rateLimitHits,
  appSettings,
  identityTickets,
  siteContentItems,
  siteParameters,
  currencyRates,
};
