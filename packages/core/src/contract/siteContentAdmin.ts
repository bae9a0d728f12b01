/**
 * Site content operators edit in `/admin` (announcements, slides, advertisements, footer links,
 * blogroll, download items, the about and terms pages, event pages) and the public calls that
 * read the newer kinds (downloads, pages, events).
 *
 * Every item has its texts in the five interface languages (a language may be blank, one at
 * least is not), a draft/published flag and a publish window: the public calls list an item
 * only while it is published and the server's clock is inside its window, in the reader's
 * language, falling back to English when the reader's text is blank (an item blank in both is
 * left out for that reader).
 */
import { z } from 'zod';
import { LANGUAGES, type Language } from '../i18n/languages';
import { emailSchema, entityIdSchema, isoDateTimeSchema, urlSchema } from './common';
import { advertisementPositionSchema, siteLinkSchema } from './site';

/** The kinds of content an operator edits, one admin tab each. */
export const CONTENT_KINDS = [
  'announcement',
  'slider',
  'advertisement',
  'footer_link',
  'blogroll',
  'download',
  'page',
  'event',
] as const;
/** The kind of a content item. */
export const contentKindSchema = z.enum(CONTENT_KINDS);
/** A content kind. */
export type ContentKind = z.infer<typeof contentKindSchema>;

/** The message of a text field with no language filled in. */
export const TEXT_REQUIRED_MESSAGE = 'Enter the text in at least one language';

/** A text in each of the five languages, each at most `max` characters; blanks allowed. */
function localizedShape(max: number) {
  const text = z.string().max(max);
  return z
    .object(Object.fromEntries(LANGUAGES.map((language) => [language, text])))
    .strict() as unknown as z.ZodObject<Record<Language, z.ZodString>>;
}

/** Texts of the five languages where one at least is not blank (titles). */
export function localizedTextSchema(max: number) {
  return localizedShape(max).refine(
    (texts) => LANGUAGES.some((language) => texts[language].trim() !== ''),
    TEXT_REQUIRED_MESSAGE,
  );
}

/** Texts of the five languages, any of them blank (a page's body, a description). */
export const localizedBodySchema = localizedShape(50_000);
/** The five texts of a field. */
export type LocalizedTexts = Record<Language, string>;

/** Platforms of the download page. */
export const downloadPlatformSchema = z.enum(['windows', 'macos', 'linux', 'android', 'ios']);
/** A download platform. */
export type DownloadPlatform = z.infer<typeof downloadPlatformSchema>;

/** What a download item is: the pool's app, or mining software. */
export const downloadCategorySchema = z.enum(['app', 'software']);
/** A download category. */
export type DownloadCategory = z.infer<typeof downloadCategorySchema>;

/** The pages of the site whose text operators edit. */
export const sitePageSlugSchema = z.enum(['about', 'terms']);
/** An editable page. */
export type SitePageSlug = z.infer<typeof sitePageSlugSchema>;

/** The address of an event page (`/activity/<slug>`) or of a page. */
export const contentSlugSchema = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9-]{0,63}$/,
    'Use lower-case letters, digits and hyphens, e.g. "goldshell"',
  );

/** A SHA-256 checksum, 64 hexadecimal digits. */
export const sha256Schema = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'Expected a SHA-256 checksum of 64 hexadecimal digits')
  .transform((value) => value.toLowerCase());

/** A release version such as `2.4.1` or `v1.0-beta`. */
export const versionSchema = z
  .string()
  .max(64)
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/, 'Expected a version such as "2.4.1"');

/** The blocks an event page is composed of. */
export const eventBlockTypeSchema = z.enum(['banner', 'text', 'machines', 'coupon']);
/** An event block type. */
export type EventBlockType = z.infer<typeof eventBlockTypeSchema>;

/** A coupon code shown on an event page. */
export const couponCodeTextSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{4,32}$/, 'Expected a code of 4 to 32 letters, digits or hyphens');

/**
 * One block of an event page as the operator writes it: `banner` (picture `image_url`, caption
 * `text`), `text` (a paragraph), `machines` (catalogue machines by id), `coupon` (a `code` and
 * the `text` that explains it).
 */
export const eventBlockInputSchema = z
  .object({
    type: eventBlockTypeSchema,
    text: localizedBodySchema.optional(),
    image_url: siteLinkSchema.optional(),
    machine_ids: z.array(entityIdSchema).max(24).optional(),
    code: couponCodeTextSchema.optional(),
  })
  .strict()
  .superRefine((block, context) => {
    const need = (field: 'image_url' | 'machine_ids' | 'code' | 'text', message: string) =>
      context.addIssue({ code: 'custom', path: [field], message });
    const hasText =
      block.text !== undefined && LANGUAGES.some((language) => block.text?.[language].trim());
    if (block.type === 'banner' && block.image_url === undefined)
      need('image_url', 'A banner needs a picture');
    if ((block.type === 'text' || block.type === 'coupon') && !hasText)
      need('text', TEXT_REQUIRED_MESSAGE);
    if (block.type === 'machines' && (block.machine_ids?.length ?? 0) === 0)
      need('machine_ids', 'Choose at least one machine');
    if (block.type === 'coupon' && block.code === undefined) need('code', 'Enter the coupon code');
  });
