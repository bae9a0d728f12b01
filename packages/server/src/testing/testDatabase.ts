import { randomBytes } from 'node:crypto';
import { type Database, type DatabaseDriver, openDatabase } from '../db/connect';
import { pglitePool } from './pglitePool';

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
 * Opens a fresh database for one test file: PGlite in memory, or a new schema
 * `poolkit_test_<random>` on the `DATABASE_URL` server, dropped again by `close()`.
 *
 * PGlite starts from the global set-up's dump when there is one: migrated once for the whole
 * run, then checked by `migrate()` like any start (a changed migration still fails here). The
 * client comes from this worker's {@link pglitePool}: started from the dump for the first file,
 * then reset to the dump's state by each file's `close()` and handed to the next file, which
 * sees exactly what a fresh load would give it. Without a dump (outside vitest) PGlite starts
 * empty and is closed by `close()`.
 */
export async function openTestDatabase(
  driver: DatabaseDriver,
  options: TestDatabaseOptions = {},
): Promise<Database> {
  const migrate = options.migrate ?? true;
  if (driver === 'pglite') {
    const file = process.env[pgliteSnapshotVariables[migrate ? 'migrated' : 'empty']];
    if (file === undefined || file === '') {
      return openDatabase({ databaseUrl: undefined, dataDir: '' }, { inMemory: true, migrate });
    }
    const lease = await pglitePool().acquire(file);
    let database: Database;
    try {
      database = await openDatabase(
        { databaseUrl: undefined, dataDir: '' },
        { migrate, pgliteClient: lease.client },
      );
    } catch (error) {
      await lease.discard();
      throw error;
    }
    let closed = false;
    return {
      ...database,
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await database.close();
        } finally {
          await lease.release();
        }
      },
    };
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
