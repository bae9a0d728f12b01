import {
  type AdvertisementList,
  type AnnouncementList,
  CNY_RATE_ENTRY,
  type CurrencyRates,
  DEFAULT_LANGUAGE,
  type FooterLinkList,
  INVITATION_REWARD_RATE,
  type Language,
  multiplyDecimal,
  type SiteParameters,
  type SliderList,
} from '@poolkit/core';
import type { Clock } from '../../clock';
import type { Database } from '../../db/connect';
import type { LocalizedText } from '../../db/schema';
import { createPublicCache, type PublicCache } from '../pools/publicCache';
import {
  readAdvertisements,
  readAnnouncements,
  readCurrencyRates,
  readFooterLinks,
  readSiteParameters,
  readSliders,
} from './queries';

/**
 * How long content read from the database is reused, in clock milliseconds. Content changes
 * by hand, seldom, so an edit shows on every server process within 30 s (and a scheduled
 * announcement within 30 s of its time).
 */
export const CONTENT_CACHE_TTL_MS = 30_000;

/**
 * Id of the captcha the login and code-sending calls check: the server's own proof-of-work
 * challenge (`GET /captcha/challenge`).
 */
export const CAPTCHA_PROVIDER_ID = 'poolkit-pow';

/** The site content answers, texts in the asked language. */
export interface ContentService {
  footerLinks(language: Language): Promise<FooterLinkList>;
  announcements(language: Language): Promise<AnnouncementList>;
  sliders(language: Language): Promise<SliderList>;
  /** Every slot's advertisements, or only those of `position`. */
  advertisements(language: Language, position?: string): Promise<AdvertisementList>;
  siteParameters(): Promise<SiteParameters>;
  /** The stored rates in display order, then the CNY entry `1.000000 ￥`. */
  currencyRates(): Promise<CurrencyRates>;
}

/** What {@link createContentService} reads from. */
export interface ContentServiceOptions {
  readonly database: Database;
  readonly clock: Clock;
  /** Whether the demo pool engine runs (`data_source_mode: 'demo'`). */
  readonly demo: boolean;
  /** Default: a cache of its own on `clock` for {@link CONTENT_CACHE_TTL_MS}. */
  readonly cache?: PublicCache;
}

/** The text of `language`; English if a row ever lacks it (the tables' checks forbid that). */
export function localized(texts: LocalizedText, language: Language): string {
  return texts[language] ?? texts[DEFAULT_LANGUAGE];
}

/**
 * Creates the {@link ContentService}: reads the content tables through a per-process cache
 * (the rows of every language at once, so one read serves the five languages) and shapes the
 * answers of the contract.
 */
export function createContentService(options: ContentServiceOptions): ContentService {
  const { database, clock, demo } = options;
  const cache = options.cache ?? createPublicCache(clock, CONTENT_CACHE_TTL_MS);
  const db = database.db;

  return {
    async footerLinks(language) {
      const rows = await cache.get('footer-links', () => readFooterLinks(db));
      return {
        list: rows.map((row) => ({
          group: row.groupName === null ? null : localized(row.groupName, language),
          title: localized(row.title, language),
          url: row.url,
          sort: row.sort,
        })),
      };
    },

    async announcements(language) {
      const rows = await cache.get('announcements', () => readAnnouncements(db, clock.now()));
      return {
        list: rows.map((row) => ({
          id: String(row.id),
          title: localized(row.title, language),
          url: row.url,
          published_at: row.publishedAt.toISOString(),
          pinned: row.pinned,
        })),
      };
    },

    async sliders(language) {
      const rows = await cache.get('sliders', () => readSliders(db));
      return {
        list: rows.map((row) => ({
          id: String(row.id),
          title: localized(row.title, language),
          image_url: row.imageUrl,
          link_url: row.linkUrl,
          sort: row.sort,
        })),
      };
    },

    async advertisements(language, position) {
      const rows = await cache.get('advertisements', () => readAdvertisements(db));
      return {
        list: rows
          .filter((row) => position === undefined || row.position === position)
          .map((row) => ({
            id: String(row.id),
            position: row.position,
            title: localized(row.title, language),
            image_url: row.imageUrl,
            link_url: row.linkUrl,
          })),
      };
    },

    async siteParameters() {
      const row = await cache.get('site-parameters', () => readSiteParameters(db));
      return {
        captcha_id: CAPTCHA_PROVIDER_ID,
        // Registration by phone is open; its codes go to the outbox until an SMS provider is set.
        phone_registration: true,
        data_source_mode: demo ? 'demo' : 'live',
        support_email: row?.supportEmail ?? null,
        wechat_qr_url: row?.wechatQrUrl ?? null,
        invite_reward_percent: multiplyDecimal(INVITATION_REWARD_RATE, '100'),
        android_download_url: row?.androidDownloadUrl ?? null,
        ios_download_url: row?.iosDownloadUrl ?? null,
      };
    },

    async currencyRates() {
      const rows = await cache.get('currency-rates', () => readCurrencyRates(db));
      return {
        rates: [
          ...rows.map((row) => ({ currency: row.currency, rate: row.rate, symbol: row.symbol })),
          { ...CNY_RATE_ENTRY },
        ],
      };
    },
  };
}
