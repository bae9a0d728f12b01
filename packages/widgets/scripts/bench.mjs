#!/usr/bin/env node
/**
 * `npm run bench -w @poolkit/widgets`: prints figures, never fails on them (budgets.mjs does).
 *
 * 1. Size: builds the package's entries the way an app would bundle them and prints the gzip size
 *    of each entry counted with every chunk it imports statically, and of the whole package
 *    (`measureWidgetSizes` of scripts/sizes.mjs, which `npm run sizes` in `npm test` checks too).
 * 2. Speed: builds scripts/perf/main.tsx in production mode, opens it in headless Chromium and
 *    times WorkerTable (mount, and sorting by each column, with 100,000 rows) and HashrateChart
 *    (render with 8,640 and with 525,600 points). Medians of several runs; the first (cold) run
 *    is printed too.
 *
 * Figures go to node_modules/.cache/poolkit-bench/results.json for scripts/budgets.mjs.
 *
 * Options: `--runs N` (default 7), `--size-only`, `--speed-only`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { chromium } from 'playwright';
import { build, defaultClientConditions } from 'vite';
import { formatKb } from '../../../scripts/checkSizes.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../scripts/chromium.mjs';
import { measureWidgetSizes } from './sizes.mjs';

const packageDir = resolve(import.meta.dirname, '..');
const resultsFile = resolve(packageDir, 'node_modules/.cache/poolkit-bench/results.json');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 7;
const sizeOnly = args.includes('--size-only');
const speedOnly = args.includes('--speed-only');
const chromiumPath = process.env.CHROME_PATH ?? CHROMIUM;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function speed() {
  const result = await build({
    configFile: false,
    root: packageDir,
    logLevel: 'error',
    mode: 'production',
    plugins: [vanillaExtractPlugin()],
    resolve: { conditions: ['@poolkit/source', ...defaultClientConditions] },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      cssCodeSplit: false,
      lib: {
        entry: resolve(packageDir, 'scripts/perf/main.tsx'),
        formats: ['es'],
        fileName: 'perf',
      },
    },
  });
  const output = (Array.isArray(result) ? result[0] : result).output;
  const script = output.find((item) => item.type === 'chunk')?.code ?? '';
  const style = output
    .filter((item) => item.type === 'asset' && item.fileName.endsWith('.css'))
    .map((asset) => String(asset.source))
    .join('\n');

  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.setContent(
      '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>',
    );
    await page.addStyleTag({ content: style });
    await page.addScriptTag({ content: script, type: 'module' });
    await page.waitForFunction(() => typeof window.poolkitBench === 'function');
    const raw = await page.evaluate((count) => window.poolkitBench(count), runs);
    const figure = (values) => ({
      medianMs: Number(median(values).toFixed(1)),
      coldMs: Number(values[0].toFixed(1)),
      runs: values.length,
    });
    const sort = Object.fromEntries(
      Object.entries(raw.workerTable.sort).map(([column, values]) => [column, figure(values)]),
    );
    return {
      chromium: browser.version(),
      workerTableMount100k: figure(raw.workerTable.mount),
      workerTableSort100k: sort,
      workerTableSortWorst100k: Object.values(sort).reduce(
        (worst, entry) => (entry.medianMs > worst.medianMs ? entry : worst),
        { medianMs: 0, coldMs: 0, runs: 0 },
      ),
      hashrateChart8640: figure(raw.hashrateChart8640),
      hashrateChart525600: figure(raw.hashrateChart525600),
    };
  } finally {
    await browser.close();
  }
}

const results = { measuredAt: new Date().toISOString() };
if (!speedOnly) {
  results.size = await measureWidgetSizes();
  console.log('\nSize (gzip, level 9; React excluded; an entry counts every chunk it imports)\n');
  for (const [name, entry] of Object.entries(results.size.entries).sort()) {
    console.log(
      `  ${name.padEnd(42)} ${formatKb(entry.gzipBytes).padStart(7)} KB  (${entry.chunks} chunks)`,
    );
  }
  console.log(
    `  ${'whole package, all JS chunks'.padEnd(42)} ${formatKb(results.size.packageJsGzipBytes).padStart(7)} KB`,
  );
  console.log(
    `  ${'style.css (one file for every widget)'.padEnd(42)} ${formatKb(results.size.cssGzipBytes).padStart(7)} KB`,
  );
}
if (!sizeOnly) {
  results.speed = await speed();
  const line = (name, entry) =>
    console.log(
      `  ${name.padEnd(42)} ${entry.medianMs.toFixed(1).padStart(7)} ms median  (cold ${entry.coldMs.toFixed(1)} ms, ${entry.runs} runs)`,
    );
  console.log(`\nSpeed (headless Chromium ${results.speed.chromium}, production React)\n`);
  line('WorkerTable mount, 100,000 rows', results.speed.workerTableMount100k);
  for (const [column, entry] of Object.entries(results.speed.workerTableSort100k)) {
    line(`WorkerTable sort ${column}`, entry);
  }
  line('WorkerTable sort, slowest column', results.speed.workerTableSortWorst100k);
  line('HashrateChart render, 8,640 points', results.speed.hashrateChart8640);
  line('HashrateChart render, 525,600 points', results.speed.hashrateChart525600);
}
mkdirSync(dirname(resultsFile), { recursive: true });
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nFigures written to ${resultsFile}`);
