import { asc, desc, lte } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect';
import {
  advertisements,
  announcements,
  currencyRates,
  footerLinks,
  siteParameters,
  sliders,
} from '../../db/schema';

/**
 * The drizzle handle the content reads run on (the database or a transaction). Each read is
 * `async` so it hands out a settled promise: a drizzle query is a lazy thenable that runs again
 * on every `then`, which would defeat a cache holding it.
 */
export type ContentDatabase = Pick<AppDatabase, 'select'>;

/** A footer link row, its texts in every language. */
export type FooterLinkRow = typeof footerLinks.$inferSelect;
/** An announcement row, its title in every language. */
export type AnnouncementRow = typeof announcements.$inferSelect;
/** A slide row, its title in every language. */
export type SliderRow = typeof sliders.$inferSelect;
/** An advertisement row, its title in every language. */
export type AdvertisementRow = typeof advertisements.$inferSelect;
/** The site parameters row. */
export type SiteParametersRow = typeof siteParameters.$inferSelect;
/** An exchange rate row (`rate` as a decimal string). */
export type CurrencyRateRow = typeof currencyRates.$inferSelect;

/** How many announcements the list answers (the contract's "latest 20"). */
export const ANNOUNCEMENT_LIMIT = 20;

/** Every footer link in display order (`sort`, then id). */
export async function readFooterLinks(db: ContentDatabase): Promise<FooterLinkRow[]> {
  return await db.select().from(footerLinks).orderBy(asc(footerLinks.sort), asc(footerLinks.id));
}

/**
 * The announcements published by `nowMs` (later ones are scheduled), pinned first, then newest
 * first; at most {@link ANNOUNCEMENT_LIMIT}.
 */
export async function readAnnouncements(
  db: ContentDatabase,
  nowMs: number,
): Promise<AnnouncementRow[]> {
  return await db
    .select()
    .from(announcements)
    .where(lte(announcements.publishedAt, new Date(nowMs)))
    .orderBy(desc(announcements.pinned), desc(announcements.publishedAt), desc(announcements.id))
    .limit(ANNOUNCEMENT_LIMIT);
}

/** Every slide in display order. */
export async function readSliders(db: ContentDatabase): Promise<SliderRow[]> {
  return await db.select().from(sliders).orderBy(asc(sliders.sort), asc(sliders.id));
}

/** Every advertisement, by slot and then display order. */
export async function readAdvertisements(db: ContentDatabase): Promise<AdvertisementRow[]> {
  return await db
    .select()
    .from(advertisements)
    .orderBy(asc(advertisements.position), asc(advertisements.sort), asc(advertisements.id));
}

/** The site parameters row, or `undefined` when the migration's row was deleted. */
export async function readSiteParameters(
  db: ContentDatabase,
): Promise<SiteParametersRow | undefined> {
  const [row] = await db.select().from(siteParameters).limit(1);
  return row;
}

/** Every exchange rate entry in display order (`sort`, then currency code). */
export async function readCurrencyRates(db: ContentDatabase): Promise<CurrencyRateRow[]> {
  return await db
    .select()
    .from(currencyRates)
    .orderBy(asc(currencyRates.sort), asc(currencyRates.currency));
}