/** An event block as written. */
export type EventBlockInput = z.input<typeof eventBlockInputSchema>;

/** True when `ends_at` is after `starts_at` (or either is open). */
function windowInOrder(value: { starts_at: string | null; ends_at: string | null }): boolean {
  return (
    value.starts_at === null ||
    value.ends_at === null ||
    Date.parse(value.ends_at) > Date.parse(value.starts_at)
  );
}

/** The message of a publish window that ends before it starts. */
export const WINDOW_ORDER_MESSAGE = 'The end must be later than the start';

/** The fields every kind shares and the ones of each kind; unused ones stay null. */
const contentItemShape = {
  /** An event's address (`/activity/<slug>`) or a page's (`about`, `terms`). */
  slug: contentSlugSchema.nullable().default(null),
  /** The title, caption, link text or name, in the five languages. */
  title: localizedTextSchema(256),
  /** A page's text, a download's description, an announcement's detail. */
  body: localizedBodySchema.nullable().default(null),
  /** Where the item links to (announcement, slide, advertisement, footer link, blogroll, download). */
  url: siteLinkSchema.nullable().default(null),
  /** Picture of a slide or advertisement, logo of a blogroll link. */
  image_url: siteLinkSchema.nullable().default(null),
  /** An advertisement's page slot. */
  position: advertisementPositionSchema.nullable().default(null),
  /** A footer link's column heading (null: the bottom row). */
  group: localizedTextSchema(64).nullable().default(null),
  /** Pinned announcements come first. */
  pinned: z.boolean().default(false),
  platform: downloadPlatformSchema.nullable().default(null),
  category: downloadCategorySchema.nullable().default(null),
  version: versionSchema.nullable().default(null),
  checksum: sha256Schema.nullable().default(null),
  /** An event page's blocks, in order. */
  blocks: z.array(eventBlockInputSchema).max(40).default([]),
  /** Ascending display order. */
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  /** False keeps it a draft nobody but operators sees. */
  published: z.boolean(),
  /** Shown from (null: at once). */
  starts_at: isoDateTimeSchema.nullable().default(null),
  /** Shown until (null: for ever). */
  ends_at: isoDateTimeSchema.nullable().default(null),
};

/** Body of `POST /admin/content/{kind}` and `PUT /admin/content/{kind}/{id}`. */
export const contentItemBodySchema = z
  .object(contentItemShape)
  .strict()
  .refine(windowInOrder, { message: WINDOW_ORDER_MESSAGE, path: ['ends_at'] });
/** A content item as an operator sends it. */
export type ContentItemBody = z.input<typeof contentItemBodySchema>;
/** A content item as parsed. */
export type ContentItemInput = z.output<typeof contentItemBodySchema>;

/** A problem of an item for its kind: the field and what is wrong. */
export interface ContentItemProblem {
  readonly field: string;
  readonly message: string;
}

/**
 * What an item of `kind` lacks beyond the body schema (which every kind shares): a slide or an
 * advertisement needs a picture, a footer link, blogroll link or download a link, an
 * advertisement its slot, a download its platform, category and version, a page its slug
 * (`about` or `terms`) and an event its slug and blocks. The server answers 400 naming the
 * first problem's field; the admin form shows them beside the fields.
 */
export function contentItemProblems(
  kind: ContentKind,
  item: ContentItemInput,
): ContentItemProblem[] {
  const problems: ContentItemProblem[] = [];
  const need = (field: string, message: string) => problems.push({ field, message });
  if ((kind === 'slider' || kind === 'advertisement') && item.image_url === null)
    need('image_url', 'Enter the picture address');
  if (kind === 'advertisement' && item.position === null)
    need('position', 'Enter the slot, e.g. "home_banner"');
  if ((kind === 'footer_link' || kind === 'blogroll' || kind === 'download') && item.url === null)
    need('url', 'Enter the link');
  if (kind === 'blogroll' && item.url !== null && !item.url.startsWith('http'))
    need('url', 'A blogroll link goes to another site: enter an http(s) address');
  if (kind === 'blogroll' && item.image_url !== null && !item.image_url.startsWith('http'))
    need('image_url', 'Enter an http(s) address for the logo');
  if (kind === 'download') {
    if (item.platform === null) need('platform', 'Choose the platform');
    if (item.category === null) need('category', 'Choose app or mining software');
    if (item.version === null) need('version', 'Enter the version');
  }
  if (kind === 'page' && !sitePageSlugSchema.safeParse(item.slug).success)
    need('slug', 'A page is "about" or "terms"');
  if (kind === 'event') {
    if (item.slug === null) need('slug', 'Enter the address of the event, e.g. "goldshell"');
    if (item.blocks.length === 0) need('blocks', 'Add at least one block');
  }
  return problems;
}

