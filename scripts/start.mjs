#!/usr/bin/env node
// `npm start`: builds the site when its build is missing or older than its sources (or the
// widgets and core it composes), and likewise the widgets' custom elements (served under
// /embed/), then runs the server, which serves the API, the built site and the demo pool engine
// on one port (PORT, default 8080) with the embedded database.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const siteIndex = join(root, 'packages/site/dist/index.html');
const sourceDirs = [
  'packages/site/src',
  'packages/site/index.html',
  'packages/widgets/src',
  'packages/core/src',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = existsSync(siteIndex) ? statSync(siteIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sourceDirs.map((dir) => newestMtime(join(root, dir))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Site sources changed: rebuilding the site…' : 'Building the site…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@poolkit/site'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The custom elements' module (`/embed/v<version>/poolkit-elements.js`) bundles the widgets and core.
const elementsFile = join(root, 'packages/widgets/dist/elements/poolkit-elements.js');
const elementsAt = existsSync(elementsFile) ? statSync(elementsFile).mtimeMs : 0;
const widgetSourcesAt = Math.max(
  ...['packages/widgets/src', 'packages/core/src'].map((dir) => newestMtime(join(root, dir))),
);
if (elementsAt < widgetSourcesAt) {
  console.log('Building the embeddable widgets…');
  const build = spawnSync('npm', ['run', 'build:elements', '-w', '@poolkit/widgets'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  ['--conditions=@poolkit/source', '--import', 'tsx', 'src/main.ts'],
  {
    cwd: join(root, 'packages/server'),
    stdio: 'inherit',
    env: { POOLKIT_DATA_DIR: join(root, 'data'), ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
