import {
  type AdvertisementList,
  type AnnouncementList,
  type BlogrollList,
  CNY_RATE_ENTRY,
  type CurrencyRates,
  DEFAULT_LANGUAGE,
  type DownloadCategory,
  type DownloadList,
  type DownloadPlatform,
  type EventBlock,
  type EventBlockInput,
  type EventPage,
  type FooterLinkList,
  INVITATION_REWARD_RATE,
  type Language,
  multiplyDecimal,
  type SiteLink,
  type SitePageAnswer,
  type SitePageSlug,
  type SiteParameters,
  type SliderList,
} from '@poolkit/core';
import type { Clock } from '../../clock';
import type { Database } from '../../db/connect';
import type { ContentKind, LocalizedText } from '../../db/schema';
import { normaliseCouponCode } from '../coupons/codes';
import { redeemableCouponCodes } from '../coupons/service';
import { createPublicCache, type PublicCache } from '../pools/publicCache';
import {
  ANNOUNCEMENT_LIMIT,
  type ContentItemRow,
  isLive,
  readCurrencyRates,
  readPublishedItems,
  readSiteParameters,
} from './queries';

/**
 * How long content read from the database is reused, in clock milliseconds. An operator's edit
 * clears the cache of the process that wrote it at once ({@link ContentService.invalidate});
 * other server processes show it within 30 s. Publish windows are checked on every answer, so
 * a scheduled item appears (and an ended one goes) at its time whatever the cache holds.
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
  blogroll(language: Language): Promise<BlogrollList>;
  downloads(language: Language): Promise<DownloadList>;
  /** The about or terms page, `page: null` while none is published. */
  sitePage(language: Language, slug: SitePageSlug): Promise<SitePageAnswer>;
  /** An event page, `undefined` unless one is published now under `slug`. */
  eventPage(language: Language, slug: string): Promise<EventPage | undefined>;
  /** Forgets what was read: an operator changed the content. */
  invalidate(): void;
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

/**
 * The text of `language`, or the English one when that is blank (operators may leave a
 * translation out); `null` when both are blank, and the item is left out for this reader.
 */
export function localized(texts: LocalizedText, language: Language): string | null {
  const own = texts[language] ?? '';
  if (own.trim() !== '') return own;
  const english = texts[DEFAULT_LANGUAGE] ?? '';
  return english.trim() === '' ? null : english;
}

/** Like {@link localized} for a text that may be blank everywhere (a body): `''` then. */
export function localizedOrBlank(texts: LocalizedText | null, language: Language): string {
  return texts === null ? '' : (localized(texts, language) ?? '');
}

/** The string `attrs[key]`, or null. */
function attr(row: ContentItemRow, key: string): string | null {
  const value = row.attrs[key];
  return typeof value === 'string' ? value : null;
}

/** The titled items of `rows` that are live at `nowMs`, with their title in `language`. */
function liveTitled(
  rows: readonly ContentItemRow[],
  language: Language,
  nowMs: number,
): { row: ContentItemRow; title: string }[] {
  const kept: { row: ContentItemRow; title: string }[] = [];
  for (const row of rows) {
    if (!isLive(row, nowMs)) continue;
    const title = localized(row.title, language);
    if (title !== null) kept.push({ row, title });
  }
  return kept;
}

/** An event block in `language` (a banner's caption or a paragraph blank in both: `''`). */
function eventBlock(block: EventBlockInput, language: Language): EventBlock | null {
  const text = block.text === undefined ? '' : localizedOrBlank(block.text, language);
  switch (block.type) {
    case 'banner':
      return block.image_url === undefined
        ? null
        : { type: 'banner', image_url: block.image_url, text };
    case 'text':
      return text === '' ? null : { type: 'text', text };
    case 'machines':
      return { type: 'machines', machine_ids: [...(block.machine_ids ?? [])] };
    case 'coupon':
      return block.code === undefined ? null : { type: 'coupon', code: block.code, text };
  }
}

/**
 * Creates the {@link ContentService}: reads the content tables through a per-process cache
 * (the rows of every language at once, so one read serves the five languages) and shapes the
 * answers of the contract.
 */
