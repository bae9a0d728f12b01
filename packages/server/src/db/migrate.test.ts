import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDrivers } from '../testing/testDatabase';
import { type Database, openDatabase } from './connect';
import { migrate, readMigrations } from './migrate';
import { resolveJwtSecret } from './settings';

async function tableNames(database: Database): Promise<string[]> {
  const rows = await database.transaction((session) =>
    session.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = current_schema() ORDER BY table_name`,
    ),
  );
  return rows.map((row) => row.table_name);
}

describe.each(testDrivers)('migrations on %s', (driver) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { migrate: false });
  });

  afterAll(async () => {
    await database.close();
  });

  it('should start from an empty schema', async () => {
    expect(await tableNames(database)).toEqual([]);
  });

  it('should apply every migration on the first run', async () => {
    const all = await readMigrations();
    expect(all.map((migration) => migration.id)).toContain('0001_platform');
    expect(await migrate(database)).toEqual(all.map((migration) => migration.id));
    expect(await tableNames(database)).toEqual(
      expect.arrayContaining([
        'app_settings',
        'mining_accounts',
        'rate_limit_hits',
        'schema_migrations',
        'users',
      ]),
    );
  });

  it('should do nothing on the second run', async () => {
    expect(await migrate(database)).toEqual([]);
    const applied = await database.transaction((session) =>
      session.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id'),
    );
    expect(applied.map((row) => row.id)).toEqual(
      (await readMigrations()).map((migration) => migration.id),
    );
  });

  it('should refuse a migration whose file changed after it was applied', async () => {
    const [first, ...rest] = await readMigrations();
    if (first === undefined) throw new Error('no migrations');
    await expect(
      migrate(database, [
        { ...first, sql: `${first.sql}\n-- edited`, checksum: 'edited' },
        ...rest,
      ]),
    ).rejects.toThrow(/0001_platform was changed/);
  });

  it('should roll a failing migration back completely', async () => {
    const all = await readMigrations();
    const broken = {
      id: '9999_broken',
      sql: 'CREATE TABLE half_done (id int); SELECT * FROM no_such_table;',
      checksum: 'broken',
    };
    await expect(migrate(database, [...all, broken])).rejects.toThrow(/no_such_table/);
    expect(await tableNames(database)).not.toContain('half_done');
    expect(await migrate(database)).toEqual([]);
  });

  it('should generate the JWT secret once and keep it', async () => {
    const config = {
      env: 'development' as const,
      jwt: { secret: undefined, accessTtlSeconds: 60, refreshTtlSeconds: 120 },
    };
    const first = await resolveJwtSecret(database, config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await resolveJwtSecret(database, config)).toBe(first);
    expect(
      await resolveJwtSecret(database, { ...config, jwt: { ...config.jwt, secret: 'configured' } }),
    ).toBe('configured');
    await expect(resolveJwtSecret(database, { ...config, env: 'production' })).rejects.toThrow(
      /JWT_SECRET/,
    );
  });
});

describe('PGlite in the data folder', () => {
  let dataDir = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'poolkit-data-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('should keep data between runs and migrate idempotently on reopening', async () => {
    const config = { databaseUrl: undefined, dataDir };
    const first = await openDatabase(config);
    const secret = await resolveJwtSecret(first, {
      env: 'development',
      jwt: { secret: undefined, accessTtlSeconds: 60, refreshTtlSeconds: 120 },
    });
    await first.close();

    const second = await openDatabase(config);
    try {
      expect(second.driver).toBe('pglite');
      expect(await migrate(second)).toEqual([]);
      expect(
        await resolveJwtSecret(second, {
          env: 'development',
          jwt: { secret: undefined, accessTtlSeconds: 60, refreshTtlSeconds: 120 },
        }),
      ).toBe(secret);
    } finally {
      await second.close();
    }
  });
});
