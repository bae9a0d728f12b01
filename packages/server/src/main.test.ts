import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, litecoinSkipReason, startLitecoinRegtest } from './testing/litecoinRegtest';
import { natsServerBinary, startNatsServer } from './testing/testNats';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const startScript = (
  JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start;

/** The arguments of `npm start` after `node`, run directly so signals reach the server. */
const nodeArguments = startScript.split(' ').slice(1);

interface Run {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exit: Promise<number | null>;
}

function start(env: Record<string, string>): Run {
  let output = '';
  const { NODE_ENV: _node, VITEST: _vitest, ...inherited } = process.env;
  const child = spawn(process.execPath, nodeArguments, {
    cwd: packageDir,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm start', () => {
  let dataDir = '';
  const runs: Run[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'poolkit-main-'));
  });

  afterAll(async () => {
    for (const run of runs) {
      if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('should run node with the source condition and tsx', () => {
    expect(startScript).toBe('node --conditions=@poolkit/source --import tsx src/main.ts');
  });

  it('should serve on PGlite in the data folder and stop cleanly on SIGTERM', async () => {
    const run = start({
      PORT: '0',
      HOST: '127.0.0.1',
      POOLKIT_DATA_DIR: dataDir,
      SITE_DIR: path.join(dataDir, 'no-site'),
      LOG_LEVEL: 'info',
      POOLKIT_ENV: 'development',
      // One day of demo history is enough here and spares the machine a week's.
      DEMO_HISTORY_DAYS: '1',
      // Empty counts as unset: this run is about the embedded database.
      DATABASE_URL: '',
      REDIS_URL: '',
      NATS_URL: '',
    });
    runs.push(run);
    const url = await waitFor(
      () => /PoolKit server listening on (http:\/\/[^"\s]+)/.exec(run.output())?.[1],
      100_000,
    ).catch((error: unknown) => {
      throw new Error(`the server did not start: ${String(error)}\n${run.output()}`);
    });

    const health = (await (await fetch(`${url}/api/health`)).json()) as {
      data: { status: string; db: string };
    };
    expect(health.data).toMatchObject({ status: 'ok', db: 'pglite' });
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);

    // Demo mode seeds the site content before it listens.
    const slides = (await (await fetch(`${url}/api/sliders`)).json()) as {
      data: { list: { image_url: string }[] };
    };
    expect(slides.data.list.length).toBeGreaterThan(0);
    expect((await fetch(`${url}${slides.data.list[0]?.image_url}`)).status).toBe(200);
    expect(run.output()).toContain('demo site content seeded');
    // The scheduled jobs start once it listens, the pool engine's among them, listed on one line.
    expect(run.output()).toMatch(/"scheduled jobs: [^"]*pool-engine \(every minute, exclusive\)/);
    // …and the engine's first pass (a day of history here) does not hold up the listening.
    const output = run.output();
    const historyWritten = output.indexOf('simulated history written');
    expect(
      historyWritten === -1 || historyWritten > output.indexOf('PoolKit server listening'),
    ).toBe(true);

    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
    expect(run.output()).toContain('shutting down');
  }, 120_000);

  it.runIf(natsServerBinary() !== undefined)(
    'should consume the share stream with NATS_URL and drain it on SIGTERM',
    async () => {
      // A NATS server of its own, so the pool's stream names meet no other run's.
      const nats = await startNatsServer(natsServerBinary() ?? '');
      try {
        const run = start({
          PORT: '0',
          HOST: '127.0.0.1',
          POOLKIT_DATA_DIR: path.join(dataDir, 'nats'),
          SITE_DIR: path.join(dataDir, 'no-site'),
          LOG_LEVEL: 'info',
          POOLKIT_ENV: 'development',
          DEMO_HISTORY_DAYS: '1',
          DATABASE_URL: '',
          REDIS_URL: '',
          NATS_URL: nats.url,
        });
        runs.push(run);
        await waitFor(
          () => (run.output().includes('PoolKit server listening on') ? true : undefined),
          100_000,
        ).catch((error: unknown) => {
          throw new Error(`the server did not start: ${String(error)}\n${run.output()}`);
        });
        expect(run.output()).toContain('share stream: consuming shares from NATS JetStream');
        expect(run.output()).toContain('"shareStream":"nats"');

        // The demo publishes its back-fill to the stream and the server's consumer accounts it.
        const connection = await connect({ servers: nats.url });
        const manager = await jetstreamManager(connection);
        const acknowledged = async () =>
          (await manager.consumers.info('POOLKIT_SHARES', 'poolkit-ingest')).ack_floor.stream_seq;
        const deadline = Date.now() + 60_000;
        while ((await acknowledged()) === 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(await acknowledged()).toBeGreaterThan(0);
        await connection.close();
        // The first pass writes days of history; a stop waits for it, so let it end first (on
        // a busy machine it can outlast the shutdown's grace period).
        await waitFor(
          () => (run.output().includes('simulated history written') ? true : undefined),
          100_000,
        );

        run.child.kill('SIGTERM');
        expect(await run.exit, run.output().slice(-3000)).toBe(0);
        expect(run.output()).toContain('shutting down');
      } finally {
        await nats.stop();
      }
    },
    120_000,
  );

  it('should exit with code 1 naming the variable on a bad configuration', async () => {
    const run = start({ PORT: 'eighty', POOLKIT_DATA_DIR: dataDir });
    runs.push(run);
    expect(await run.exit).toBe(1);
    expect(run.output()).toContain('PORT: must be a whole number');
  }, 30_000);

  /** Starts the server with `LTC_RPC_URL`; resolves its exit code and output once it stops. */
  async function startWithNode(url: string) {
    const run = start({
      PORT: '0',
      HOST: '127.0.0.1',
      POOLKIT_DATA_DIR: path.join(dataDir, 'node'),
      SITE_DIR: path.join(dataDir, 'no-site'),
      POOLKIT_ENV: 'development',
      DEMO_HISTORY_DAYS: '1',
      DATABASE_URL: '',
      REDIS_URL: '',
      NATS_URL: '',
      LTC_RPC_URL: url,
    });
    runs.push(run);
    return { code: await run.exit, output: run.output() };
  }

  it('should refuse to start on a node nothing answers at, naming LTC_RPC_URL', async () => {
    const password = 'closed-port-secret';
    const { code, output } = await startWithNode(
      `http://poolkit:${password}@127.0.0.1:${await freePort()}/wallet/pool`,
    );
    expect(code, output).toBe(1);
    expect(output).toMatch(/LTC_RPC_URL: /);
    expect(output).not.toContain(password);
  }, 60_000);

  it.skipIf(litecoinSkipReason() !== undefined)(
    'should refuse to start on a node that refuses the password, naming LTC_RPC_URL',
    async () => {
      const node = await startLitecoinRegtest(0);
      try {
        const password = 'wrong-password-secret';
        const url = new URL(node.poolUrl);
        url.password = password;
        const { code, output } = await startWithNode(url.href);
        expect(code, output).toBe(1);
        expect(output).toContain('LTC_RPC_URL: the node refused the credentials');
        expect(output).not.toContain(password);
      } finally {
        await node.stop();
      }
    },
    90_000,
  );
});
