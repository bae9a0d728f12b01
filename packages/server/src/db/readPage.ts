import { type SQL, sql } from 'drizzle-orm';
import { offsetOf, type Page, type PageQuery } from '../domain/paging';
import { queryRows, type SqlExecutor, toNumber } from '../engine/sql';

/** The two statements of a paged list: its count and its sorted rows. */
export interface PageStatements {
  /** Counts the whole list in one `total` column. */
  readonly count: SQL;
  /** Reads the list in its order (ends with its `ORDER BY`); the page's `LIMIT` is added. */
  readonly rows: SQL;
}

/**
 * One page of a list in the database, as the contract's paged answers carry it:
 * `{ list, total, page, page_size }`, counted first and then read, each row turned into an item.
 *
 * @example
 * readPage(db, query, {
 *   count: sql`SELECT count(*)::int AS total FROM coupon_batches`,
 *   rows: sql`SELECT … FROM coupon_batches ORDER BY created_at DESC`,
 * }, batchAnswer)
 */
export async function readPage<Row extends Record<string, unknown>, Item>(
  executor: SqlExecutor,
  query: PageQuery,
  statements: PageStatements,
  toItem: (row: Row) => Item,
): Promise<Page<Item>> {
  const [counted] = await queryRows<{ total: unknown }>(executor, statements.count);
  const rows = await queryRows<Row>(
    executor,
    sql`${statements.rows} LIMIT ${query.page_size} OFFSET ${offsetOf(query)}`,
  );
  return {
    list: rows.map(toItem),
    total: toNumber(counted?.total),
    page: query.page,
    page_size: query.page_size,
  };
}
