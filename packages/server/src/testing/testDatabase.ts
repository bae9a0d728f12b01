import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
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
 * The environment variables through which the server project's global set-up
 * (`pgliteSnapshots.ts`) hands every test file its PGlite starting points: dumps of an
 * in-memory data folder, one empty and one with every migration applied.
 */
export const pgliteSnapshotVariables = {
  empty: 'POOLKIT_TEST_PGLITE_EMPTY',
  migrated: 'POOLKIT_TEST_PGLITE_MIGRATED',
} as const;

/**
 * The dump a PGlite test database starts from, when the global set-up made one (outside vitest,
 * in the benchmarks, there is none and PGlite starts empty).
 */
async function pgliteSnapshot(migrated: boolean): Promise<Blob | undefined> {
  const file = process.env[pgliteSnapshotVariables[migrated ? 'migrated' : 'empty']];
  if (file === undefined || file === '') return undefined;
  return new Blob([await readFile(file)]);
}

/**
 * Opens a fresh database for one test file: PGlite in memory, or a new schema
 * `poolkit_test_<random>` on the `DATABASE_URL` server, dropped again by `close()`.
 *
 * PGlite starts from the global set-up's dump when there is one: migrated once for the whole
 * run, then checked by `migrate()` like any start (a changed migration still fails here).
 */
export async function openTestDatabase(
  driver: DatabaseDriver,
  options: TestDatabaseOptions = {},
): Promise<Database> {
  const migrate = options.migrate ?? true;
  if (driver === 'pglite') {
    const dump = await pgliteSnapshot(migrate);
    return openDatabase(
      { databaseUrl: undefined, dataDir: '' },
      { inMemory: true, migrate, ...(dump === undefined ? {} : { pgliteDataDir: dump }) },
    );
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
