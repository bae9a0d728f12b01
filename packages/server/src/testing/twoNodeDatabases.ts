import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { type Database, openDatabase } from '../db/connect';

/**
 * Two connections to one fresh schema `poolkit_test_<random>` on the PostgreSQL server at
 * `databaseUrl`, as two nodes share one database: migrated through the first, dropped again
 * after the tests. Call it inside a `describe` that is skipped without a server.
 */
export function twoNodeDatabases(databaseUrl: string) {
  const schema = `poolkit_test_${randomBytes(6).toString('hex')}`;
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    first = await openDatabase({ databaseUrl, dataDir: '' }, { schema });
    second = await openDatabase({ databaseUrl, dataDir: '' }, { schema, migrate: false });
  });

  afterAll(async () => {
    await second?.close();
    if (first !== undefined) {
      await first.transaction((session) => session.exec(`DROP SCHEMA ${schema} CASCADE`));
      await first.close();
    }
  });

  return {
    /** The node that migrated the schema. */
    get first() {
      return first;
    },
    get second() {
      return second;
    },
  };
}
