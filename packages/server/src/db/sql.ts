import type { SQL } from 'drizzle-orm';
import type { Database } from './connect';

/**
 * Runs one SQL statement and resolves its rows (the same shape on PGlite and node-postgres).
 * Write times as `${iso(ms)}::timestamptz` and read them as `(extract(epoch from x) * 1000)::float8`
 * so both drivers agree; read bigint ids as `::text`.
 */
export async function queryRows<Row>(database: Database, statement: SQL): Promise<Row[]> {
  const result = (await database.db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

/** The first row of {@link queryRows}, or `undefined`. */
export async function queryRow<Row>(database: Database, statement: SQL): Promise<Row | undefined> {
  const rows = await queryRows<Row>(database, statement);
  return rows[0];
}

/** Epoch milliseconds as an ISO-8601 UTC string (`…Z`), the wire form of times. */
export function iso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/** An ISO-8601 UTC string without milliseconds, as the contract's examples write them. */
export function isoSeconds(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 19)}Z`;
}
