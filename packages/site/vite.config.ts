import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defaultServerConditions, defineConfig, type Plugin } from 'vite';

/**
 * Writes `.br` and `.gz` beside every script, stylesheet and HTML file of the build, so a server
 * can send them precompressed (e.g. `@fastify/static` with `preCompressed: true`).
 */
function precompress(): Plugin {
  return {
    name: 'poolkit-precompress',
    // The browser build only: the prerender's server bundle (`--ssr`) is not sent to browsers.
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
        );
      for (const file of walk(join(import.meta.dirname, 'dist')).filter((name) =>
        /\.(js|css|html|svg|json)$/.test(name),
      )) {
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Takes the page's module script and its preloads out of the HTML and lists them in
 * `<meta name="poolkit-scripts">` (entry first), for index.html's loader: a prerendered page (see
 * `scripts/prerender.mjs`) paints from its HTML and stylesheets, and its scripts are requested
 * after that first paint, so they never compete with it; other pages request them at once.
 */
function scriptsAfterPaint(): Plugin {
  return {
    name: 'poolkit-scripts-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entries: string[] = [];
        const preloads: string[] = [];
        const stripped = html
          .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_, src) => {
            entries.push(src);
            return '';
          })
          .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href) => {
            preloads.push(href);
            return '';
          });
        if (entries.length !== 1)
          throw new Error(`Expected one entry script, found ${entries.length}`);
        return stripped.replace(
          '</head>',
          `  <meta name="poolkit-scripts" content="${[...entries, ...preloads].join(' ')}">\n  </head>`,
        );
      },
    },
  };
}

/**
 * The site build: page scripts and stylesheets under static/js and static/css with content
 * hashes (spec section 7), so the server can cache them for a year.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), vanillaExtractPlugin(), scriptsAfterPaint(), precompress()],
  resolve: {
    conditions: ['@poolkit/source'],
    // React's own useSyncExternalStore stands in for its shim (`src/useSyncExternalStoreShim.ts`).
    alias:
      isSsrBuild === true
        ? []
        : [
            {
              find: /^use-sync-external-store\/shim(\/index\.js)?$/,
              replacement: join(import.meta.dirname, 'src/useSyncExternalStoreShim.ts'),
            },
          ],
  },
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
    // dist/.vite/manifest.json: the chunk graph the budgets script measures the first load from.
    // The server does not send dot-folders.
    manifest: isSsrBuild !== true,
    // One stylesheet for the whole site (11 KB gzip; the home page needed five of its six parts
    // anyway): a prerendered page is styled by its HTML's own links, with no page stylesheet
    // arriving later with the scripts and shifting the page.
    cssCodeSplit: false,
    // No modulepreload links, in the HTML or before dynamic imports: each inserted link costs the
    // main thread about a millisecond (measured: 21 ms for the home page's data chunk's 15
    // dependencies, in one task), more than the round trip it saves once the page is painted. The
    // browser fetches a chunk's imports when it reads the chunk.
    modulePreload: false,
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
  // `/media`: the server's pictures (the demo's, and the first slide's redirect of the home page).
  server: { proxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' } },
}));
