import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/connect';
import { maintainPartitions } from '../engine/partitions';
import { queryRows } from '../engine/sql';
import { causedBy } from './causedBy';
import { pglitePool } from './pglitePool';
import { openTestDatabase, pgliteSnapshotVariables } from './testDatabase';

type Query = (text: string) => Promise<Record<string, unknown>[]>;

const appSchema = `n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
  AND n.nspname !~ '^pg_(toast_)?temp_'`;

/**
 * What a test file could see of a database: its objects, the rows of every table, the seeded
 * rows themselves, every sequence, and the session (settings, locks, channels, transaction).
 */
async function databaseState(query: Query): Promise<Record<string, unknown>> {
  const relations = await query(
    `SELECT n.nspname AS schema, c.relname AS name, c.relkind AS kind
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${appSchema} ORDER BY 1, 2`,
  );
  const unionAll = async (selects: string[]) =>
    selects.length === 0 ? [] : query(`${selects.join(' UNION ALL ')} ORDER BY 1`);
  const rowCounts = await unionAll(
    relations
      .filter((relation) => relation.kind === 'r')
      .map(
        ({ schema, name }) =>
          `SELECT '${schema}.${name}' AS name, count(*)::int AS rows FROM "${schema}"."${name}"`,
      ),
  );
  const sequences = await unionAll(
    relations
      .filter((relation) => relation.kind === 'S')
      .map(
        ({ schema, name }) =>
          `SELECT '${schema}.${name}' AS name, last_value::text AS value, is_called
             FROM "${schema}"."${name}"`,
      ),
  );
  // The seeded tables' rows themselves, where the migrations ran.
  const seeded = relations.some((relation) => relation.name === 'schema_migrations')
    ? {
        schemaMigrations: await query(
          'SELECT row_to_json(t)::text AS row FROM public.schema_migrations t ORDER BY id',
        ),
        siteParameters: await query(
          'SELECT row_to_json(t)::text AS row FROM public.site_parameters t',
        ),
      }
    : {};
  return {
    schemas: await query(`SELECT nspname FROM pg_namespace n WHERE ${appSchema} ORDER BY 1`),
    relations,
    routines: await query(
      `SELECT n.nspname, p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE ${appSchema} ORDER BY 1, 2`,
    ),
    types: await query(
      `SELECT n.nspname, t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE ${appSchema} ORDER BY 1, 2`,
    ),
    partitions: await query(
      `SELECT inhparent::regclass::text AS parent, inhrelid::regclass::text AS child
         FROM pg_inherits ORDER BY 1, 2`,
    ),
    rowCounts,
    sequences,
    ...seeded,
    session: await query(
      `SELECT current_setting('statement_timeout') AS statement_timeout,
              current_setting('search_path') AS search_path,
              current_setting('session_replication_role') AS replication_role,
              (SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory') AS advisory_locks,
              (SELECT count(*)::int FROM pg_listening_channels()) AS channels,
              txid_current_if_assigned() IS NOT NULL AS in_write_transaction`,
    ),
  };
}

/** Queries `database` outside any transaction of its own, as a test's plain statements do. */
function databaseQuery(database: Database): Query {
  return (text) => queryRows(database.db, sql.raw(text));
}

/** A fresh load of the run's migrated dump, outside the pool: what a file must see. */
async function freshState(): Promise<Record<string, unknown>> {
  const file = process.env[pgliteSnapshotVariables.migrated];
  if (file === undefined) throw new Error('no migrated dump: run under the server project');
  const client = await PGlite.create({ loadDataDir: new Blob([await readFile(file)]) });
  try {
    return await databaseState(
      async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    );
  } finally {
    await client.close();
  }
}

