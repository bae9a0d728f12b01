import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defaultServerConditions, defineConfig } from 'vite';

/**
 * The site build: page scripts and stylesheets under static/js and static/css with content
 * hashes (spec section 7), so the server can cache them for a year.
 */
export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  resolve: { conditions: ['@poolkit/source'] },
  // vanilla-extract evaluates the site's .css.ts files in an SSR module runner: it must resolve
  // @poolkit/widgets to the same sources as the bundle, or `vars` get other variable names.
  // (vanilla-extract's compiler replaces `ssr`, so the conditions are set per environment.)
  environments: {
    ssr: { resolve: { conditions: ['@poolkit/source', ...defaultServerConditions] } },
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'static',
    rollupOptions: {
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.css'))
            ? 'static/css/[name]-[hash][extname]'
            : 'static/media/[name]-[hash][extname]',
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
