/**
 * Site content: footer links, announcements, sliders, advertisements, blogroll, site
 * parameters and currency rates. Texts come in the language of the request's `Accept-Language`
 * header (one of the five interface languages; English when none matches), which family-A calls
 * always send.
 */
import { z } from 'zod';
import {
  currencyCodeSchema,
  decimalStringSchema,
  emailSchema,
  entityIdSchema,
  isoDateTimeSchema,
  percentSchema,
  urlSchema,
} from './common';

/**
 * A path of this site, e.g. `/terms` or `/mining/kas/dashboard`: one leading `/` (`//host`
 * would leave the site), then printable ASCII without spaces or backslashes.
 */
export const sitePathSchema = z
  .string()
  .max(2048)
  .regex(/^\/(?![/\\])[\x21-\x5B\x5D-\x7E]*$/, 'Expected a path of this site such as "/terms"');

/**
 * Where site content links to or loads an image from: a path of this site (the site opens it
 * with its own router), or an absolute `http(s)` URL elsewhere.
 */
export const siteLinkSchema = z.union([sitePathSchema, urlSchema]);
/** A site path or an absolute URL. */
export type SiteLink = z.infer<typeof siteLinkSchema>;

/** A link of the site footer (`GET /media/footer-link/list`), in the request's language. */
export const footerLinkSchema = z.object({
  /** Column heading the link sits under, e.g. `Support`; `null` for the bottom row. */
  group: z.string().max(64).nullable(),
  title: z.string().min(1).max(128),
  url: siteLinkSchema,
  /** Ascending display order. */
  sort: z.number().int(),
});
/** A footer link. */
export type FooterLink = z.infer<typeof footerLinkSchema>;

/** Answer of `GET /media/footer-link/list`. */
export const footerLinkListSchema = z.object({ list: z.array(footerLinkSchema) });
/** Footer links. */
export type FooterLinkList = z.infer<typeof footerLinkListSchema>;

/** An announcement (`GET /media/announcement/list`), in the request's language. */
export const announcementSchema = z.object({
  id: entityIdSchema,
  title: z.string().min(1).max(256),
  /** Page with the full text; `null` when the title says it all. */
  url: siteLinkSchema.nullable(),
  published_at: isoDateTimeSchema,
  /** Pinned announcements come first. */
  pinned: z.boolean(),
});
/** An announcement. */
export type Announcement = z.infer<typeof announcementSchema>;

/** Answer of `GET /media/announcement/list`: the latest 20, pinned first. */
export const announcementListSchema = z.object({ list: z.array(announcementSchema) });
/** Announcements. */
export type AnnouncementList = z.infer<typeof announcementListSchema>;

/** A home-page slide (`GET /sliders`), in the request's language. */
export const sliderSchema = z.object({
  id: entityIdSchema,
  /** Caption of the picture; its text alternative where no caption is shown. */
  title: z.string().max(256),
  image_url: siteLinkSchema,
  /** Where a click goes; `null` for none. */
  link_url: siteLinkSchema.nullable(),
  sort: z.number().int(),
});
/** A slide. */
export type Slider = z.infer<typeof sliderSchema>;

/** Answer of `GET /sliders`. */
export const sliderListSchema = z.object({ list: z.array(sliderSchema) });
/** Slides. */
export type SliderList = z.infer<typeof sliderListSchema>;

/** The name of a page slot advertisements go in, e.g. `home_banner`, `dashboard_side`. */
export const advertisementPositionSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,63}$/, 'Expected a slot name such as "home_banner"');

/** An advertisement (`GET /advertisements`) for a named slot of the page, in the request's language. */
export const advertisementSchema = z.object({
  id: entityIdSchema,
  position: advertisementPositionSchema,
  /** Caption of the picture; its text alternative where no caption is shown. */
  title: z.string().max(256),
  image_url: siteLinkSchema,
  link_url: siteLinkSchema.nullable(),
});
/** An advertisement. */
export type Advertisement = z.infer<typeof advertisementSchema>;

/** Query of `GET /advertisements`: only the slot `position` when given, else every slot. */
export const advertisementQuerySchema = z
  .object({ position: advertisementPositionSchema.optional() })
  .strict();
/** Advertisement query as a caller sends it. */
export type AdvertisementQuery = z.input<typeof advertisementQuerySchema>;

/** Answer of `GET /advertisements`, ordered by slot, then display order. */
export const advertisementListSchema = z.object({ list: z.array(advertisementSchema) });
/** Advertisements. */
export type AdvertisementList = z.infer<typeof advertisementListSchema>;

/** A friendly-site link of the blogroll. */
export const blogrollLinkSchema = z.object({
  title: z.string().min(1).max(128),
  url: urlSchema,
  logo_url: urlSchema.nullable(),
  sort: z.number().int(),
});
/** A blogroll link. */
export type BlogrollLink = z.infer<typeof blogrollLinkSchema>;

/** Answer of `GET /media/blogroll/list`. */
export const blogrollListSchema = z.object({ list: z.array(blogrollLinkSchema) });
/** Blogroll links. */
export type BlogrollList = z.infer<typeof blogrollListSchema>;

/** Answer of `GET /parameters`: public run-time settings of the site. */
export const siteParametersSchema = z.object({
  /** Captcha provider id used at login and code sending; `null` turns the captcha off. */
  captcha_id: z.string().max(128).nullable(),
  /** Whether registration by phone is offered. */
  phone_registration: z.boolean(),
  /** Where pool data comes from: the live engine or the demo simulator. */
  data_source_mode: z.enum(['live', 'demo']),
  /** Support address shown on the ticket page; `null` when none. */
  support_email: emailSchema.nullable(),
  /** QR code image of the WeChat account; `null` when none. */
  wechat_qr_url: urlSchema.nullable(),
  /** Invitation reward, percent of the invitee's revenue (spec: 0.2). */
  invite_reward_percent: percentSchema,
  /** App download links of the /download page; `null` when not published. */
  android_download_url: urlSchema.nullable(),
  ios_download_url: urlSchema.nullable(),
});
/** Site parameters. */
export type SiteParameters = z.infer<typeof siteParametersSchema>;

/** One exchange rate: value of 1 CNY in `currency`, and its symbol. */
export const currencyRateSchema = z.object({
  currency: currencyCodeSchema,
  /** Decimal string, e.g. `"0.138"` for USD. */
  rate: decimalStringSchema,
  symbol: z.string().min(1).max(8),
});
/** An exchange rate. */
export type CurrencyRate = z.infer<typeof currencyRateSchema>;

/**
 * Answer of `GET /v2/wallets/currency/rates` (`data.rates`, so the client reads the envelope's
 * `data.data.rates`). The base currency is CNY: the server appends its entry `{ currency: 'CNY',
 * rate: '1.000000', symbol: '￥' }` last (spec section 3), and `buildRateList` appends it on the
 * client when a server leaves it out.
 */
export const currencyRatesSchema = z.object({ rates: z.array(currencyRateSchema) });
/** Exchange rates. */
export type CurrencyRates = z.infer<typeof currencyRatesSchema>;
