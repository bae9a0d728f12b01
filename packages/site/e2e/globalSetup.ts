import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, testChromiumPath } from '../../../scripts/chromium.mjs';
import { type DemoServer, freePort, startDemoServer } from '../scripts/demoServer.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The origins of the servers this project's files run against, e.g.
     * `['http://127.0.0.1:41234']`: one shared by every worker, or one per worker in a project
     * whose files move the server's clock (`serverUrl()` in support.ts picks the worker's).
     */
    baseUrls: string[];
    /**
     * A free port for the partner page of `embed.e2e.test.ts` (another origin,
     * `http://localhost:<port>`), which the servers let frame their iframe routes
     * (`EMBED_FRAME_ANCESTORS`).
     */
    partnerPort: number;
    /** The shared Chromium's Playwright endpoint (`launchBrowser` in support.ts connects to it). */
    browserEndpoint: string;
  }
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The project whose files move the server's clock: each of its workers gets a server. */
export const CLOCK_PROJECT = 'site-e2e-clock';

/** What the e2e projects of one vitest process share: a partner port, Chromium, one server. */
interface Shared {
  partnerPort: number;
  browser: BrowserServer;
  /** The server of the projects whose files leave the clock alone, started when one asks. */
  server?: Promise<DemoServer>;
  /** How many projects set it up and have not torn it down yet. */
  users: number;
}

/**
 * vitest runs every project's global set-up in its one main process: the first project makes
 * the shared state and the last teardown stops it.
 */
const sharedKey = Symbol.for('poolkit.e2e.shared');
type SharedHolder = { [sharedKey]?: Promise<Shared> };

function sharedState(): Promise<Shared> {
  const holder = globalThis as SharedHolder;
  holder[sharedKey] ??= start();
  return holder[sharedKey];
}

/**
 * Like `npm start`, with what the journeys need: every server of a run gets the same settings.
 * @param partnerPort the embed e2e's partner page, let frame the iframe routes
 */
function serverEnv(partnerPort: number): Record<string, string> {
  return {
    LOG_LEVEL: 'warn',
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
  };
}

/**
 * Provides a project its servers, the partner port and the browser. The journeys that leave the
 * clock alone share one server, two files at a time; the files that move it
 * (`site-e2e-clock`) get a server per worker, so each moves a clock no other file reads and
 * they run side by side too. Returns the teardown of the project's own servers.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = await sharedState();
  shared.users += 1;
  const own: DemoServer[] = [];
  const teardown = async () => {
    await Promise.all(own.map((server) => server.stop()));
    await release();
  };
  try {
    if (project.name === CLOCK_PROJECT) {
      const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
      const started = await Promise.allSettled(
        Array.from({ length: workers }, (_, index) =>
          startDemoServer({
            env: serverEnv(shared.partnerPort),
            label: `clock server ${index + 1}`,
          }),
        ),
      );
      for (const result of started) if (result.status === 'fulfilled') own.push(result.value);
      const failed = started.find((result) => result.status === 'rejected');
      if (failed !== undefined) throw failed.reason;
      project.provide(
        'baseUrls',
        own.map((server) => server.baseUrl),
      );
    } else {
      shared.server ??= startDemoServer({
        env: serverEnv(shared.partnerPort),
        label: 'e2e server',
      });
      project.provide('baseUrls', [(await shared.server).baseUrl]);
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('partnerPort', shared.partnerPort);
  project.provide('browserEndpoint', shared.browser.wsEndpoint());
  return teardown;
}

/** Stops the shared server and the browser once the last project is done. */
async function release(): Promise<void> {
  const holder = globalThis as SharedHolder;
  const pending = holder[sharedKey];
  if (pending === undefined) return;
  const shared = await pending;
  shared.users -= 1;
  if (shared.users > 0) return;
  delete holder[sharedKey];
  await shared.browser.close().catch(() => undefined);
  await (await shared.server?.catch(() => undefined))?.stop();
}

/** Builds the site (unless told not to), picks the partner port and launches Chromium. */
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
  const browser = await chromium.launchServer({
    // `$CHROME_PATH`, Debian's Chromium or its headless shell (scripts/chromium.mjs).
    executablePath: testChromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  return { partnerPort: await freePort(), browser, users: 0 };
}
