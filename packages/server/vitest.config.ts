import { defineConfig } from 'vitest/config';

/**
 * The server's vitest project: node, core resolved to its sources. Two worker processes each run
 * file after file without importing the server again (`isolate: false`); every file still opens
 * and closes its own database, so files share no data: on PostgreSQL a schema of its own; on
 * PGlite the run's migrated dump, loaded once per worker and reset to that dump's exact state
 * when a file closes it, then handed to the worker's next file (`src/testing/pglitePool.ts`;
 * module state outlives a file only because of `isolate: false`).
 */
/** Vite's server conditions, with the workspace's source condition first. */
const conditions = ['@poolkit/source', 'module', 'node', 'development|production'];

export default defineConfig({
  // Tests run in Vite's ssr environment, which reads `ssr.resolve`, not `resolve`.
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@poolkit/source'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    // PGlite's starting points (empty and migrated), made once per run.
    globalSetup: ['src/testing/pgliteSnapshots.ts'],
    // PGlite needs ~4-6 s to start cold, several times that on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
