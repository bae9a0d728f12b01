/**
 * Benchmark of the pool data engine's hottest reads, next to a bare `node:http` server that
 * answers the same JSON on the same machine in the same run (the ratio is the figure). Not a
 * test: it prints requests per second and p50/p99 latency. Loopback only, bounded by a request
 * count and a time limit per run.
 *
 *   npm run bench -w @poolkit/server            # PGlite in memory
 *   DATABASE_URL=postgres://… npm run bench -w @poolkit/server
 *
 * Environment: BENCH_REQUESTS (default 3000), BENCH_SECONDS (default 10), BENCH_CONNECTIONS
 * (default 16).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { createManualClock } from '../src/clock';
import { createIngest, type ShareRecord } from '../src/engine/ingest';
import { runRollup, vacuumEngineTables } from '../src/engine/rollup';
import type { Authenticate } from '../src/http/authenticate';
import { benchConfig, openBenchDatabase } from './benchSetup';

const requests = Number(process.env.BENCH_REQUESTS ?? 3000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const now = Date.UTC(2026, 0, 15, 12, 0);
const address = `kaspa:q${'x'.repeat(60)}`;

interface Result {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly count: number;
  readonly errors: number;
}

/** Sends `requests` GETs (or stops after `seconds`) over `connections` keep-alive sockets. */
async function load(port: number, path: string, headers: Record<string, string>): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let sent = 0;
  let errors = 0;
  const deadline = process.hrtime.bigint() + BigInt(seconds) * 1_000_000_000n;
  const started = process.hrtime.bigint();
  const one = () =>
    new Promise<void>((resolve) => {
      const begin = process.hrtime.bigint();
      const request = http.get({ host: '127.0.0.1', port, path, headers, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) errors += 1;
          latencies.push(Number(process.hrtime.bigint() - begin) / 1e6);
          resolve();
        });
      });
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const worker = async () => {
    while (sent < requests && process.hrtime.bigint() < deadline) {
      sent += 1;
      await one();
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    count: latencies.length,
    errors,
  };
}

async function bareServer(body: string): Promise<http.Server> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function main(): Promise<void> {
  const database = await openBenchDatabase();
  const clock = createManualClock(now);
  const config = benchConfig();
  const users = await database.db.execute(
    sql`INSERT INTO users (username, password_hash) VALUES ('bench', 'x') RETURNING id`,
  );
  const userId = String((users as unknown as { rows: { id: unknown }[] }).rows[0]?.id);
  await database.db.execute(
    sql`INSERT INTO mining_accounts (user_id, name) VALUES (${userId}::bigint, 'bench0001')`,
  );
  const authenticate: Authenticate = async () => ({
    kind: 'user',
    userId,
    permissions: ['pool.view', 'miner.view', 'account.view'],
  });

  process.stdout.write('Preparing data: 10,000 workers, 24 h of series…\n');
  const ingest = createIngest(database);
  const shares: ShareRecord[] = [];
  for (let index = 0; index < 10_000; index += 1) {
    shares.push({
      account: 'bench0001',
      coin: 'btc',
      worker: `w${index}`,
      difficulty: 1e6 + index,
      accepted: true,
      at: now - (index % 30) * MINUTE - 1000,
    });
  }
  for (let minute = 1; minute <= 24 * 60; minute += 10) {
    shares.push({
      address,
      coin: 'kas',
      worker: 'k1',
      difficulty: 5e3,
      accepted: true,
      at: now - minute * MINUTE,
    });
    shares.push({
      account: 'bench0001',
      coin: 'btc',
      worker: 'w0',
      difficulty: 1e6,
      accepted: true,
      at: now - minute * MINUTE,
    });
  }
  await ingest.recordShares(shares);
  await ingest.recordNetwork({ coin: 'kas', height: 120_000_000, difficulty: 1e9, at: now });
  await ingest.recordBlock({
    coin: 'kas',
    height: 119_999_999,
    hash: 'a'.repeat(64),
    reward: '2.8',
    finder: address,
    at: now - HOUR,
    effort: 0.9,
  });
  await runRollup(database, now);
  // The steady state: autovacuum on PostgreSQL, the engine's hourly VACUUM on PGlite.
  await vacuumEngineTables(database);

  const app = await buildApp({
    config,
    db: database,
    clock,
    authenticate,
    validateResponses: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const headers = { authorization: 'Bearer bench' };
  const targets = [
    ['pool stats', '/api/address-mining/kas/pool/stats'],
    [
      'miners list (10k workers)',
      '/api/pools/btc/accounts/bench0001/miners?page=1&page_size=50&sort=accept_24h&order=desc',
    ],
    ['hashrate series', '/api/pools/btc/accounts/bench0001/hashrates?interval=10m&range=24h'],
  ] as const;

  const lines: string[] = [];
  try {
    for (const [name, path] of targets) {
      const body = await (await fetch(`http://127.0.0.1:${port}${path}`, { headers })).text();
      await load(port, path, headers); // warm-up
      const server = await load(port, path, headers);
      const bare = await bareServer(body);
      const barePort = (bare.address() as AddressInfo).port;
      await load(barePort, path, headers);
      const plain = await load(barePort, path, headers);
      await new Promise<void>((resolve) => bare.close(() => resolve()));
      lines.push(
        `${name.padEnd(27)} server ${server.rps.toFixed(0).padStart(6)} req/s p50 ${server.p50.toFixed(2)} ms p99 ${server.p99.toFixed(2)} ms | bare ${plain.rps.toFixed(0).padStart(6)} req/s p50 ${plain.p50.toFixed(2)} ms p99 ${plain.p99.toFixed(2)} ms | ratio ${(server.rps / plain.rps).toFixed(3)} (${server.count} requests, ${server.errors} errors, ${body.length} bytes)`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
  process.stdout.write(
    `Driver ${database.driver}, ${connections} connections, up to ${requests} requests or ${seconds} s per run\n`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
