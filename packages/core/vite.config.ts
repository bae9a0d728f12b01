import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import dts from 'vite-plugin-dts';
import { addDeclarationExtensions } from '../../scripts/dtsExtensions.mjs';

/**
 * One build entry per subpath of package.json `exports` (the root and each area), from the
 * source file its `@poolkit/source` condition names: a subpath added there is built.
 */
const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { '@poolkit/source': string }>;
};
const entries = Object.fromEntries(
  Object.values(manifest.exports).flatMap((target) => {
    if (typeof target === 'string') return [];
    const source = target['@poolkit/source'];
    return [[source.replace(/^\.\/src\/|\.ts$/g, ''), resolve(import.meta.dirname, source)]];
  }),
);

export default defineConfig({
  plugins: [
    dts({
      tsconfigPath: './tsconfig.json',
      include: ['src'],
      exclude: ['src/**/*.test.ts', 'src/**/*.test-d.ts', 'src/**/testing/**'],
      // Relative imports of the declarations get their `.js`, so `node16`/`nodenext` resolve them.
      afterBuild: (emitted) => {
        addDeclarationExtensions(emitted.keys());
      },
    }),
  ],
  build: {
    target: 'es2022',
    // No source maps in the package: they would carry the sources (`sourcesContent`) that
    // `files` leaves out, and point at `src/` files a user does not have.
    sourcemap: false,
    minify: false,
    lib: {
      entry: entries,
      formats: ['es'],
    },
    rollupOptions: {
      external: [/^@noble\/hashes/, /^dayjs/, 'big.js', 'i18next', 'ky', /^zod/],
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
});
