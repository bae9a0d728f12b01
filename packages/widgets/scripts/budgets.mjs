#!/usr/bin/env node
/**
 * `npm run budgets -w @poolkit/widgets`: checks the figures of the last `npm run bench` against
 * the budgets of the widgets issue, prints each verdict, and exits with 1 when one is over (or
 * a figure is missing). Timed budgets compare the median of the runs.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const resultsFile = resolve(
  import.meta.dirname,
  '../node_modules/.cache/poolkit-bench/results.json',
);

/** Gzip budgets in KB, by entry; every widget not listed has `OTHER_WIDGET_KB`. */
const SIZE_BUDGETS_KB = {
  'widgets/HashrateChart/HashrateChart': 60,
  'widgets/Luck/Luck': 60,
  'widgets/WorkerTable/WorkerTable': 20,
};
const OTHER_WIDGET_KB = 10;

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
const verdict = (name, value, budget, unit) => {
  const ok = typeof value === 'number' && value <= budget;
  if (!ok) failures += 1;
  const shown = typeof value === 'number' ? value.toFixed(unit === 'KB' ? 2 : 1) : 'missing';
  console.log(
    `  ${ok ? 'ok  ' : 'OVER'}  ${name.padEnd(48)} ${shown.padStart(8)} ${unit}  (budget ${budget} ${unit})`,
  );
};

console.log(`Budgets for the figures of ${results.measuredAt}\n`);
const entries = results.size?.entries ?? {};
if (Object.keys(entries).length === 0) {
  console.log('  OVER  size figures missing: run the bench without --speed-only');
  failures += 1;
}
for (const [entry, figure] of Object.entries(entries).sort()) {
  if (!entry.startsWith('widgets/')) continue;
  verdict(
    entry.split('/')[1] ?? entry,
    figure.gzipKb,
    SIZE_BUDGETS_KB[entry] ?? OTHER_WIDGET_KB,
    'KB',
  );
}
for (const entry of Object.keys(SIZE_BUDGETS_KB)) {
  if (!(entry in entries) && Object.keys(entries).length > 0)
    verdict(entry, undefined, SIZE_BUDGETS_KB[entry], 'KB');
}
for (const [key, [name, budget]] of Object.entries(SPEED_BUDGETS_MS)) {
  verdict(name, results.speed?.[key]?.medianMs, budget, 'ms');
}

console.log(failures === 0 ? '\nEvery budget holds.' : `\n${failures} budget(s) over or missing.`);
process.exit(failures === 0 ? 0 : 1);
