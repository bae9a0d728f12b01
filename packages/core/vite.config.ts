import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import dts from 'vite-plugin-dts';
import { addDeclarationExtensions } from '../../scripts/dtsExtensions.mjs';

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
      entry: resolve(import.meta.dirname, 'src/index.ts'),
      formats: ['es'],
      fileName: () => 'index.js',
    },
    rollupOptions: {
      external: [/^@noble\/hashes/, /^dayjs/, 'big.js', 'i18next', 'ky', /^zod/],
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
});
