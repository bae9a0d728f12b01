import { resolve } from 'node:path';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { e2eProjects } from './packages/site/vitest.e2e.config';
import { CHROMIUM_ARGS, testChromiumPath } from './scripts/chromium.mjs';
import { nativeTsc } from './scripts/nativeTsc.mjs';

/**
 * Debian's headless shell or Chromium (scripts/chromium.mjs); no test tool downloads its own
 * browser.
 */
const chromiumPath = testChromiumPath();

/**
 * vitest mutates the `browser` object it is given, so each browser project gets a fresh one.
 */
function chromiumBrowser() {
  return {
    enabled: true,
    headless: true,
    provider: playwright({
      launchOptions: {
        executablePath: chromiumPath,
        args: [...CHROMIUM_ARGS],
      },
    }),
    instances: [{ browser: 'chromium' as const }],
  };
}

/**
 * Pre-bundled before the first test: React, or the browser projects see it without its default
 * export; and the vanilla-extract runtime the recipes import, which Vite's scan misses and would
 * otherwise find mid-run, bundle again and reload the page for (on a clean clone, where no
 * bundle is cached).
 */
const reactDeps = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  '@vanilla-extract/recipes/createRuntimeFn',
];

/** Resolve @poolkit/* to their sources, in the browser and in node (ssr) environments. */
const sourceCondition = {
  resolve: { conditions: ['@poolkit/source'] },
  ssr: { resolve: { conditions: ['@poolkit/source'] } },
};

export default defineConfig({
  test: {
    // Two workers on this two-core machine (vitest's default is one fewer than the cores); every
    // project of a group must agree on it.
    maxWorkers: 2,
    projects: [
      'packages/server/vitest.config.ts',
      ...e2eProjects,
      {
        test: {
          name: 'scripts',
          environment: 'node',
          include: ['scripts/**/*.test.mjs', 'packages/*/scripts/**/*.test.mjs'],
        },
      },
      {
        ...sourceCondition,
        test: {
          name: 'core',
          environment: 'node',
          include: ['packages/core/src/**/*.test.ts'],
          typecheck: {
            enabled: true,
            checker: nativeTsc,
            include: ['packages/core/src/**/*.test-d.ts'],
            tsconfig: 'packages/core/tsconfig.json',
          },
        },
      },
      {
        plugins: [vanillaExtractPlugin()],
        ...sourceCondition,
        optimizeDeps: { include: reactDeps },
        test: {
          name: 'widgets',
          include: ['packages/widgets/src/**/*.test.{ts,tsx}'],
          browser: chromiumBrowser(),
          // One page for every file: the kit's modules load once instead of once per file.
          isolate: false,
        },
      },
      {
        plugins: [vanillaExtractPlugin()],
        ...sourceCondition,
        optimizeDeps: { include: reactDeps },
        test: {
          name: 'site',
          include: ['packages/site/src/**/*.test.{ts,tsx}'],
          browser: chromiumBrowser(),
          // One page for every file: the kit's modules load once instead of once per file.
          isolate: false,
        },
      },
      {
        plugins: [
          vanillaExtractPlugin(),
          storybookTest({ configDir: resolve(import.meta.dirname, '.storybook') }),
        ],
        ...sourceCondition,
        optimizeDeps: { include: reactDeps },
        test: {
          name: 'storybook',
          browser: chromiumBrowser(),
          // One page for every file: the kit's modules load once instead of once per file.
          isolate: false,
        },
      },
    ],
  },
});
