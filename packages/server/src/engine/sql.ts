import { type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/connect';

/** Anything that runs a drizzle `sql` query: the database or a transaction. */
export type SqlExecutor = Pick<AppDatabase, 'execute'>;

/**
 * Runs one query and returns its rows. Numbers come back as the driver gives them (PGlite
 * parses bigint, node-postgres does not), so queries cast times with `::float8` and counts
 * with `::int`; NUMERIC stays a decimal string on both drivers.
 */
export async function queryRows<Row extends Record<string, unknown>>(
  executor: SqlExecutor,
  query: SQL,
): Promise<Row[]> {
  const result = (await executor.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** Runs one statement for its effect. */
export async function execute(executor: SqlExecutor, query: SQL): Promise<void> {
  await executor.execute(query);
}

/** `(a, b, …), (…)` for a multi-row VALUES list, every value bound as a parameter. */
export function valuesList(rows: readonly (readonly unknown[])[]): SQL {
  return sql.join(
    rows.map(
      (row) =>
        sql`(${sql.join(
          row.map((value) => sql`${value}`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
}

/** Splits `items` into chunks of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) {
    result.push(items.slice(index, index + size));
  }
  return result;
}

/** Reads a number column that may come back as a string (bigint on node-postgres). */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' || typeof value === 'bigint') return Number(value);
  return 0;
}

/** Reads a nullable number column. */
export function toNullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : toNumber(value);
}

/** Reads a NUMERIC column as a plain decimal string (`'0'` for null). */
export function toDecimalString(value: unknown): string {
  if (value === null || value === undefined) return '0';
  const text = String(value);
  if (!text.includes('.')) return text === '-0' ? '0' : text;
  const trimmed = text.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' || trimmed === '' ? '0' : trimmed;
}