/** Leaves a mark a test file could leave in every corner the reset covers. */
async function dirty(database: Database): Promise<void> {
  const run = (text: string) => database.db.execute(sql.raw(text));
  // Rows, with their sequences moving: users, accounts, and the append-only tables.
  await run(`INSERT INTO users (username, password_hash) VALUES ('pool', 'x'), ('pool2', 'x')`);
  await run(`INSERT INTO mining_accounts (user_id, name) SELECT id, username FROM users`);
  await run(
    `INSERT INTO audit_log (actor_id, action, target_type, created_at)
       SELECT id, 'pool.test', 'user', now() FROM users`,
  );
  await database.transaction(async (session) => {
    await session.exec(
      `INSERT INTO ledger_accounts (holder, system_name, coin)
         VALUES ('system', 'a', 'btc'), ('system', 'b', 'btc');
       INSERT INTO ledger_transactions (type, status, coin, created_at)
         VALUES ('transfer', 'successful', 'btc', now());
       INSERT INTO ledger_entries (transaction_id, ledger_account_id, coin, amount, created_at)
         SELECT t.id, a.id, 'btc', CASE a.system_name WHEN 'a' THEN 1 ELSE -1 END, now()
           FROM ledger_transactions t, ledger_accounts a`,
    );
  });
  await expect(run('DELETE FROM ledger_entries')).rejects.toSatisfy(causedBy(/append-only/));
  await expect(run('DELETE FROM audit_log')).rejects.toSatisfy(causedBy(/append-only/));
  // The seeded tables: a row changed, a row added.
  await run(`UPDATE site_parameters SET support_email = 'pool@example.com'`);
  await run(`INSERT INTO schema_migrations (id, checksum) VALUES ('9999_stray', 'x')`);
  // The engine's runtime partitions, with a row in one.
  const day = Date.UTC(2026, 2, 10);
  expect((await maintainPartitions(database, day)).created.length).toBeGreaterThan(0);
  await run(`INSERT INTO hashrate_10m VALUES ('btc', 'pool', 1, ${day + 600_000}, 1, 0, 1, 0)`);
  await run(`SELECT setval('blocks_id_seq', 500)`);
  // Objects the dump does not have.
  await database.transaction((session) =>
    session.exec(
      `CREATE SCHEMA stray_schema;
     CREATE TABLE stray_schema.inside (id int);
     CREATE TABLE stray (id serial PRIMARY KEY, user_id bigint REFERENCES users (id));
     INSERT INTO stray (user_id) SELECT id FROM users;
     CREATE INDEX stray_users_idx ON users (created_at);
     CREATE VIEW stray_view AS SELECT * FROM stray;
     CREATE MATERIALIZED VIEW stray_matview AS SELECT count(*) FROM users;
     CREATE SEQUENCE stray_seq;
     CREATE FUNCTION stray_fn(int) RETURNS int LANGUAGE sql AS 'SELECT $1';
     CREATE TYPE stray_mood AS ENUM ('ok');
     CREATE DOMAIN stray_domain AS int;
     CREATE TYPE stray_pair AS (a int, b int);
     CREATE TEMP TABLE stray_temp (id int)`,
    ),
  );
  // The session: settings, an advisory lock, a channel, and a transaction left open.
  await run(`SET statement_timeout = '12s'`);
  await run('SET search_path = stray_schema, public');
  await run('SET session_replication_role = replica');
  await run('SELECT pg_advisory_lock(42)');
  await run('LISTEN stray_channel');
  await run('BEGIN');
  await run(`INSERT INTO public.users (username, password_hash) VALUES ('uncommitted', 'x')`);
}

describe('the PGlite test database pool', () => {
  let fresh: Record<string, unknown>;

  beforeAll(async () => {
    fresh = await freshState();
  });

  it('should hand the next file a reused database equal to a fresh load of the dump', async () => {
    const stats = pglitePool().stats;
    const first = await openTestDatabase('pglite');
    expect(await databaseState(databaseQuery(first))).toEqual(fresh);
    await dirty(first);
    expect(await databaseState(databaseQuery(first))).not.toEqual(fresh);
    await first.close();
    await first.close();
    await expect(first.db.execute(sql`SELECT 1`)).rejects.toSatisfy(causedBy(/after close/));

    const { reused, discarded } = stats;
    const second = await openTestDatabase('pglite');
    try {
      // The very client `first` had (the last one idle), reset rather than closed.
      expect(stats.discarded, String(stats.lastError)).toBe(discarded);
      expect(stats.reused).toBe(reused + 1);
      expect(await databaseState(databaseQuery(second))).toEqual(fresh);
      // The append-only triggers are back on.
      await second.transaction((session) =>
        session.exec(`INSERT INTO users (username, password_hash) VALUES ('again', 'x');
          INSERT INTO audit_log (actor_id, action, target_type, created_at)
            SELECT id, 'pool.test', 'user', now() FROM users`),
      );
      await expect(second.db.execute(sql`DELETE FROM audit_log`)).rejects.toSatisfy(
        causedBy(/append-only/),
      );
    } finally {
      await second.close();
    }
  });

  it('should close a database it cannot reset instead of handing it out again', async () => {
    const stats = pglitePool().stats;
    const first = await openTestDatabase('pglite');
    await first.db.execute(sql`ALTER TABLE users ADD COLUMN stray text`);
    const { discarded } = stats;
    await first.close();
    expect(stats.discarded).toBe(discarded + 1);

    // Another idle client or a fresh one, never the one with the column.
    const second = await openTestDatabase('pglite');
    try {
      expect(await databaseState(databaseQuery(second))).toEqual(fresh);
    } finally {
      await second.close();
    }
  });

  it("should pool the empty dump's clients apart and empty them again", async () => {
    const stats = pglitePool().stats;
    const first = await openTestDatabase('pglite', { migrate: false });
    const empty = await databaseState(databaseQuery(first));
    await first.transaction((session) =>
      session.exec(`CREATE TABLE stray (id serial PRIMARY KEY);
        CREATE FUNCTION stray_fn() RETURNS int LANGUAGE sql AS 'SELECT 1'`),
    );
    await first.close();

    const { reused } = stats;
    const second = await openTestDatabase('pglite', { migrate: false });
    try {
      expect(stats.reused).toBe(reused + 1);
      expect(await databaseState(databaseQuery(second))).toEqual(empty);
    } finally {
      await second.close();
    }
  });
});
