import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';

/**
 * The PGlite clients of one worker process of the server's tests, kept between test files.
 *
 * Why: every test file opens its own database, and starting PGlite from the run's dump costs
 * about 1.5-2.5 s of CPU (the WASM start in single-user mode and loading the dump), sixty times
 * a run. The server project runs its files with `isolate: false`, so this module's state lives
 * as long as the worker process: when a file closes its database, the client is reset to the
 * state it was loaded in and handed to the next file of the same worker that opens a database
 * from the same dump. Only the first open per worker (and dump) pays for a start. Each file
 * still gets a fresh `Database` around the client (`openDatabase`'s `pgliteClient`), so nothing
 * of the previous file's wrapper (drizzle handle, closed flag) carries over.
 *
 * What the reset restores, checked against what was captured right after the first load
 * ({@link Snapshot}):
 * - no open transaction (`ROLLBACK`), and a clean session (`DISCARD ALL`: settings back to their
 *   defaults as `RESET ALL`, `UNLISTEN *`, advisory locks released, temporary tables, prepared
 *   statements, cursors and cached `currval`s gone);
 * - no object created since: schemas, tables (the engine's daily partitions), views,
 *   materialized views, sequences, indexes, functions, aggregates and types of the app's schemas
 *   that were not there are dropped;
 * - the rows: every table that holds a page is truncated (a table whose file is empty has no
 *   rows, so the ~80 untouched tables cost nothing), in one transaction with
 *   `session_replication_role = replica`, so no trigger fires (TRUNCATE fires no row trigger
 *   anyway: the append-only triggers of `ledger_entries` and `audit_log` forbid UPDATE and
 *   DELETE only); the tables that held rows at the first load (the migrations seed
 *   `schema_migrations` and `site_parameters`) get them back from a `COPY` taken then;
 * - every sequence at its loaded value (`setval` with `is_called` as captured), and each
 *   materialized view refreshed (or emptied) as it was loaded.
 *
 * Then it checks: a fingerprint of the system catalogs must equal the loaded one (`pg_class`
 * column by column, less the storage columns TRUNCATE changes; every other catalog by row count
 * and newest `xmin`, so any row added, changed or removed since the load shows). A change the
 * reset does not undo (a column added to a table, a role or a catalog row changed) fails that
 * check, and so does any error: the client is then closed and the next file starts a fresh one.
 * A dirty database is never handed out.
 *
 * Not reset, as nothing observable depends on it: transaction ids and OIDs keep counting, the
 * planner statistics and `pg_stat_*` counters stay, and a table's rows come back in a new file.
 *
 * A lease's client throws once the lease is released, as a closed PGlite would, so a file that
 * keeps using its database after `close()` fails instead of writing into the next file's. The
 * idle clients are not closed when the worker ends: vitest ends the process, and an in-memory
 * PGlite has nothing to flush.
 */
export class PglitePool {
  /** The state of each dump (by file name): the dump, its snapshot and the idle clients. */
  readonly #dumps = new Map<string, DumpState>();

  /** What the pool did so far in this process, for tests and diagnosis. */
  readonly stats: PglitePoolStats = {
    started: 0,
    reused: 0,
    resets: 0,
    resetMs: 0,
    discarded: 0,
    lastError: undefined,
  };

  /**
   * At most this many idle clients are kept per dump. A loaded client holds about 280 MB, and
   * files run one after another, so one is enough: a file that opens a second database at once
   * starts it, and its close() closes it.
   */
  readonly #maxIdle: number;

  constructor(maxIdle = 1) {
    this.#maxIdle = maxIdle;
  }

  /**
   * A client loaded from the dump in `file`, or an idle one reset to that state. Release the
   * lease (never close its client) when done.
   */
  async acquire(file: string): Promise<PgliteLease> {
    const state = this.#state(file);
    // A file that closed its database without waiting: let the reset finish and reuse it.
    await Promise.all(state.recycling);
    let client = state.idle.pop();
    if (client !== undefined) {
      this.stats.reused += 1;
    } else {
      client = await PGlite.create({ loadDataDir: await state.dump });
      this.stats.started += 1;
      // The snapshot is taken once, from a client nobody has used yet.
      state.snapshot ??= captureSnapshot(client).catch((error: unknown) => {
        this.stats.lastError = error;
        return undefined;
      });
      await state.snapshot;
    }
    return this.#lease(state, client);
  }

