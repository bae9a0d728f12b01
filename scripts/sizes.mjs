#!/usr/bin/env node
/**
 * `npm run sizes`: every byte budget of the repository, checked in `npm test` right after the
 * builds. Sizes are deterministic (unlike timings, which stay in the benchmarks), so a budget
 * over fails the run, with the figure and the budget.
 *
 * Each workspace package with a `scripts/sizes.mjs` takes part: that module holds the package's
 * budgets and exports `sizes({ skipBuild })`, which builds what it measures and resolves to a
 * `SizeGroup` or a list of them (see checkSizes.mjs). Today: the widget entries, bundled in
 * memory as an app would bundle them, a plain Vite app's first screen on the built packages, and
 * the site's home page JavaScript and CSS, from its build. A bundle that gets a
 * budget (a partner bundle, say) joins by its package's `scripts/sizes.mjs`.
 *
 * `POOLKIT_SIZES_SKIP_BUILD=1` measures the site build that is already in `packages/site/dist`
 * instead of building it again (`npm test` has just built it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkSizes } from './checkSizes.mjs';

const root = resolve(import.meta.dirname, '..');
const skipBuild = process.env.POOLKIT_SIZES_SKIP_BUILD === '1';
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

const started = performance.now();
const groups = [];
for (const workspace of workspaces) {
  const module = join(root, workspace, 'scripts/sizes.mjs');
  if (!existsSync(module)) continue;
  const { sizes } = await import(pathToFileURL(module).href);
  // A package may measure several bundles: one group or a list of them.
  groups.push(...[await sizes({ skipBuild })].flat());
}

const { report, over } = checkSizes(groups);
console.log(`Byte budgets (gzip, level 9)\n\n${report}`);
console.log(`Measured in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
process.exitCode = over.length === 0 ? 0 : 1;