export function createContentService(options: ContentServiceOptions): ContentService {
  const { database, clock, demo } = options;
  let cache = options.cache ?? createPublicCache(clock, CONTENT_CACHE_TTL_MS);
  const db = database.db;
  const items = (kind: ContentKind) => cache.get(kind, () => readPublishedItems(db, kind));

  return {
    async footerLinks(language) {
      const rows = liveTitled(await items('footer_link'), language, clock.now());
      return {
        list: rows.flatMap(({ row, title }) => {
          const url = attr(row, 'url');
          if (url === null) return [];
          const group = row.attrs.group as LocalizedText | null | undefined;
          return [
            {
              group: group === null || group === undefined ? null : localized(group, language),
              title,
              url,
              sort: row.sort,
            },
          ];
        }),
      };
    },

    async announcements(language) {
      const rows = liveTitled(await items('announcement'), language, clock.now());
      const publishedAt = (row: ContentItemRow) => (row.startsAt ?? row.createdAt).getTime();
      rows.sort(
        (a, b) =>
          Number(b.row.attrs.pinned === true) - Number(a.row.attrs.pinned === true) ||
          publishedAt(b.row) - publishedAt(a.row) ||
          b.row.id - a.row.id,
      );
      return {
        list: rows.slice(0, ANNOUNCEMENT_LIMIT).map(({ row, title }) => ({
          id: String(row.id),
          title,
          url: attr(row, 'url'),
          published_at: new Date(publishedAt(row)).toISOString(),
          pinned: row.attrs.pinned === true,
        })),
      };
    },

    async sliders(language) {
      const rows = liveTitled(await items('slider'), language, clock.now());
      return {
        list: rows.flatMap(({ row, title }) => {
          const image = attr(row, 'image_url');
          return image === null
            ? []
            : [
                {
                  id: String(row.id),
                  title,
                  image_url: image,
                  link_url: attr(row, 'url') ?? attr(row, 'link_url'),
                  sort: row.sort,
                },
              ];
        }),
      };
    },

    async advertisements(language, position) {
      const rows = liveTitled(await items('advertisement'), language, clock.now());
      const list = rows.flatMap(({ row, title }) => {
        const image = attr(row, 'image_url');
        const slot = attr(row, 'position');
        if (image === null || slot === null) return [];
        if (position !== undefined && slot !== position) return [];
        return [
          {
            id: String(row.id),
            position: slot,
            title,
            image_url: image,
            link_url: attr(row, 'url') ?? attr(row, 'link_url'),
            sort: row.sort,
          },
        ];
      });
      list.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
      return { list: list.map(({ sort: _sort, ...ad }) => ad) };
    },

    async blogroll(language) {
      const rows = liveTitled(await items('blogroll'), language, clock.now());
      return {
        list: rows.flatMap(({ row, title }) => {
          const url = attr(row, 'url');
          return url === null
            ? []
            : [{ title, url, logo_url: attr(row, 'image_url'), sort: row.sort }];
        }),
      };
    },

    async downloads(language) {
      const rows = liveTitled(await items('download'), language, clock.now());
      const categoryOrder: Record<DownloadCategory, number> = { app: 0, software: 1 };
      const list = rows.flatMap(({ row, title }) => {
        const url = attr(row, 'url') as SiteLink | null;
        const platform = attr(row, 'platform') as DownloadPlatform | null;
        const category = attr(row, 'category') as DownloadCategory | null;
        if (url === null || platform === null || category === null) return [];
        return [
          {
            id: String(row.id),
            category,
            platform,
            name: title,
            description: localizedOrBlank(row.body, language),
            version: attr(row, 'version') ?? '',
            url,
            checksum: attr(row, 'checksum'),
            updated_at: row.updatedAt.toISOString(),
          },
        ];
      });
      // A stable sort keeps the display order within each category.
      list.sort((a, b) => categoryOrder[a.category] - categoryOrder[b.category]);
      return { list };
    },

    async sitePage(language, slug) {
      const rows = liveTitled(await items('page'), language, clock.now());
      const found = rows.find(({ row }) => row.slug === slug);
      if (found === undefined) return { page: null };
      return {
        page: {
          slug,
          title: found.title,
          body: localizedOrBlank(found.row.body, language),
          updated_at: found.row.updatedAt.toISOString(),
        },
      };
    },

    async eventPage(language, slug) {
      const rows = liveTitled(await items('event'), language, clock.now());
      const found = rows.find(({ row }) => row.slug === slug);
      if (found === undefined) return undefined;
      const blocks = Array.isArray(found.row.attrs.blocks)
        ? (found.row.attrs.blocks as EventBlockInput[])
        : [];
      const shaped = blocks.flatMap((block) => {
        const one = eventBlock(block, language);
        return one === null ? [] : [one];
      });
      // A coupon block shows its code only while the code can be redeemed (it exists, nobody
      // has it, it has not expired): read on every answer, not cached, since one redemption
      // ends it. A page whose code is gone shows its other blocks.
      const redeemable = await redeemableCouponCodes(
        database,
        shaped.flatMap((block) => (block.type === 'coupon' ? [block.code] : [])),
        clock.now(),
      );
      return {
        slug,
        title: found.title,
        starts_at: found.row.startsAt?.toISOString() ?? null,
        ends_at: found.row.endsAt?.toISOString() ?? null,
        blocks: shaped.filter(
          (block) => block.type !== 'coupon' || redeemable.has(normaliseCouponCode(block.code)),
        ),
      };
    },

    invalidate() {
      cache = createPublicCache(clock, CONTENT_CACHE_TTL_MS);
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