  #state(file: string): DumpState {
    let state = this.#dumps.get(file);
    if (state === undefined) {
      state = {
        dump: readFile(file).then((bytes) => new Blob([bytes])),
        snapshot: undefined,
        idle: [],
        recycling: new Set(),
      };
      this.#dumps.set(file, state);
    }
    return state;
  }

  #lease(state: DumpState, client: PGlite): PgliteLease {
    let released: Promise<void> | undefined;
    const guarded = new Proxy(client, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        if (released !== undefined) throw new Error('PGlite test database used after close()');
        // PGlite's methods use private fields: call them on the client, not on the proxy.
        return value.bind(target);
      },
    });
    return {
      client: guarded,
      release: () => {
        released ??= this.#recycle(state, client, true);
        return released;
      },
      discard: () => {
        released ??= this.#recycle(state, client, false);
        return released;
      },
    };
  }

  /** Resets `client` and keeps it idle, or closes it (when `keep` is false or the reset fails). */
  #recycle(state: DumpState, client: PGlite, keep: boolean): Promise<void> {
    const work = (async () => {
      const snapshot = await state.snapshot;
      if (keep && snapshot !== undefined && state.idle.length < this.#maxIdle) {
        const start = performance.now();
        try {
          await resetClient(client, snapshot);
          this.stats.resets += 1;
          this.stats.resetMs += performance.now() - start;
          // Another reset may have filled the place meanwhile.
          if (state.idle.length < this.#maxIdle) {
            state.idle.push(client);
            return;
          }
        } catch (error) {
          this.stats.discarded += 1;
          this.stats.lastError = error;
        }
      }
      await closeQuietly(client);
    })();
    state.recycling.add(work);
    return work.finally(() => state.recycling.delete(work));
  }
}

/** A client of the pool, handed to one test file. */
export interface PgliteLease {
  /** The client; every use of it throws once the lease is released or discarded. */
  readonly client: PGlite;
  /** Resets the client for the next file (or closes it if it cannot be reset). Idempotent. */
  release(): Promise<void>;
  /** Closes the client without reusing it. Idempotent. */
  discard(): Promise<void>;
}

/** Counters of a {@link PglitePool}. */
export interface PglitePoolStats {
  /** Clients started from a dump. */
  started: number;
  /** Leases served by a reset client. */
  reused: number;
  /** Successful resets, and the milliseconds they took in all. */
  resets: number;
  resetMs: number;
  /** Clients closed because their reset failed (see `lastError`). */
  discarded: number;
  /** The last error of a reset or a snapshot. */
  lastError: unknown;
}

interface DumpState {
  readonly dump: Promise<Blob>;
  /** Taken from the first client started; `undefined` inside when it failed (no reuse then). */
  snapshot: Promise<Snapshot | undefined> | undefined;
  readonly idle: PGlite[];
  /** Resets in progress. */
  readonly recycling: Set<Promise<void>>;
}

/** The pool of this worker process, kept on `globalThis` so that every file sees the same one. */
export function pglitePool(): PglitePool {
  const holder = globalThis as { [poolSymbol]?: PglitePool };
  holder[poolSymbol] ??= new PglitePool();
  return holder[poolSymbol];
}

const poolSymbol = Symbol.for('poolkit.testing.pglitePool');

/** The state of a freshly loaded dump that a reset returns to. */
interface Snapshot {
  /** Every object of the app's schemas, as `<DROP keyword> <name>` ({@link objectsQuery}). */
  readonly objects: ReadonlySet<string>;
  /** The tables that held rows, with their rows. */
  readonly seeds: readonly Seed[];
  readonly sequences: readonly SequenceValue[];
  readonly materializedViews: readonly { readonly name: string; readonly populated: boolean }[];
  /** The query of {@link fingerprint}, built for this cluster's catalogs. */
  readonly fingerprintQuery: string;
  readonly fingerprint: string;
}

interface Seed {
  /** Schema-qualified and quoted. */
  readonly table: string;
  /** Quoted, comma-separated: the stored columns (not generated ones). */
  readonly columns: string;
  /** `COPY … TO` output, text format. */
  readonly rows: Blob;
}

interface SequenceValue {
  readonly name: string;
  readonly lastValue: string;
  readonly isCalled: boolean;
}

/** The app's schemas: all but PostgreSQL's own and the temporary ones. */
const appSchema = `n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
  AND n.nspname NOT LIKE 'pg\\_temp\\_%' AND n.nspname NOT LIKE 'pg\\_toast\\_temp\\_%'`;

/**
 * Every droppable object of the app's schemas: `kind` is the DROP keyword, `name` its quoted
 * name (with the argument types for routines), `schema` the schema it is in.
 */
