/**
 * The server under benchmark, in its own process (started by `bench.ts`): it fills a fresh
 * database (PGlite in memory, or a new schema on `DATABASE_URL`) with one mining account of
 * `BENCH_WORKERS` workers (default 10,000) and 24 h of series, builds the app as production runs
 * it, listens on a free loopback port and prints one JSON line `{"port": …}` on stdout. It stops
 * on SIGTERM.
 *
 * Environment: BENCH_WORKERS, BENCH_HOT_READS (`0` turns the hot-read cache off, to see what
 * a miss costs).
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { createManualClock } from '../src/clock';
import { createIngest, type ShareRecord } from '../src/engine/ingest';
import { runRollup, vacuumEngineTables } from '../src/engine/rollup';
import type { Authenticate } from '../src/http/authenticate';
import { benchConfig, openBenchDatabase } from './benchSetup';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The benchmark's "now": fixed, so every run reads the same data. */
export const BENCH_NOW = Date.UTC(2026, 0, 15, 12, 0);
export const BENCH_ADDRESS = `kaspa:q${'x'.repeat(60)}`;

const workers = Number(process.env.BENCH_WORKERS ?? 10_000);
const hotReads = process.env.BENCH_HOT_READS !== '0';

async function main(): Promise<void> {
  const database = await openBenchDatabase();
  const clock = createManualClock(BENCH_NOW);
  const users = await database.db.execute(
    sql`INSERT INTO users (username, password_hash) VALUES ('bench', 'x') RETURNING id`,
  );
  const userId = String((users as unknown as { rows: { id: unknown }[] }).rows[0]?.id);
  await database.db.execute(
    sql`INSERT INTO mining_accounts (user_id, name) VALUES (${userId}::bigint, 'bench0001')`,
  );
  // The token check of a real call is one indexed lookup of the session; the benchmark
  // measures the reads themselves, so its caller is fixed.
  const authenticate: Authenticate = async () => ({
    kind: 'user',
    userId,
    permissions: ['pool.view', 'miner.view', 'account.view'],
  });

  const ingest = createIngest(database);
  const batch = 10_000;
  for (let start = 0; start < workers; start += batch) {
    const shares: ShareRecord[] = [];
    for (let index = start; index < Math.min(workers, start + batch); index += 1) {
      shares.push({
        account: 'bench0001',
        coin: 'btc',
        worker: `w${index}`,
        difficulty: 1e6 + index,
        accepted: true,
        // A third of the workers stopped over 15 minutes ago: the status filters have work.
        at: BENCH_NOW - (index % 3 === 0 ? 40 + (index % 30) : index % 14) * MINUTE - 1000,
      });
    }
    await ingest.recordShares(shares);
  }
  const series: ShareRecord[] = [];
  for (let minute = 1; minute <= 24 * 60; minute += 10) {
    series.push({
      address: BENCH_ADDRESS,
      coin: 'kas',
      worker: 'k1',
      difficulty: 5e3,
      accepted: true,
      at: BENCH_NOW - minute * MINUTE,
    });
    series.push({
      account: 'bench0001',
      coin: 'btc',
      worker: 'w0',
      difficulty: 1e6,
      accepted: true,
      at: BENCH_NOW - minute * MINUTE,
    });
  }
  await ingest.recordShares(series);
  await ingest.recordNetwork({ coin: 'kas', height: 120_000_000, difficulty: 1e9, at: BENCH_NOW });
  await ingest.recordBlock({
    coin: 'kas',
    height: 119_999_999,
    hash: 'a'.repeat(64),
    reward: '2.8',
    finder: BENCH_ADDRESS,
    at: BENCH_NOW - HOUR,
    effort: 0.9,
  });
  await runRollup(database, BENCH_NOW);
  // The steady state: autovacuum on PostgreSQL, the engine's hourly VACUUM on PGlite.
  await vacuumEngineTables(database);

  const app = await buildApp({
    config: benchConfig(),
    db: database,
    clock,
    authenticate,
    validateResponses: false,
    hotReads,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ port, driver: database.driver, workers, hotReads })}\n`);
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}

await main();
