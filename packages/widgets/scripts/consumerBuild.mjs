/**
 * What an app pays for the kit: a plain Vite app (no plugin, production, minified) built three
 * times — React and react-dom alone, `PoolKitProvider` with one non-chart widget, and
 * `PoolKitProvider` with `HashrateChart` — from the published entries (`dist`, never the sources),
 * and the gzip size (level 9) of the JavaScript each first screen loads: the entry chunk with
 * every chunk it imports statically. Lazy chunks (the other languages) and the stylesheet are
 * not counted. Shared by `consumer-size.mjs` (a fresh app installing the packed tarballs) and
 * `sizes.mjs` (the same app inside the repository, offline).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budgets in KB (1,024 bytes) of gzip JavaScript above React and react-dom (issue 17). */
export const CONSUMER_BUDGETS_KB = {
  'provider + PoolStatsCard': 20,
  'provider + HashrateChart': 60,
};

const render = (element) => `
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')).render(${element});
`;

/** The three apps, by name: the source of their one module. */
export const CONSUMER_ENTRIES = {
  'react + react-dom': render(`h('p', null, 'app')`),
  'provider + PoolStatsCard': `
import { PoolKitProvider } from '@poolkit/widgets';
import { PoolStatsCard } from '@poolkit/widgets/PoolStatsCard';
import '@poolkit/widgets/style.css';
${render(`h(PoolKitProvider, { language: 'en', overrides: { '--pk-color-brand': '#5b21b6' } },
  h(PoolStatsCard, { coin: { symbol: 'KAS', name: 'Kaspa', hashrateUnit: 'H/s' }, loading: true }))`)}`,
  'provider + HashrateChart': `
import { PoolKitProvider } from '@poolkit/widgets';
import { HashrateChart } from '@poolkit/widgets/HashrateChart';
import '@poolkit/widgets/style.css';
${render(`h(PoolKitProvider, { language: 'en' },
  h(HashrateChart, { series: [], baseUnit: 'H/s', loading: true }))`)}`,
};

/**
 * Builds each app of {@link CONSUMER_ENTRIES} in `appDir` (where `react`, `react-dom` and the
 * packages resolve) with Vite's `build`, and measures it.
 *
 * @param {typeof import('vite').build} build Vite's `build`, from the app's own Vite.
 * @param {string} appDir
 * @returns {Promise<{ apps: Record<string, number>, aboveReact: Record<string, number> }>} gzip
 *   bytes of each app's first-screen JavaScript, and of the kit's apps above React.
 */
export async function measureConsumer(build, appDir) {
  mkdirSync(join(appDir, 'src'), { recursive: true });
  const apps = {};
  for (const [name, source] of Object.entries(CONSUMER_ENTRIES)) {
    const file = join(appDir, 'src', `${name.replace(/[^a-z]+/gi, '-')}.js`);
    writeFileSync(file, source);
    const result = await build({
      root: appDir,
      configFile: false,
      logLevel: 'error',
      mode: 'production',
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: { write: false, minify: true, rollupOptions: { input: file } },
    });
    const output = (Array.isArray(result) ? result[0] : result).output;
    const chunks = new Map(
      output.filter((item) => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]),
    );
    const seen = new Set();
    const visit = (fileName) => {
      if (seen.has(fileName)) return;
      seen.add(fileName);
      for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
    };
    for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
    apps[name] = [...seen].reduce(
      (sum, fileName) => sum + gzipSync(chunks.get(fileName)?.code ?? '', { level: 9 }).length,
      0,
    );
  }
  const base = apps['react + react-dom'] ?? 0;
  const aboveReact = Object.fromEntries(
    Object.keys(CONSUMER_BUDGETS_KB).map((name) => [name, (apps[name] ?? 0) - base]),
  );
  return { apps, aboveReact };
}
