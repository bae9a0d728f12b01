import { and, asc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect';
import { type ContentKind, currencyRates, siteContentItems, siteParameters } from '../../db/schema';
/**
 * The drizzle handle the content reads run on (the database or a transaction). Each read is
 * `async` so it hands out a settled promise: a drizzle query is a lazy thenable that runs again
 * on every `then`, which would defeat a cache holding it.
 */
export type ContentDatabase = Pick<AppDatabase, 'select'>;

/** A content item row, its texts in every language. */
export type ContentItemRow = typeof siteContentItems.$inferSelect;
/** The site parameters row. */
export type SiteParametersRow = typeof siteParameters.$inferSelect;
/** An exchange rate row (`rate` as a decimal string). */
export type CurrencyRateRow = typeof currencyRates.$inferSelect;

/** How many announcements the list answers (the contract's "latest 20"). */
export const ANNOUNCEMENT_LIMIT = 20;

/**
 * The published items of `kind` in display order (`sort`, then id), whatever their window:
 * the caller keeps those inside it at the moment it answers, so a cached list still shows a
 * scheduled item at its time and hides an ended one.
 */
export async function readPublishedItems(
  db: ContentDatabase,
  kind: ContentKind,
): Promise<ContentItemRow[]> {
  return await db
    .select()
    .from(siteContentItems)
    .where(and(eq(siteContentItems.kind, kind), eq(siteContentItems.published, true)))
    .orderBy(asc(siteContentItems.sort), asc(siteContentItems.id));
}

/** Whether `row` is published and `nowMs` is inside its window. */
export function isLive(row: ContentItemRow, nowMs: number): boolean {
  return (
    row.published &&
    (row.startsAt === null || row.startsAt.getTime() <= nowMs) &&
    (row.endsAt === null || row.endsAt.getTime() > nowMs)
  );
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
