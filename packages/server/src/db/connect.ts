import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config';
import { migrate } from './migrate';
import { schema } from './schema';

/** Which driver a {@link Database} runs on. */
export type DatabaseDriver = 'pglite' | 'postgres';

/** The drizzle handle, the same type on both drivers. */
export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A raw SQL session inside one transaction (for migrations and maintenance). */
export interface RawSqlSession {
  /** Runs one or more statements separated by semicolons, without parameters. */
  exec(text: string): Promise<void>;
  /** Runs one statement with `$1`-style parameters and returns its rows. */
  query<Row extends Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<Row[]>;
}

/** An open database: PGlite in the data folder, or PostgreSQL when `DATABASE_URL` is set. */
export interface Database {
  /** Drizzle on either driver; write queries once for both. */
  readonly db: AppDatabase;
  readonly driver: DatabaseDriver;
  /** Runs `work` in one transaction on a raw session; rolls back when it throws. */
  transaction<T>(work: (session: RawSqlSession) => Promise<T>): Promise<T>;
  /**
   * Closes the connection pool or PGlite (not a PGlite passed in as `pgliteClient`). Safe to
   * call twice.
   */
  close(): Promise<void>;
}

/** Options of {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /** Run pending migrations after connecting. Default `true`. */
  readonly migrate?: boolean;
  /** PGlite only: keep the database in memory instead of the data folder. Default `false`. */
  readonly inMemory?: boolean;
  /**
   * PostgreSQL only: create this schema when missing and put it first on the `search_path` of
   * every connection (tests use one fresh schema per run). Default: the server's own
   * `search_path`.
   */
  readonly schema?: string;
  /**
   * PGlite in memory only: start from this dump of a data folder (`PGlite.dumpDataDir`)
   * instead of an empty cluster, which skips `initdb` (about 1.5 s). The tests start each file's
   * database from one migrated dump. Default: an empty cluster.
   */
  readonly pgliteDataDir?: Blob;
  /**
   * PGlite only: run on this client, already open, instead of starting one (`inMemory` and
   * `pgliteDataDir` are then ignored). `close()` then leaves the client open: whoever passed it
   * in closes it. The tests use this to run file after file on one PGlite, reset in between
   * (`testing/pglitePool.ts`). Default: start a client of its own.
   */
  readonly pgliteClient?: PGlite;
}

const schemaNamePattern = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Opens the database the configuration selects and, unless told otherwise, brings its schema
 * up to date. PGlite keeps its files in `<POOLKIT_DATA_DIR>/pglite`.
 *
 * @example
 * const database = await openDatabase(config);
 * try { … } finally { await database.close(); }
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  const database =
    config.databaseUrl === undefined
      ? await openPglite(config.dataDir, options)
      : await openPostgres(config.databaseUrl, options.schema);
  if (options.migrate ?? true) {
    try {
      await migrate(database);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

async function openPglite(dataDir: string, options: OpenDatabaseOptions): Promise<Database> {
  const existing = options.pgliteClient;
  const dump = options.pgliteDataDir;
  let client: PGlite;
  if (existing !== undefined) {
    client = existing;
  } else if (options.inMemory ?? false) {
    client = await PGlite.create(dump === undefined ? {} : { loadDataDir: dump });
  } else {
    const folder = path.join(dataDir, 'pglite');
    await mkdir(folder, { recursive: true });
    client = await PGlite.create(folder);
  }
  let closed = false;
  return {
    db: drizzlePglite({ client, schema }),
    driver: 'pglite',
    transaction: (work) =>
      client.transaction((transaction) =>
        work({
          exec: async (text) => {
            await transaction.exec(text);
          },
          query: async <Row extends Record<string, unknown>>(
            text: string,
            params: readonly unknown[] = [],
          ) => (await transaction.query<Row>(text, [...params])).rows,
        }),
      ),
    close: async () => {
      if (closed) return;
      closed = true;
      // A client passed in belongs to the caller, who closes it.
      if (existing === undefined) await client.close();
    },
  };
}

async function openPostgres(
  connectionString: string,
  schemaName: string | undefined,
): Promise<Database> {
  if (schemaName !== undefined && !schemaNamePattern.test(schemaName)) {
    throw new Error(`Invalid schema name "${schemaName}": use lower-case letters, digits and _`);
  }
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    ...(schemaName === undefined ? {} : { options: `-c search_path=${schemaName}` }),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  let closed = false;
  try {
    if (schemaName !== undefined) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
    else await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: drizzleNodePostgres({ client: pool, schema }),
    driver: 'postgres',
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          exec: async (text) => {
            await client.query(text);
          },
          query: async <Row extends Record<string, unknown>>(
            text: string,
            params: readonly unknown[] = [],
          ) => (await client.query<Row>(text, [...params])).rows,
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
