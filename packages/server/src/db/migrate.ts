import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { Database } from './connect';

/** One SQL migration file of `db/migrations`. */
export interface Migration {
  /** The file name without `.sql`, e.g. `0001_platform`; applied in this order. */
  readonly id: string;
  readonly sql: string;
  /** SHA-256 of the SQL, so an edited migration that was already applied is noticed. */
  readonly checksum: string;
}

const migrationsFolder = new URL('./migrations/', import.meta.url);

/** Any fixed number: every PoolKit process migrating the same database queues on it. */
const migrationLockKey = 7_406_318_201;

/** Reads the migration files, sorted by name. */
export async function readMigrations(folder: URL = migrationsFolder): Promise<Migration[]> {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(new URL(name, folder), 'utf8');
      return {
        id: name.slice(0, -'.sql'.length),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    }),
  );
}

/**
 * Applies the pending migrations in one transaction, under an advisory lock so that several
 * server processes starting together apply each one once. Running it again does nothing.
 * The same SQL runs on PGlite and PostgreSQL.
 *
 * @returns the ids of the migrations applied by this call.
 * @throws when an applied migration's file has changed since.
 */
export async function migrate(
  database: Database,
  migrations?: readonly Migration[],
): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  return database.transaction(async (session) => {
    await session.exec(`SELECT pg_advisory_xact_lock(${migrationLockKey})`);
    await session.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id         text        PRIMARY KEY,
      checksum   text        NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Map(
      (
        await session.query<{ id: string; checksum: string }>(
          'SELECT id, checksum FROM schema_migrations',
        )
      ).map((row) => [row.id, row.checksum]),
    );
    const appliedNow: string[] = [];
    for (const migration of all) {
      const checksum = applied.get(migration.id);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(
            `Migration ${migration.id} was changed after it was applied; add a new migration instead`,
          );
        }
        continue;
      }
      await session.exec(migration.sql);
      await session.query('INSERT INTO schema_migrations (id, checksum) VALUES ($1, $2)', [
        migration.id,
        migration.checksum,
      ]);
      appliedNow.push(migration.id);
    }
    return appliedNow;
  });
}
