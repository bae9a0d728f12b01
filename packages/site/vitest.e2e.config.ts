import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The site's end-to-end journeys: Debian's Chromium driven by playwright-core against the real
 * server (built site, fresh PGlite data folder, free port), both started once per run in
 * `e2e/globalSetup.ts` and shared by every file.
 *
 * Two projects on that one server:
 * - `site-e2e`: the journeys that leave the server's clock alone, two files at a time (each in
 *   its own browser contexts, as its own users);
 * - `site-e2e-clock`: the files that move the server's clock (`advanceServerClock`), one at a
 *   time and after every other e2e file, since a clock moved by hours expires the tokens and
 *   codes of whatever else is running.
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
      maxWorkers: 1,
      fileParallelism: false,
      sequence: { groupOrder: 2 },
    },
  },
];

export default defineConfig({ test: { projects: e2eProjects } });
