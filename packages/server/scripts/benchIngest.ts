/**
 * Benchmark of share ingest end to end: how many shares per second the pool accounts, from
 * share records in to everything that reads them updated — the ingest seam (`recordShares`:
 * per-worker minute sums, worker last-share columns, share ids for idempotency), the minute's
 * roll-up (worker statistics and counts, the 10-minute and hourly series, pool statistics) and
 * the day's income estimate (the settlement's inputs). Not a test: it prints figures.
 *
 *   npm run bench:ingest -w @poolkit/server            # PGlite; PostgreSQL too when DATABASE_URL is set
 *
 * For each size (BENCH_INGEST_WORKERS, default 1000,10000,100000 workers on one pool, spread
 * over 100 accounts), it sends BENCH_INGEST_MINUTES (default 3) minutes of shares: each worker
 * sends BENCH_INGEST_SHARES (default 4) shares a minute, each with its own share id, in batches
 * of 5,000 records, then rolls the minute up and estimates the day. The figure is shares
 * accounted per second of wall time over the whole run, and the split between the three steps.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/connect';
import { createIngest, type ShareRecord } from '../src/engine/ingest';
import { runRollup } from '../src/engine/rollup';
import { estimateToday } from '../src/engine/settlement';
import { openBenchDatabase } from './benchSetup';

const sizes = (process.env.BENCH_INGEST_WORKERS ?? '1000,10000,100000')
  .split(',')
  .map((value) => Number(value.trim()))
  .filter((value) => Number.isInteger(value) && value > 0);
const minutes = Number(process.env.BENCH_INGEST_MINUTES ?? 3);
const sharesPerMinute = Number(process.env.BENCH_INGEST_SHARES ?? 4);
const BATCH = 5_000;
const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 15, 12, 0);
const ACCOUNTS = 100;

async function prepareAccounts(database: Database): Promise<void> {
  const users = await database.db.execute(
    sql`INSERT INTO users (username, password_hash) VALUES ('ingest', 'x') RETURNING id`,
  );
  const userId = String((users as unknown as { rows: { id: unknown }[] }).rows[0]?.id);
  for (let index = 0; index < ACCOUNTS; index += 1) {
    await database.db.execute(
      sql`INSERT INTO mining_accounts (user_id, name) VALUES (${userId}::bigint, ${`ingest${String(index).padStart(3, '0')}`})`,
    );
  }
}

async function runSize(workers: number): Promise<string> {
  const database = await openBenchDatabase();
  try {
    await prepareAccounts(database);
    const ingest = createIngest(database);
    let shares = 0;
    let ingestMs = 0;
    let rollupMs = 0;
    let estimateMs = 0;
    let sequence = 0;
    const started = performance.now();
    for (let minute = 0; minute < minutes; minute += 1) {
      const minuteStart = START + minute * MINUTE;
      let batch: ShareRecord[] = [];
      const flush = async () => {
        const begin = performance.now();
        await ingest.recordShares(batch);
        ingestMs += performance.now() - begin;
        shares += batch.length;
        batch = [];
      };
      for (let share = 0; share < sharesPerMinute; share += 1) {
        for (let worker = 0; worker < workers; worker += 1) {
          sequence += 1;
          batch.push({
            id: `s${sequence}`,
            account: `ingest${String(worker % ACCOUNTS).padStart(3, '0')}`,
            coin: 'btc',
            worker: `w${worker}`,
            difficulty: 65_536,
            accepted: sequence % 50 !== 0,
            at: minuteStart + Math.floor(((share + worker / workers) * MINUTE) / sharesPerMinute),
          });
          if (batch.length === BATCH) await flush();
        }
      }
      if (batch.length > 0) await flush();
      let begin = performance.now();
      await runRollup(database, minuteStart + MINUTE);
      rollupMs += performance.now() - begin;
      begin = performance.now();
      await estimateToday(database, 'btc', minuteStart + MINUTE);
      estimateMs += performance.now() - begin;
    }
    const totalMs = performance.now() - started;
    const rate = shares / (totalMs / 1000);
    return `${database.driver.padEnd(8)} ${workers.toLocaleString('en').padStart(7)} workers  ${shares.toLocaleString('en').padStart(9)} shares in ${(totalMs / 1000).toFixed(1).padStart(6)} s  ${Math.round(rate).toLocaleString('en').padStart(7)} shares/s end to end  (ingest ${(ingestMs / 1000).toFixed(1)} s, roll-up ${(rollupMs / 1000).toFixed(1)} s, estimate ${(estimateMs / 1000).toFixed(1)} s)`;
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const drivers: (string | undefined)[] = [undefined];
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl !== undefined && databaseUrl !== '') drivers.push(databaseUrl);
  const lines: string[] = [];
  for (const driver of drivers) {
    if (driver === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = driver;
    for (const workers of sizes) {
      const line = await runSize(workers);
      lines.push(line);
      process.stdout.write(`${line}\n`);
    }
  }
  process.stdout.write(
    `\n${minutes} minutes of ${sharesPerMinute} shares per worker a minute, batches of ${BATCH}\n${lines.join('\n')}\n`,
  );
}

await main();