const objectsQuery = `
  SELECT 'SCHEMA' AS kind, quote_ident(n.nspname) AS name, n.nspname AS schema
    FROM pg_namespace n WHERE ${appSchema}
  UNION ALL
  SELECT CASE c.relkind WHEN 'r' THEN 'TABLE' WHEN 'p' THEN 'TABLE' WHEN 'f' THEN 'FOREIGN TABLE'
           WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
           WHEN 'c' THEN 'TYPE' ELSE 'INDEX' END,
         format('%I.%I', n.nspname, c.relname), n.nspname
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE ${appSchema} AND c.relkind IN ('r', 'p', 'f', 'v', 'm', 'S', 'c', 'i', 'I')
  UNION ALL
  SELECT CASE p.prokind WHEN 'a' THEN 'AGGREGATE' ELSE 'ROUTINE' END,
         format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)),
         n.nspname
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${appSchema}
  UNION ALL
  SELECT CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END,
         format('%I.%I', n.nspname, t.typname), n.nspname
    FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
   WHERE ${appSchema} AND t.typrelid = 0 AND t.typcategory <> 'A'`;

/** The order objects are dropped in: containers and dependents first, `CASCADE` for the rest. */
const dropOrder = [
  'SCHEMA',
  'MATERIALIZED VIEW',
  'VIEW',
  'FOREIGN TABLE',
  'TABLE',
  'SEQUENCE',
  'INDEX',
  'AGGREGATE',
  'ROUTINE',
  'TYPE',
  'DOMAIN',
];

/** The app's tables that hold at least one page: any table with a row does. */
const tablesWithPagesQuery = `
  SELECT format('%I.%I', n.nspname, c.relname) AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE ${appSchema} AND c.relkind = 'r' AND pg_relation_size(c.oid) > 0`;

/**
 * The `pg_class` columns compared by the fingerprint: all but the storage and statistics ones
 * (`relfilenode`, `relpages`, `reltuples`, `relallvisible`, `relfrozenxid`, `relminmxid`), which
 * TRUNCATE and ANALYZE change.
 */
const relationColumns = [
  'oid',
  'relname',
  'relnamespace',
  'reltype',
  'reloftype',
  'relowner',
  'relam',
  'reltablespace',
  'reltoastrelid',
  'relhasindex',
  'relisshared',
  'relpersistence',
  'relkind',
  'relnatts',
  'relchecks',
  'relhasrules',
  'relhastriggers',
  'relhassubclass',
  'relrowsecurity',
  'relforcerowsecurity',
  'relispopulated',
  'relreplident',
  'relispartition',
  'relrewrite',
  'relacl',
  'reloptions',
  'relpartbound',
];

/**
 * Builds the fingerprint query for `client`'s catalogs: `pg_class` by the columns above, and
 * every other catalog table by its row count and newest `xmin` (a row inserted or updated after
 * the load has a newer one; a row removed lowers the count). Left out: `pg_statistic`,
 * `pg_statistic_ext_data` (ANALYZE), `pg_largeobject` (data, counted by its metadata) and the
 * temporary schemas (made by a session's first temporary table, emptied by DISCARD ALL).
 */
async function buildFingerprintQuery(client: PGlite): Promise<string> {
  const catalogs = await client.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class
      WHERE relnamespace = 'pg_catalog'::regnamespace AND relkind = 'r'
        AND relname NOT IN ('pg_class', 'pg_statistic', 'pg_statistic_ext_data', 'pg_largeobject')
      ORDER BY relname`,
  );
  const parts = [
    `(SELECT string_agg((${relationColumns.join(', ')})::text, ',' ORDER BY oid) FROM pg_catalog.pg_class)`,
    ...catalogs.rows.map(
      ({ name }) =>
        `(SELECT count(*) || '/' || coalesce(max(xmin::text::bigint), 0) FROM pg_catalog.${name}${
          // A session's first temporary table creates its temporary schemas for good.
          name === 'pg_namespace' ? ` WHERE nspname !~ '^pg_(toast_)?temp_'` : ''
        })`,
    ),
  ];
  return `SELECT md5(concat_ws(';', ${parts.join(', ')})) AS fingerprint`;
}

async function fingerprint(client: PGlite, query: string): Promise<string> {
  const rows = (await client.query<{ fingerprint: string }>(query)).rows;
  return rows[0]?.fingerprint ?? '';
}

/** Reads what a reset returns to, from a client nobody has used since it was loaded. */
async function captureSnapshot(client: PGlite): Promise<Snapshot> {
  const objects = await client.query<{ kind: string; name: string }>(objectsQuery);

  const seeds: Seed[] = [];
  for (const { name } of (await client.query<{ name: string }>(tablesWithPagesQuery)).rows) {
    const count = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${name}`,
    );
    if ((count.rows[0]?.count ?? 0) === 0) continue;
    const columns = await client.query<{ columns: string }>(
      `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS columns FROM pg_attribute
        WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`,
      [name],
    );
    const list = columns.rows[0]?.columns ?? '';
    const copy = await client.query(`COPY ${name} (${list}) TO '/dev/blob'`);
    if (copy.blob === undefined) throw new Error(`COPY of ${name} returned no data`);
    seeds.push({ table: name, columns: list, rows: copy.blob });
  }

  const sequenceNames = await client.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${appSchema} AND c.relkind = 'S'`,
  );
  const sequences =
    sequenceNames.rows.length === 0
      ? []
      : (
          await client.query<SequenceValue>(
            sequenceNames.rows
              .map(
                ({ name }) =>
                  `SELECT ${literal(name)} AS "name", last_value::text AS "lastValue",
                          is_called AS "isCalled" FROM ${name}`,
              )
              .join(' UNION ALL '),
          )
        ).rows;

  const materializedViews = (
    await client.query<{ name: string; populated: boolean }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name, c.relispopulated AS populated
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE ${appSchema} AND c.relkind = 'm'`,
    )
  ).rows;

  const fingerprintQuery = await buildFingerprintQuery(client);
  return {
    objects: new Set(objects.rows.map(({ kind, name }) => `${kind} ${name}`)),
    seeds,
    sequences,
    materializedViews,
    fingerprintQuery,
    fingerprint: await fingerprint(client, fingerprintQuery),
  };
}

