import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/connect';
import { migrate } from '../db/migrate';
import { pgliteSnapshotVariables } from './testDatabase';

/**
 * The server project's global set-up: makes PGlite's two starting points once per run, an
 * empty cluster and one with every migration applied, and hands their files to the test files
 * through the environment (`openTestDatabase` reads them).
 *
 * Without them every test file ran `initdb` and all the migrations on its own PGlite: about
 * 2 s of CPU each, sixty times a run. Loading a dump takes a third of that, and the migrated
 * dump is made by the same `migrate()` the server runs, so a broken migration still fails the
 * run (here, before any file starts).
 */
let folder: string | undefined;

/** Writes `client`'s data folder to `<folder>/<kind>.tar` and names the file in its variable. */
async function dump(
  client: PGlite,
  folder: string,
  kind: keyof typeof pgliteSnapshotVariables,
): Promise<void> {
  const file = path.join(folder, `${kind}.tar`);
  await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  process.env[pgliteSnapshotVariables[kind]] = file;
}

export async function setup(): Promise<void> {
  folder = await mkdtemp(path.join(tmpdir(), 'poolkit-pglite-'));

  const empty = await PGlite.create();
  try {
    await dump(empty, folder, 'empty');
  } finally {
    await empty.close();
  }

  const database = await openDatabase(
    { databaseUrl: undefined, dataDir: '' },
    { inMemory: true, migrate: false },
  );
  try {
    await migrate(database);
    // Drizzle's handle wraps the PGlite client; dump through the raw client it was built on.
    await dump((database.db as unknown as { $client: PGlite }).$client, folder, 'migrated');
  } finally {
    await database.close();
  }
}

export async function teardown(): Promise<void> {
  if (folder !== undefined) await rm(folder, { recursive: true, force: true });
}