/** A content item as `/admin/content` answers it: every language, draft or not. */
export const adminContentItemSchema = z.object({
  id: entityIdSchema,
  kind: contentKindSchema,
  slug: z.string().nullable(),
  title: localizedShape(256),
  body: localizedBodySchema.nullable(),
  url: siteLinkSchema.nullable(),
  image_url: siteLinkSchema.nullable(),
  position: z.string().nullable(),
  group: localizedShape(64).nullable(),
  pinned: z.boolean(),
  platform: downloadPlatformSchema.nullable(),
  category: downloadCategorySchema.nullable(),
  version: z.string().nullable(),
  checksum: z.string().nullable(),
  blocks: z.array(
    z.object({
      type: eventBlockTypeSchema,
      text: localizedBodySchema.optional(),
      image_url: siteLinkSchema.optional(),
      machine_ids: z.array(entityIdSchema).optional(),
      code: z.string().optional(),
    }),
  ),
  sort: z.number().int(),
  published: z.boolean(),
  starts_at: isoDateTimeSchema.nullable(),
  ends_at: isoDateTimeSchema.nullable(),
  /** Whether the public sees it now (published and inside its window, by the server's clock). */
  live: z.boolean(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
/** A content item of the operator console. */
export type AdminContentItem = z.infer<typeof adminContentItemSchema>;

/** Answer of `GET /admin/content/{kind}`: the kind's items in display order. */
export const adminContentListSchema = z.object({ list: z.array(adminContentItemSchema) });
/** Content items of a kind. */
export type AdminContentList = z.infer<typeof adminContentListSchema>;

/** Path of `GET|POST /admin/content/{kind}`. */
export const contentKindParamsSchema = z.object({ kind: contentKindSchema }).strict();
/** Path of `PUT|DELETE /admin/content/{kind}/{id}`. */
export const contentItemParamsSchema = z
  .object({ kind: contentKindSchema, id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'Invalid id') })
  .strict();

/** Answer of `DELETE /admin/content/{kind}/{id}`. */
export const deletedContentItemSchema = z.object({ id: entityIdSchema, deleted: z.literal(true) });

/** The site parameters an operator edits (`/admin/site-parameters`). */
export const editableSiteParametersSchema = z
  .object({
    support_email: emailSchema.nullable(),
    wechat_qr_url: urlSchema.nullable(),
    android_download_url: urlSchema.nullable(),
    ios_download_url: urlSchema.nullable(),
  })
  .strict();
/** Editable site parameters. */
export type EditableSiteParameters = z.infer<typeof editableSiteParametersSchema>;

// ---------------------------------------------------------------------------------------------
// Public reads of the newer kinds
// ---------------------------------------------------------------------------------------------

/** A download of the download page (`GET /downloads`), in the reader's language. */
export const downloadItemSchema = z.object({
  id: entityIdSchema,
  category: downloadCategorySchema,
  platform: downloadPlatformSchema,
  name: z.string().min(1).max(256),
  description: z.string(),
  version: z.string(),
  url: siteLinkSchema,
  /** SHA-256 of the file, lower-case hex; null when not published. */
  checksum: z.string().nullable(),
  updated_at: isoDateTimeSchema,
});
/** A download. */
export type DownloadItem = z.infer<typeof downloadItemSchema>;

/** Answer of `GET /downloads`: apps first, then software, in display order. */
export const downloadListSchema = z.object({ list: z.array(downloadItemSchema) });
/** Downloads. */
export type DownloadList = z.infer<typeof downloadListSchema>;

/** Path of `GET /pages/{slug}`. */
export const sitePageParamsSchema = z.object({ slug: sitePageSlugSchema }).strict();

/** An editable page (`GET /pages/{slug}`) in the reader's language. */
export const sitePageSchema = z.object({
  slug: sitePageSlugSchema,
  title: z.string().min(1),
  /** Paragraphs separated by blank lines. */
  body: z.string(),
  updated_at: isoDateTimeSchema,
});
/** An editable page. */
export type SitePage = z.infer<typeof sitePageSchema>;

/** Answer of `GET /pages/{slug}`: `page` null while no version is published (the site's own text shows). */
export const sitePageAnswerSchema = z.object({ page: sitePageSchema.nullable() });
/** A page answer. */
export type SitePageAnswer = z.infer<typeof sitePageAnswerSchema>;

/** Path of `GET /events/{slug}`. */
export const eventParamsSchema = z.object({ slug: contentSlugSchema }).strict();

/** A block of an event page in the reader's language. */
export const eventBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('banner'), image_url: siteLinkSchema, text: z.string() }),
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('machines'), machine_ids: z.array(entityIdSchema) }),
  z.object({ type: z.literal('coupon'), code: z.string(), text: z.string() }),
]);
/** An event block. */
export type EventBlock = z.infer<typeof eventBlockSchema>;

/** An event page (`GET /events/{slug}`) in the reader's language; 404 unless published now. */
export const eventPageSchema = z.object({
  slug: contentSlugSchema,
  title: z.string().min(1),
  starts_at: isoDateTimeSchema.nullable(),
  ends_at: isoDateTimeSchema.nullable(),
  blocks: z.array(eventBlockSchema),
});
/** An event page. */
export type EventPage = z.infer<typeof eventPageSchema>;