/**
 * Returns `client` to `snapshot` (see {@link PglitePool} for what that covers).
 *
 * @throws when anything fails or the catalogs still differ from the snapshot's afterwards.
 */
async function resetClient(client: PGlite, snapshot: Snapshot): Promise<void> {
  // Ends whatever transaction the file left open, even a failed one (a warning when none is).
  await client.exec('ROLLBACK');
  // RESET ALL, UNLISTEN *, pg_advisory_unlock_all(), and temp tables, prepared statements,
  // cursors, cached plans and sequence values of the session. Not allowed in a transaction.
  await client.exec('DISCARD ALL');
  await client.exec('BEGIN; SET LOCAL session_replication_role = replica');
  try {
    const objects = (
      await client.query<{ kind: string; name: string; schema: string }>(objectsQuery)
    ).rows;
    const newSchemas = new Set(
      objects
        .filter(
          (object) => object.kind === 'SCHEMA' && !snapshot.objects.has(`SCHEMA ${object.name}`),
        )
        .map((object) => object.schema),
    );
    const drops = objects
      .filter(
        (object) =>
          !snapshot.objects.has(`${object.kind} ${object.name}`) &&
          (object.kind === 'SCHEMA' || !newSchemas.has(object.schema)),
      )
      .sort((a, b) => dropOrder.indexOf(a.kind) - dropOrder.indexOf(b.kind))
      .map((object) => `DROP ${object.kind} IF EXISTS ${object.name} CASCADE`);
    if (drops.length > 0) await client.exec(drops.join(';\n'));

    const tables = new Set(
      (await client.query<{ name: string }>(tablesWithPagesQuery)).rows.map((row) => row.name),
    );
    for (const seed of snapshot.seeds) tables.add(seed.table);
    if (tables.size > 0) await client.exec(`TRUNCATE ${[...tables].join(', ')} CASCADE`);
    for (const seed of snapshot.seeds) {
      await client.query(`COPY ${seed.table} (${seed.columns}) FROM '/dev/blob'`, [], {
        blob: seed.rows,
      });
    }
    if (snapshot.sequences.length > 0) {
      await client.exec(
        `SELECT ${snapshot.sequences
          .map(
            (sequence) =>
              `setval(${literal(sequence.name)}::regclass, ${sequence.lastValue}, ${sequence.isCalled})`,
          )
          .join(', ')}`,
      );
    }
    for (const view of snapshot.materializedViews) {
      await client.exec(
        `REFRESH MATERIALIZED VIEW ${view.name}${view.populated ? '' : ' WITH NO DATA'}`,
      );
    }
    await client.exec('COMMIT');
  } catch (error) {
    await client.exec('ROLLBACK').catch(() => {});
    throw error;
  }
  const now = await fingerprint(client, snapshot.fingerprintQuery);
  if (now !== snapshot.fingerprint) {
    throw new Error('PGlite reset: the catalogs still differ from the loaded dump');
  }
}

/** An SQL string literal. */
function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

async function closeQuietly(client: PGlite): Promise<void> {
  try {
    await client.close();
  } catch {
    // Closing a client that failed is best effort; it is dropped either way.
  }
}
