#!/usr/bin/env node
/**
 * `npm run budgets -w @poolkit/widgets`: checks the figures of the last `npm run bench` against
 * the budgets of the widgets issue, prints each verdict, and exits with 1 when one is over (or
 * a figure is missing). Timed budgets compare the median of the runs.
 *
 * The byte budgets live in scripts/sizes.mjs and `npm test` checks them on every run
 * (`npm run sizes`); they are checked here too so the benchmark's report is complete. The timing
 * budgets live here only: timings vary between runs and machines, so no test depends on them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkSizes } from '../../../scripts/checkSizes.mjs';
import { widgetSizeFigures } from './sizes.mjs';

const resultsFile = resolve(
  import.meta.dirname,
  '../node_modules/.cache/poolkit-bench/results.json',
);

/** Time budgets in ms, by figure of the speed benchmark (medians). */
const SPEED_BUDGETS_MS = {
  workerTableMount100k: ['WorkerTable mount, 100,000 rows', 150],
  workerTableSortWorst100k: ['WorkerTable sort, 100,000 rows (slowest column)', 200],
  hashrateChart525600: ['HashrateChart render, 525,600 points', 100],
};

let results;
try {
  results = JSON.parse(readFileSync(resultsFile, 'utf8'));
} catch {
  console.error(`No figures at ${resultsFile}: run \`npm run bench -w @poolkit/widgets\` first.`);
  process.exit(1);
}

let failures = 0;
console.log(`Budgets for the figures of ${results.measuredAt}\n`);
if (results.size?.entries) {
  const sizes = checkSizes([
    {
      title: 'Size (gzip)',
      source: 'scripts/sizes.mjs',
      figures: widgetSizeFigures(results.size),
    },
  ]);
  console.log(sizes.report);
  failures += sizes.over.length;
} else {
  console.log('  OVER  size figures missing: run the bench without --speed-only');
  failures += 1;
}

console.log('\nSpeed (median)');
for (const [key, [name, budget]] of Object.entries(SPEED_BUDGETS_MS)) {
  const value = results.speed?.[key]?.medianMs;
  const ok = typeof value === 'number' && value <= budget;
  if (!ok) failures += 1;
  const shown = typeof value === 'number' ? value.toFixed(1) : 'missing';
  console.log(
    `  ${ok ? 'ok  ' : 'OVER'}  ${name.padEnd(48)} ${shown.padStart(8)} ms  (budget ${budget} ms)`,
  );
}

console.log(failures === 0 ? '\nEvery budget holds.' : `\n${failures} budget(s) over or missing.`);
process.exit(failures === 0 ? 0 : 1);
