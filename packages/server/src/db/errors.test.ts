import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDrivers } from '../testing/testDatabase';
import type { Database } from './connect';
import { isUniqueViolation } from './errors';

/** What `work` throws, or a failure when it does not throw. */
async function thrown(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

describe.each(testDrivers)('unique violations on %s', (driver) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { migrate: false });
    await database.db.execute(
      sql`CREATE TABLE names (id int PRIMARY KEY, name text NOT NULL CONSTRAINT names_name_key UNIQUE)`,
    );
    await database.db.execute(sql`INSERT INTO names VALUES (1, 'taken')`);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('should recognise the violation Drizzle wraps, by its constraint too', async () => {
    const error = await thrown(() =>
      database.db.execute(sql`INSERT INTO names VALUES (2, 'taken')`),
    );
    // The driver's error is the cause: its code is not on the error the caller catches.
    expect((error as { code?: unknown }).code).not.toBe('23505');
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'names_name_key')).toBe(true);
    expect(isUniqueViolation(error, 'names_pkey')).toBe(false);
  });

  it('should recognise the violation of a raw transaction, and roll it back', async () => {
    const error = await thrown(() =>
      database.transaction(async (session) => {
        await session.query(`INSERT INTO names VALUES (3, 'new')`);
        await session.query(`INSERT INTO names VALUES (1, 'again')`);
      }),
    );
    expect(isUniqueViolation(error, 'names_pkey')).toBe(true);
    const rows = await database.db.execute(sql`SELECT count(*)::int AS n FROM names`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it('should not take another failure for one', async () => {
    const notNull = await thrown(() =>
      database.db.execute(sql`INSERT INTO names VALUES (4, NULL)`),
    );
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(isUniqueViolation(new Error('23505'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
