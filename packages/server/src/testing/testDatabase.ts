import { randomBytes } from 'node:crypto';
import { type Database, type DatabaseDriver, openDatabase } from '../db/connect';

/**
 * The drivers the server's tests run on: PGlite always, PostgreSQL too when `DATABASE_URL` is
 * set.
 */
export const testDrivers: readonly DatabaseDriver[] =
  process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === ''
    ? ['pglite']
    : ['pglite', 'postgres'];

/** Options of {@link openTestDatabase}. */
export interface TestDatabaseOptions {
  /** Apply the migrations. Default `true`. */
  readonly migrate?: boolean;
}

/**
 * Opens a fresh, empty database for one test file: PGlite in memory, or a new schema
 * `poolkit_test_<random>` on the `DATABASE_URL` server, dropped again by `close()`.
 */
export async function openTestDatabase(
  driver: DatabaseDriver,
  options: TestDatabaseOptions = {},
): Promise<Database> {
  const migrate = options.migrate ?? true;
  if (driver === 'pglite') {
    return openDatabase({ databaseUrl: undefined, dataDir: '' }, { inMemory: true, migrate });
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl === undefined || databaseUrl === '') {
    throw new Error('DATABASE_URL is not set: PostgreSQL tests cannot run');
  }
  const schemaName = `poolkit_test_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase(
    { databaseUrl, dataDir: '' },
    { schema: schemaName, migrate },
  );
  return {
    ...database,
    close: async () => {
      try {
        await database.transaction((session) => session.exec(`DROP SCHEMA ${schemaName} CASCADE`));
      } finally {
        await database.close();
      }
    },
  };
}
