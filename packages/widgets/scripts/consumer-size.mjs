#!/usr/bin/env node
/**
 * What an npm user's app pays for the kit, measured as they would: packs `@poolkit/core` and
 * `@poolkit/widgets` (`npm pack`), makes a fresh Vite + React app in a temporary folder that
 * installs the two tarballs with the repository's versions of React, react-dom and Vite, builds
 * it (`consumerBuild.mjs`: React alone, the provider with one non-chart widget, the provider with
 * `HashrateChart`) and prints the gzip JavaScript of each first screen above React and
 * react-dom, against the budgets of `CONSUMER_BUDGETS_KB`. Exits 1 when one is over.
 *
 *   npm run build -w @poolkit/core && npm run build -w @poolkit/widgets
 *   node packages/widgets/scripts/consumer-size.mjs [--keep]
 *
 * It needs the npm registry (the app installs the packages' dependencies; npm's cache serves
 * what it has) and takes about a minute, so it is not part of `npm test`; `npm run sizes` checks
 * the same apps offline against the workspace's own installs (`sizes.mjs`). `--keep` leaves the
 * app folder for a look.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CONSUMER_BUDGETS_KB } from './consumerBuild.mjs';

const root = resolve(import.meta.dirname, '../../..');
const keep = process.argv.includes('--keep');
const versionOf = (name) =>
  JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
const npm = (args, cwd) =>
  execFileSync('npm', args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

for (const name of ['core', 'widgets']) {
  const dist = join(root, 'packages', name, 'dist');
  try {
    readdirSync(dist);
  } catch {
    console.error(`packages/${name}/dist is missing: npm run build -w @poolkit/${name} first.`);
    process.exit(1);
  }
}

const started = performance.now();
const app = mkdtempSync(join(tmpdir(), 'poolkit-consumer-'));
try {
  const tarballs = ['core', 'widgets'].map((name) => {
    const output = npm(
      ['pack', '--silent', '--pack-destination', app],
      join(root, 'packages', name),
    );
    return join(app, output.trim().split('\n').at(-1) ?? '');
  });
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify(
      {
        name: 'poolkit-consumer',
        private: true,
        type: 'module',
        dependencies: {
          '@poolkit/core': pathToFileURL(tarballs[0] ?? '').href,
          '@poolkit/widgets': pathToFileURL(tarballs[1] ?? '').href,
          react: versionOf('react'),
          'react-dom': versionOf('react-dom'),
          vite: versionOf('vite'),
        },
      },
      null,
      2,
    ),
  );
  npm(
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--ignore-scripts',
      '--loglevel=error',
    ],
    app,
  );
  // The app's own Vite builds it, so nothing of the workspace leaks in.
  writeFileSync(
    join(app, 'measure.mjs'),
    `import { build } from 'vite';
import { measureConsumer } from ${JSON.stringify(pathToFileURL(join(import.meta.dirname, 'consumerBuild.mjs')).href)};
console.log(JSON.stringify(await measureConsumer(build, ${JSON.stringify(app)})));
`,
  );
  const { apps, aboveReact } = JSON.parse(
    execFileSync('node', ['measure.mjs'], { cwd: app, encoding: 'utf8' }).trim().split('\n').at(-1),
  );
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('A fresh Vite + React app with the packed @poolkit/core and @poolkit/widgets');
  console.log(`(first-screen JavaScript, gzip level 9)\n`);
  console.log(`  react + react-dom alone: ${kb(apps['react + react-dom'])}`);
  let over = 0;
  for (const [name, budgetKb] of Object.entries(CONSUMER_BUDGETS_KB)) {
    const bytes = aboveReact[name];
    const ok = bytes <= budgetKb * 1024;
    if (!ok) over += 1;
    console.log(
      `  ${ok ? 'ok  ' : 'OVER'} ${name}: ${kb(bytes)} above React (budget ${budgetKb} KB)`,
    );
  }
  console.log(`\nMeasured in ${((performance.now() - started) / 1000).toFixed(0)} s in ${app}.`);
  process.exitCode = over === 0 ? 0 : 1;
} finally {
  if (!keep) rmSync(app, { recursive: true, force: true });
}
