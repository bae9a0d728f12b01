/**
 * What the server's benchmarks share: the database they run on and the configuration of the
 * app they measure.
 */
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/connect';
import { openTestDatabase } from '../src/testing/testDatabase';

/** PGlite in memory, or a fresh schema on `DATABASE_URL`'s PostgreSQL when it is set. */
export async function openBenchDatabase(): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  return databaseUrl === undefined || databaseUrl === ''
    ? openDatabase({ databaseUrl: undefined, dataDir: '' }, { inMemory: true })
    : openTestDatabase('postgres');
}

/** The app as production runs it (no response validation, silent logs), without demo or site. */
export function benchConfig(): Config {
  return loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(32),
    SITE_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    DEMO: 'off',
  });
}
