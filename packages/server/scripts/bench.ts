/**
 * Benchmark of the hot reads every dashboard polls, against a bare `node:http` server that
 * answers the same bytes, each in its own process, driven by autocannon from this process (so
 * the load generator competes with neither). Not a test: it prints requests per second and
 * p50/p99 latency of every call, the ratio to the bare server, and checks the budgets; it exits
 * 1 when one is missed.
 *
 *   npm run bench -w @poolkit/server            # PGlite; and PostgreSQL too when DATABASE_URL is set
 *
 * Budgets (16 connections): pool stats ≥ 0.7× bare; the miners list of 10,000 workers (default
 * page sorted by hashrate, a status filter, a search) p99 ≤ 10 ms and ≥ 0.3× bare; the hashrate
 * series ≥ 0.5× bare and p99 ≤ 10 ms; the miners list of 100,000 workers p99 ≤ 20 ms.
 *
 * Each call runs in rounds that alternate our server and the bare one (a burst of load elsewhere
 * on a shared machine then hits both); the figures are the medians of the rounds.
 *
 * Environment: BENCH_SECONDS (default 3 per run, after a 1 s warm-up), BENCH_ROUNDS (default
 * 3), BENCH_CONNECTIONS
 * (default 16), BENCH_COLD=1 (also print each call with the hot-read cache off, no budget),
 * BENCH_BIG=0 (skip the 100,000-worker run), BENCH_NO_BUDGETS=1 (print only).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const here = dirname(fileURLToPath(import.meta.url));
const headers = { authorization: 'Bearer bench' };

interface Budget {
  readonly minRatio?: number;
  readonly maxP99Ms?: number;
}

interface Target {
  readonly name: string;
  readonly path: string;
  readonly budget: Budget;
}

interface Figures {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly requests: number;
  readonly errors: number;
}

const MINERS = '/api/pools/btc/accounts/bench0001/miners?page=1&page_size=50';
const smallTargets: readonly Target[] = [
  { name: 'pool stats', path: '/api/address-mining/kas/pool/stats', budget: { minRatio: 0.7 } },
  {
    name: 'miners list 10k, by hashrate',
    path: `${MINERS}&sort=accept_24h&order=desc`,
    budget: { minRatio: 0.3, maxP99Ms: 10 },
  },
  {
    name: 'miners list 10k, inactive',
    path: `${MINERS}&sort=accept_24h&order=desc&status=inactive`,
    budget: { minRatio: 0.3, maxP99Ms: 10 },
  },
  {
    name: 'miners list 10k, search',
    path: `${MINERS}&sort=accept_24h&order=desc&search=w12`,
    budget: { minRatio: 0.3, maxP99Ms: 10 },
  },
  {
    name: 'hashrate series',
    path: '/api/pools/btc/accounts/bench0001/hashrates?interval=10m&range=24h',
    budget: { minRatio: 0.5, maxP99Ms: 10 },
  },
];
const bigTargets: readonly Target[] = [
  {
    name: 'miners list 100k, by hashrate',
    path: `${MINERS}&sort=accept_24h&order=desc`,
    budget: { maxP99Ms: 20 },
  },
  {
    name: 'miners list 100k, active',
    path: `${MINERS}&sort=accept_24h&order=desc&status=active`,
    budget: { maxP99Ms: 20 },
  },
  {
    name: 'miners list 100k, search',
    path: `${MINERS}&sort=accept_24h&order=desc&search=w12`,
    budget: { maxP99Ms: 20 },
  },
];

/** Starts a script in its own Node process and reads the JSON line it prints when ready. */
async function startProcess(
  script: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; ready: Record<string, unknown> }> {
  const child = spawn(
    process.execPath,
    ['--conditions=@poolkit/source', '--import', 'tsx', join(here, script), ...args],
    { env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with code ${code}`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as Record<string, unknown>));
  });
  return { child, ready };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function measure(port: number, path: string, duration: number): Promise<Figures> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections,
    duration,
    headers,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.non2xx,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The median of each figure over rounds (requests and errors summed). */
function medianFigures(rounds: readonly Figures[]): Figures {
  return {
    rps: median(rounds.map((round) => round.rps)),
    p50: median(rounds.map((round) => round.p50)),
    p99: median(rounds.map((round) => round.p99)),
    requests: rounds.reduce((sum, round) => sum + round.requests, 0),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
  };
}

function figures(label: string, value: Figures): string {
  return `${label} ${value.rps.toFixed(0).padStart(6)} req/s p50 ${value.p50.toFixed(1).padStart(4)} ms p99 ${value.p99.toFixed(1).padStart(4)} ms`;
}

/** Runs one server (one driver, one worker count) through its targets; returns missed budgets. */
async function runServer(
  driverEnv: NodeJS.ProcessEnv,
  workers: number,
  targets: readonly Target[],
  lines: string[],
): Promise<string[]> {
  const missed: string[] = [];
  const env = { ...driverEnv, BENCH_WORKERS: String(workers) };
  const started = Date.now();
  const server = await startProcess('benchServer.ts', [], env);
  const driver = String(server.ready.driver);
  const port = Number(server.ready.port);
  lines.push(
    `\n${driver}, ${workers.toLocaleString('en')} workers (data ready in ${((Date.now() - started) / 1000).toFixed(0)} s), ${connections} connections, ${rounds} rounds of ${seconds} s per server`,
  );
  process.stdout.write(`${lines[lines.length - 1]}\n`);
  const cold =
    process.env.BENCH_COLD === '1'
      ? await startProcess('benchServer.ts', [], { ...env, BENCH_HOT_READS: '0' })
      : null;
  const folder = mkdtempSync(join(tmpdir(), 'poolkit-bench-'));
  try {
    for (const target of targets) {
      const response = await fetch(`http://127.0.0.1:${port}${target.path}`, { headers });
      const body = await response.text();
      if (response.status !== 200)
        throw new Error(`${target.name}: HTTP ${response.status} ${body}`);
      const file = join(folder, 'body.json');
      writeFileSync(file, body);
      const bare = await startProcess('benchBare.ts', [file], process.env);
      const barePort = Number(bare.ready.port);
      try {
        await measure(port, target.path, 1);
        await measure(barePort, target.path, 1);
        // Rounds alternate the two servers, so a burst of load elsewhere on a shared machine
        // hits both; the medians are the figures.
        const oursRounds: Figures[] = [];
        const plainRounds: Figures[] = [];
        for (let round = 0; round < rounds; round += 1) {
          oursRounds.push(await measure(port, target.path, seconds));
          plainRounds.push(await measure(barePort, target.path, seconds));
        }
        const ours = medianFigures(oursRounds);
        const plain = medianFigures(plainRounds);
        const ratio = median(
          oursRounds.map((value, index) => value.rps / (plainRounds[index]?.rps ?? 1)),
        );
        const verdicts: string[] = [];
        if (target.budget.minRatio !== undefined) {
          const ok = ratio >= target.budget.minRatio;
          verdicts.push(`ratio ≥ ${target.budget.minRatio} ${ok ? 'ok' : 'MISSED'}`);
          if (!ok) missed.push(`${driver} ${target.name}: ratio ${ratio.toFixed(3)}`);
        }
        if (target.budget.maxP99Ms !== undefined) {
          const ok = ours.p99 <= target.budget.maxP99Ms;
          verdicts.push(`p99 ≤ ${target.budget.maxP99Ms} ms ${ok ? 'ok' : 'MISSED'}`);
          if (!ok) missed.push(`${driver} ${target.name}: p99 ${ours.p99} ms`);
        }
        let line = `${target.name.padEnd(30)} ${figures('server', ours)} | ${figures('bare', plain)} | ratio ${ratio.toFixed(3)} | ${verdicts.join(', ')} (${ours.requests} requests, ${ours.errors} errors, ${body.length} bytes)`;
        if (cold !== null) {
          const coldPort = Number(cold.ready.port);
          await measure(coldPort, target.path, 1);
          const miss = await measure(coldPort, target.path, seconds);
          line += `\n${''.padEnd(30)} ${figures('no cache', miss)} | ratio ${(miss.rps / plain.rps).toFixed(3)}`;
        }
        lines.push(line);
        process.stdout.write(`${line}\n`);
      } finally {
        await stopProcess(bare.child);
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await stopProcess(server.child);
    if (cold !== null) await stopProcess(cold.child);
  }
  return missed;
}

async function main(): Promise<void> {
  const { DATABASE_URL: databaseUrl, ...withoutDatabase } = process.env;
  const drivers: NodeJS.ProcessEnv[] = [withoutDatabase];
  if (databaseUrl !== undefined && databaseUrl !== '') drivers.push(process.env);
  const lines: string[] = [];
  const missed: string[] = [];
  for (const driverEnv of drivers) {
    missed.push(...(await runServer(driverEnv, 10_000, smallTargets, lines)));
    if (process.env.BENCH_BIG !== '0') {
      missed.push(...(await runServer(driverEnv, 100_000, bigTargets, lines)));
    }
  }
  process.stdout.write(`\nSummary\n${lines.join('\n')}\n`);
  if (missed.length > 0) {
    process.stdout.write(`\nBudgets missed:\n${missed.map((line) => `- ${line}`).join('\n')}\n`);
    if (process.env.BENCH_NO_BUDGETS !== '1') process.exitCode = 1;
  } else {
    process.stdout.write('\nEvery budget met.\n');
  }
}

await main();
