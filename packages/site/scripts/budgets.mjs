#!/usr/bin/env node
/**
 * `npm run budgets -w @poolkit/site`: a benchmark that prints figures and checks them.
 *
 * 1. Builds the site (skip with `BUDGETS_SKIP_BUILD=1`) and measures the gzip size of the
 *    JavaScript and CSS the home page loads before it is interactive (`measureHomeFirstLoad` of
 *    scripts/sizes.mjs, where their budgets live; `npm test` checks them too, through
 *    `npm run sizes`).
 * 2. Starts the real server like the e2e global setup (fresh temp data folder, free port,
 *    DEMO on) and runs Lighthouse (mobile defaults, three runs each, median) on a few pages
 *    (`BUDGETS_PAGES=/,/pool/btc/stat` picks some).
 * 3. Prints PASS/FAIL per budget, saves the figures in
 *    `node_modules/.cache/poolkit-site-budgets/results.json` and exits 1 when one fails. Each
 *    run's full Lighthouse report is saved beside it (`reports/<page>-<run>.json`: the LCP element
 *    and its breakdown, long tasks, bootup time, request chains) for finding what costs the score;
 *    `BUDGETS_TRACES=1` saves each run's performance trace beside it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startDemoServer } from './demoServer.mjs';
import { HOME_CSS_BUDGET_KB, HOME_JS_BUDGET_KB, measureHomeFirstLoad } from './sizes.mjs';

const siteDir = resolve(import.meta.dirname, '..');
const root = resolve(siteDir, '../..');
const cacheDir = join(siteDir, 'node_modules/.cache/poolkit-site-budgets');
const resultsFile = join(cacheDir, 'results.json');
const reportsDir = join(cacheDir, 'reports');

/** The pages audited; `BUDGETS_PAGES=/` (comma-separated paths) audits fewer. */
const PAGES = process.env.BUDGETS_PAGES?.split(',') ?? [
  '/',
  '/mining/kas/dashboard',
  '/pool/btc/stat',
];
const RUNS = 3;
const BUDGETS = {
  homeJsKb: HOME_JS_BUDGET_KB,
  homeCssKb: HOME_CSS_BUDGET_KB,
  performance: 90,
  accessibility: 95,
  lcpMs: 2500,
  // The home page against the lightest peers (issue "Speed and scale-out"): median of three.
  homePerformance: 97,
  homeTbtMs: 150,
};
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const kb = (bytes) => Math.round((bytes / 1024) * 100) / 100;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function build() {
  if (process.env.BUDGETS_SKIP_BUILD === '1') return;
  const result = spawnSync('npm', ['run', 'build', '-w', '@poolkit/site'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('The site build failed');
}

/**
 * Starts the server as the e2e global setup does (demoServer.mjs). The demo engine writes its
 * simulated history right after start, which keeps a core busy for several seconds: Lighthouse
 * must not measure pages meanwhile, so this waits for it (90 s at most).
 */
async function startServer() {
  const server = await startDemoServer({ label: 'budgets server' });
  await Promise.race([server.historyWritten, new Promise((wait) => setTimeout(wait, 90_000))]);
  return server;
}

/** Lighthouse on one URL, `RUNS` times; the median of each figure. */
async function audit(chrome, url) {
  const runs = [];
  let attempts = 0;
  while (runs.length < RUNS) {
    attempts += 1;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    // A run that failed to load the page (e.g. no first paint) says nothing: run it again.
    if (lhr.runtimeError || lhr.categories.performance?.score == null) {
      if (attempts >= RUNS * 2)
        throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError?.message}`);
      continue;
    }
    const audits = lhr.audits;
    mkdirSync(reportsDir, { recursive: true });
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    writeFileSync(join(reportsDir, `${name}-${runs.length + 1}.json`), JSON.stringify(lhr));
    // `BUDGETS_TRACES=1`: the run's performance trace too (tens of MB; opens in DevTools).
    if (process.env.BUDGETS_TRACES === '1' && result.artifacts?.Trace)
      writeFileSync(
        join(reportsDir, `${name}-${runs.length + 1}.trace.json`),
        JSON.stringify(result.artifacts.Trace),
      );
    runs.push({
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
      cls:
        Math.round((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN) * 1000) / 1000,
      bytes: Math.round(audits['total-byte-weight']?.numericValue ?? Number.NaN),
      failedA11y: Object.values(audits)
        .filter(
          (entry) =>
            entry.scoreDisplayMode === 'binary' &&
            entry.score === 0 &&
            lhr.categories.accessibility.auditRefs.some((ref) => ref.id === entry.id),
        )
        .map((entry) => entry.id),
    });
  }
  const figure = (key) => median(runs.map((run) => run[key]));
  return {
    performance: figure('performance'),
    accessibility: figure('accessibility'),
    lcpMs: figure('lcpMs'),
    tbtMs: figure('tbtMs'),
    cls: figure('cls'),
    bytes: figure('bytes'),
    failedA11y: [...new Set(runs.flatMap((run) => run.failedA11y))],
    runs,
  };
}

async function main() {
  build();
  rmSync(reportsDir, { recursive: true, force: true });
  const load = measureHomeFirstLoad();
  console.log('Home page first load (gzip):');
  for (const entry of [...load.js, ...load.css])
    console.log(`  ${kb(entry.gzip)} KB  ${entry.file}`);
  console.log(`  JS ${kb(load.jsGzip)} KB, CSS ${kb(load.cssGzip)} KB`);

  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const lighthouseResults = {};
  try {
    // A warm-up visit, not counted: the server compiles its modules on the first requests.
    await lighthouse(`${server.baseUrl}/`, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    for (const path of PAGES) {
      const figures = await audit(chrome, `${server.baseUrl}${path}`);
      lighthouseResults[path] = figures;
      console.log(
        `Lighthouse ${path}: performance ${figures.performance}, accessibility ${figures.accessibility}, ` +
          `LCP ${figures.lcpMs} ms, TBT ${figures.tbtMs} ms, CLS ${figures.cls}, ${kb(figures.bytes)} KB` +
          (figures.failedA11y.length > 0 ? ` (a11y: ${figures.failedA11y.join(', ')})` : ''),
      );
    }
  } finally {
    chrome.kill();
    await server.stop();
  }

  const checks = [
    [
      `home first-load JS ≤ ${BUDGETS.homeJsKb} KB gzip`,
      kb(load.jsGzip),
      (v) => v <= BUDGETS.homeJsKb,
    ],
    [`home CSS ≤ ${BUDGETS.homeCssKb} KB gzip`, kb(load.cssGzip), (v) => v <= BUDGETS.homeCssKb],
  ];
  for (const [path, figures] of Object.entries(lighthouseResults)) {
    checks.push(
      [
        `${path} performance ≥ ${BUDGETS.performance}`,
        figures.performance,
        (v) => v >= BUDGETS.performance,
      ],
      [
        `${path} accessibility ≥ ${BUDGETS.accessibility}`,
        figures.accessibility,
        (v) => v >= BUDGETS.accessibility,
      ],
      [`${path} LCP ≤ ${BUDGETS.lcpMs} ms`, figures.lcpMs, (v) => v <= BUDGETS.lcpMs],
    );
    if (path === '/') {
      checks.push(
        [
          `/ performance ≥ ${BUDGETS.homePerformance}`,
          figures.performance,
          (v) => v >= BUDGETS.homePerformance,
        ],
        [`/ TBT ≤ ${BUDGETS.homeTbtMs} ms`, figures.tbtMs, (v) => v <= BUDGETS.homeTbtMs],
      );
    }
  }
  let failures = 0;
  const verdicts = checks.map(([name, value, ok]) => {
    const pass = typeof value === 'number' && !Number.isNaN(value) && ok(value);
    if (!pass) failures += 1;
    console.log(`${pass ? 'PASS' : 'FAIL'}  ${name}: ${value}`);
    return { name, value, pass };
  });

  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(
    resultsFile,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        firstLoad: load,
        lighthouse: lighthouseResults,
        budgets: BUDGETS,
        verdicts,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Figures saved in ${resultsFile}`);
  process.exitCode = failures > 0 ? 1 : 0;
}

await main();
