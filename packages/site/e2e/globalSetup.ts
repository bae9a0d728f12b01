import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The running server's origin, e.g. `http://127.0.0.1:41234`. */
    baseUrl: string;
    /**
     * A free port for the partner page of `embed.e2e.test.ts` (another origin,
     * `http://localhost:<port>`), which the server lets frame its iframe routes
     * (`EMBED_FRAME_ANCESTORS`).
     */
    partnerPort: number;
  }
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error('The server did not answer /api/health in time');
}

/**
 * Builds the site once, starts the server like `npm start` does (source conditions, tsx) on a
 * fresh data folder and a free port, waits for `/api/health`, and stops it afterwards.
 */
/** vitest sets NODE_ENV=test; the server under test must run as `npm start` runs it. */
function withoutTestMode(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_ENV: _nodeEnv, VITEST: _vitest, ...rest } = env;
  return rest;
}

let server: { child: ChildProcess; dataDir: string } | null = null;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.POOLKIT_E2E_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build', '-w', '@poolkit/site'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('The site build failed');
    const elements = spawnSync('npm', ['run', 'build:elements', '-w', '@poolkit/widgets'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (elements.status !== 0) throw new Error("The widgets' custom elements build failed");
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'poolkit-e2e-'));
  const port = await freePort();
  const partnerPort = await freePort();
  const child = spawn(
    process.execPath,
    ['--conditions=@poolkit/source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: join(root, 'packages/server'),
      env: {
        ...withoutTestMode(process.env),
        // Like `npm start`: development mode with the demo engine and the demo user.
        POOLKIT_ENV: 'development',
        DEMO: '1',
        POOLKIT_DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        // The demo calls the ingest seam directly: no share stream, whatever the shell has.
        NATS_URL: '',
        // Exchange quotes expire quickly, so the journey can wait one out (wallet.e2e.test.ts).
        EXCHANGE_QUOTE_TTL_SECONDS: '8',
        // The API helpers sign users up and in from addresses of their own (support.ts), as
        // many people would; the server trusts the forwarded address from loopback only.
        TRUST_PROXY: '127.0.0.1',
        // The alert e2e's webhook receiver listens on loopback, which is refused otherwise.
        WEBHOOK_ALLOW_PRIVATE: '1',
        // The partner page of the embed e2e may frame the widgets' iframe routes.
        EMBED_FRAME_ANCESTORS: `http://localhost:${partnerPort}`,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, 120_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('partnerPort', partnerPort);
  server = { child, dataDir };
}

/** Stops the server and removes its data folder. */
export async function teardown(): Promise<void> {
  if (server === null) return;
  const { child, dataDir } = server;
  server = null;
  if (child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
}
