import { resolve } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defaultClientConditions, defineConfig } from 'vite';
import { ELEMENTS_FILE, elementsBundle } from './build/elementsBundle';

/**
 * The custom elements for pages without a build step (`<poolkit-hashrate-chart coin="kas">`,
 * README "Embedding without a build"): one self-contained ES module,
 * `dist/elements/poolkit-elements.js`, with React, react-dom, core and the widgets inside (no
 * bare imports, no dynamic chunks: the five languages are in it), its styles as a string the
 * shadow roots adopt, and `poolkit-elements.json` (version and SRI hash) beside it. The
 * PoolKit server serves both under `/embed/`. Runs after the library build (`npm run build`),
 * which empties `dist/`.
 */
export default defineConfig({
  plugins: [vanillaExtractPlugin(), elementsBundle(import.meta.dirname)],
  resolve: { conditions: ['@poolkit/source', ...defaultClientConditions] },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/elements',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    minify: true,
    cssCodeSplit: false,
    lib: {
      entry: resolve(import.meta.dirname, 'src/elements/index.ts'),
      formats: ['es'],
      fileName: () => ELEMENTS_FILE,
      cssFileName: 'poolkit-elements',
    },
    // Vite keeps whitespace in ES libraries; this file is loaded as it is, so it is minified too.
    rollupOptions: { output: { codeSplitting: false, minify: true } },
  },
});
