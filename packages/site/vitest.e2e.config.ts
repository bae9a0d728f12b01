import { defineConfig } from 'vitest/config';

/**
 * The site's end-to-end journeys: Debian's Chromium driven by playwright-core against the real
 * server (built site, fresh PGlite data folder, free port), started once in `e2e/globalSetup.ts`.
 */
export default defineConfig({
  resolve: { conditions: ['@poolkit/source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['@poolkit/source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'site-e2e',
    root: import.meta.dirname,
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
