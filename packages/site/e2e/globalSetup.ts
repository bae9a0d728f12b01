import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserServer, chromium } from 'playwright-core';
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
    /** The shared Chromium's Playwright endpoint (`launchBrowser` in support.ts connects to it). */
    browserEndpoint: string;
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

/** vitest sets NODE_ENV=test; the server under test must run as `npm start` runs it. */
function withoutTestMode(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_ENV: _nodeEnv, VITEST: _vitest, ...rest } = env;
  return rest;
}

/** What the e2e projects share: one server, one partner port and one Chromium. */
interface Shared {
  child: ChildProcess;
  dataDir: string;
  baseUrl: string;
  partnerPort: number;
  browser: BrowserServer;
  /** How many projects set it up and have not torn it down yet. */
  users: number;
}

/**
 * Both e2e projects (`site-e2e`, whose files run side by side, and `site-e2e-clock`, whose files
 * move the server's clock and so run alone, after it) use the same server and browser: vitest
 * runs every project's global set-up in its one main process, so the first makes them and the
 * last teardown stops them.
 */
const sharedKey = Symbol.for('poolkit.e2e.shared');
type SharedHolder = { [sharedKey]?: Promise<Shared> };

function sharedState(): Promise<Shared> {
  const holder = globalThis as SharedHolder;
  holder[sharedKey] ??= start();
  return holder[sharedKey];
}

export async function setup(project: TestProject): Promise<void> {
  const shared = await sharedState();
  shared.users += 1;
  project.provide('baseUrl', shared.baseUrl);
  project.provide('partnerPort', shared.partnerPort);
  project.provide('browserEndpoint', shared.browser.wsEndpoint());
}

/** Stops the server and the browser once the last project is done, and removes the data folder. */
export async function teardown(): Promise<void> {
  const holder = globalThis as SharedHolder;
  const pending = holder[sharedKey];
  if (pending === undefined) return;
  const shared = await pending;
  shared.users -= 1;
  if (shared.users > 0) return;
  delete holder[sharedKey];
  const { child, dataDir, browser } = shared;
  await browser.close().catch(() => undefined);
  if (child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Builds the site (unless told not to), starts the server like `npm start` does on a fresh
 * data folder and a free port, and launches Chromium beside it while the server starts.
 */
async function start(): Promise<Shared> {
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
  const browser = chromium.launchServer({
    // Debian's Chromium, or `$CHROME_PATH`.
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    await waitForHealth(baseUrl, child, 120_000);
    return { child, dataDir, baseUrl, partnerPort, browser: await browser, users: 0 };
  } catch (error) {
    child.kill('SIGTERM');
    await (await browser.catch(() => null))?.close();
    throw error;
  }
}
