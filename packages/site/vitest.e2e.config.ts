import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The site's end-to-end journeys: Debian's Chromium driven by playwright-core against the real
 * server (built site, fresh PGlite data folder, free port), started in `e2e/globalSetup.ts`.
 *
 * Two projects:
 * - `site-e2e`: the journeys that leave the server's clock alone, two files at a time on one
 *   shared server (each file in its own browser contexts, as its own users);
 * - `site-e2e-clock`: the files that move the server's clock (`advanceServerClock`): a clock
 *   moved by hours expires the tokens and codes of whatever else reads it, so each of its
 *   workers gets a server of its own (`serverUrl()` in e2e/support.ts), two files at a time.
 *
 * `npm test` runs the two projects as two vitest processes side by side (scripts/test.mjs); in
 * one process they run one after the other (`groupOrder`), sharing the one Chromium.
 * A new file that moves the clock goes in {@link clockFiles}; `scripts/e2eClockFiles.test.mjs`
 * fails until it does.
 */
export const clockFiles = [
  'e2e/contracts.e2e.test.ts',
  'e2e/messages.e2e.test.ts',
  'e2e/programmes.e2e.test.ts',
  'e2e/wallet.e2e.test.ts',
];

const base = {
  resolve: { conditions: ['@poolkit/source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['@poolkit/source', 'module', 'node', 'development|production'] } },
};

const baseTest = {
  root: import.meta.dirname,
  environment: 'node' as const,
  globalSetup: ['e2e/globalSetup.ts'],
  pool: 'forks' as const,
  // A worker runs file after file without importing core and Playwright again for each; every
  // file still opens its own browser connection and contexts.
  isolate: false,
  testTimeout: 120_000,
  hookTimeout: 300_000,
};

/** Both e2e projects, for the repository's vitest.config.ts and for this file's own runs. */
export const e2eProjects: TestProjectInlineConfiguration[] = [
  {
    ...base,
    test: {
      ...baseTest,
      name: 'site-e2e',
      include: ['e2e/**/*.e2e.test.ts'],
      exclude: clockFiles,
      maxWorkers: 2,
      // After the unit projects (group 0), before the clock's files.
      sequence: { groupOrder: 1 },
    },
  },
  {
    ...base,
    test: {
      ...baseTest,
      name: 'site-e2e-clock',
      include: clockFiles,
      // One server per worker (e2e/globalSetup.ts).
      maxWorkers: 2,
      sequence: { groupOrder: 2 },
    },
  },
];

export default defineConfig({ test: { projects: e2eProjects } });
