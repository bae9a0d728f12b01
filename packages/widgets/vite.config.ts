import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defaultClientConditions, defineConfig } from 'vite';
import dts from 'vite-plugin-dts';
import { addDeclarationExtensions } from '../../scripts/dtsExtensions.mjs';
import { pureFactories } from './build/pureFactories';

const src = resolve(import.meta.dirname, 'src');

/**
 * One entry per domain widget (`src/widgets/<Name>/<Name>.tsx` → `dist/widgets/<Name>/<Name>.js`),
 * plus the whole kit (`index`) and the fetching layer (`connected`). Importing one widget entry
 * pulls only the chunks that widget needs.
 */
export const libraryEntries: Record<string, string> = {
  index: resolve(src, 'index.ts'),
  'connected/index': resolve(src, 'connected/index.ts'),
  ...Object.fromEntries(
    readdirSync(resolve(src, 'widgets'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => [
        `widgets/${entry.name}/${entry.name}`,
        resolve(src, 'widgets', entry.name, `${entry.name}.tsx`),
      ]),
  ),
};

/** What an app installs beside the package: never bundled into it. */
const dependencies = [
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^@poolkit\/core/,
  /^@visx\//,
  /^@floating-ui\//,
  /^@react-spring\//,
  /^i18next/,
  /^react-i18next/,
  /^@vanilla-extract\/recipes\/createRuntimeFn/,
];

/** `vite build --mode bench` (the size benchmark) bundles everything but React, as an app would. */
const reactOnly = [/^react($|\/)/, /^react-dom($|\/)/];

export default defineConfig(({ mode }) => {
  const bench = mode === 'bench';
  return {
    plugins: [
      vanillaExtractPlugin(),
      pureFactories(),
      bench
        ? null
        : dts({
            tsconfigPath: './tsconfig.json',
            include: ['src'],
            exclude: [
              'src/**/*.stories.tsx',
              'src/**/*.test.ts',
              'src/**/*.test.tsx',
              'src/lib/fixtures.ts',
              'src/lib/widgetHarness.tsx',
              // Stories' shared setups.
              'src/lib/storyStates.ts',
              'src/lib/moneyDialog/moneyDialogStories.ts',
              'src/widgets/WithdrawDialog/withdrawStories.tsx',
              // The custom elements are a file of their own (vite.elements.config.ts), not an entry.
              'src/elements/**',
            ],
            // Relative imports of the declarations get their `.js`, so `node16`/`nodenext` resolve them.
            afterBuild: (emitted) => {
              addDeclarationExtensions(emitted.keys());
            },
          }),
    ],
    // Source condition for the workspace; the defaults keep `module` builds of dependencies.
    resolve: { conditions: ['@poolkit/source', ...defaultClientConditions] },
    define: bench ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    build: {
      target: 'es2022',
      // No source maps in the package: they would carry the sources (`sourcesContent`) that
      // `files` leaves out, and point at `src/` files a user does not have.
      sourcemap: false,
      minify: true,
      cssCodeSplit: false,
      lib: {
        entry: libraryEntries,
        formats: ['es'],
        cssFileName: 'style',
      },
      rollupOptions: {
        external: bench ? reactOnly : dependencies,
        output: {
          chunkFileNames: 'chunks/[name]-[hash].js',
          // The theme's values and classes get a chunk of their own: left to the default
          // grouping they sat in the hash-rate chart's chunk (both reach the tokens), so an app
          // with only `PoolKitProvider` loaded the chart engine (@visx/xychart and d3) too.
          codeSplitting: {
            groups: [
              { name: 'theme', test: /[\\/]src[\\/]theme[\\/](tokens|themes\.css|contract\.css)/ },
            ],
          },
          // Vite keeps whitespace in ES libraries; an app's bundler would not, so the size benchmark does not either.
          ...(bench ? { minify: true } : {}),
        },
      },
    },
  };
});
