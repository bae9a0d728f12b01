#!/usr/bin/env node
/**
 * `npm test`: every check of the repository, each step timed, in three phases; a phase's lanes run side by
 * side where they do not depend on each other:
 *
 * ```
 * 1. builds (core, widgets with its custom elements, site) → sizes  |  lint → type-check → Storybook build
 * 2. vitest: server, core, scripts (node, two workers) beside widgets, site, storybook (Chromium)
 * 3. vitest site-e2e (two files at a time on one server)  |  vitest site-e2e-clock (two files
 *    at a time, a server each)
 * ```
 *
 * Phase 2 keeps both cores busy: run beside it, the journeys only slowed it and their timeouts
 * began to fire, so phase 3 follows it. Phase 3 runs four files at a time, in two vitest
 * processes (each with its Chromium; packages/site/e2e/globalSetup.ts), which keeps both cores
 * busy too: the clock files no longer wait for the others to end.
 *
 * A lane beside another is printed whole when it ends (no interleaving), a lone lane as it runs; then a table of every
 * step's time and a closing line with the tests counted over every vitest run. It exits 1 when
 * any step failed, after the lanes beside it have finished.
 *
 * `POOLKIT_TEST_SERIAL=1` runs the same steps one after another, printed as they run (slower;
 * to time each step alone).
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const serial = process.env.POOLKIT_TEST_SERIAL === '1';
const started = performance.now();

/** @typedef {{ name: string, command: string[], env?: Record<string, string> }} Step */
/** @typedef {{ name: string, seconds: number, ok: boolean, output: string }} StepResult */

/** @type {StepResult[]} */
const results = [];

/**
 * Runs one step, buffering its output (or streaming it when `live`).
 * @param {Step} step
 * @param {boolean} live
 * @returns {Promise<StepResult>}
 */
function run(step, live) {
  return new Promise((done) => {
    const begun = performance.now();
    const [command = 'npm', ...args] = step.command;
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (/** @type {Buffer} */ chunk) => {
      output += chunk.toString();
      if (live) process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - begun) / 1000;
      const ok = code === 0;
      if (!ok) output += `\n${step.name} exited with ${code ?? signal}\n`;
      const result = { name: step.name, seconds, ok, output };
      results.push(result);
      done(result);
    });
  });
}

/**
 * Runs steps one after another, stopping at the first failure (later steps depend on earlier
 * ones, or their verdict would only repeat it).
 * @param {string} name
 * @param {Step[]} steps
 * @param {boolean} live
 */
async function lane(name, steps, live) {
  const begun = performance.now();
  let output = '';
  let ok = true;
  for (const step of steps) {
    const result = await run(step, live);
    output += `\n── ${step.name} (${result.seconds.toFixed(1)} s)\n${live ? '' : result.output}`;
    if (!result.ok) {
      ok = false;
      break;
    }
  }
  if (!live) {
    process.stdout.write(
      `\n════ lane: ${name} ${ok ? 'passed' : 'FAILED'} in ${((performance.now() - begun) / 1000).toFixed(1)} s${output}\n`,
    );
  }
  return ok;
}

const npm = (/** @type {string[]} */ ...args) => ['npm', ...args];
const vitest = (/** @type {string[]} */ ...args) => ['npx', 'vitest', 'run', ...args];

const e2eEnv = { POOLKIT_E2E_SKIP_BUILD: '1' };
/** Each phase's lanes run side by side; a phase starts when the one before has passed. */
/** @type {Record<string, Step[]>[]} */
const phases = [
  {
    'builds, sizes': [
      { name: 'build @poolkit/core', command: npm('run', 'build', '-w', '@poolkit/core') },
      { name: 'build @poolkit/widgets', command: npm('run', 'build', '-w', '@poolkit/widgets') },
      { name: 'build @poolkit/site', command: npm('run', 'build', '-w', '@poolkit/site') },
      { name: 'sizes', command: npm('run', 'sizes'), env: { POOLKIT_SIZES_SKIP_BUILD: '1' } },
    ],
    // None of these reads a build: Storybook bundles the widgets from their sources.
    'lint, type-check, Storybook build': [
      { name: 'lint (Biome)', command: npm('run', 'lint') },
      { name: 'type-check', command: npm('run', 'typecheck') },
      { name: 'Storybook build', command: npm('run', 'build-storybook') },
    ],
  },
  {
    units: [
      {
        name: 'vitest server, core, scripts, widgets, site, storybook',
        command: vitest(
          ...['server', 'core', 'scripts', 'widgets', 'site', 'storybook'].flatMap((project) => [
            '--project',
            project,
          ]),
        ),
      },
    ],
  },
  {
    e2e: [{ name: 'vitest site-e2e', command: vitest('--project', 'site-e2e'), env: e2eEnv }],
    'e2e that moves the clock': [
      {
        name: 'vitest site-e2e-clock',
        command: vitest('--project', 'site-e2e-clock'),
        env: e2eEnv,
      },
    ],
  },
];

let ok = true;
for (const lanes of phases) {
  if (!ok) break;
  if (serial || Object.keys(lanes).length === 1) {
    for (const [name, steps] of Object.entries(lanes)) ok = (await lane(name, steps, true)) && ok;
    continue;
  }
  console.log(`\nSide by side: ${Object.keys(lanes).join(' | ')} (each printed when done)…`);
  const verdicts = await Promise.all(
    Object.entries(lanes).map(([name, steps]) => lane(name, steps, false)),
  );
  ok = verdicts.every(Boolean);
}

// vitest's summary lines ("Tests  1292 passed | 2 skipped (1294)"), added up over every run.
const counts = { passed: 0, failed: 0, skipped: 0 };
for (const result of results) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
  const text = result.output.replace(/\u001b\[[0-9;]*m/g, '');
  for (const line of text.matchAll(/^\s*Tests\s+(.+)$/gm)) {
    for (const [, figure, kind] of (line[1] ?? '').matchAll(/(\d+) (passed|failed|skipped)/g)) {
      counts[/** @type {'passed' | 'failed' | 'skipped'} */ (kind)] += Number(figure);
    }
  }
}

// Each project's test files' own durations ("✓  server  src/x.test.ts (12 tests) 345ms"),
// summed: the projects of one vitest run overlap, so this says where the time goes, not when.
/** @type {Map<string, { files: number, ms: number }>} */
const projects = new Map();
for (const result of results) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
  const text = result.output.replace(/\u001b\[[0-9;]*m/g, '');
  for (const [, project = '', ms] of text.matchAll(
    /^ [✓❯×↓] +([\w-]+)(?: \(chromium\))? +\S+\.(?:ts|tsx|mjs) .*?(\d+)ms$/gm,
  )) {
    const entry = projects.get(project) ?? { files: 0, ms: 0 };
    entry.files += 1;
    entry.ms += Number(ms);
    projects.set(project, entry);
  }
}

const width = Math.max(...results.map((result) => result.name.length));
console.log('\nStep times (lanes overlap, so they add up to more than the whole):');
for (const result of results) {
  console.log(
    `  ${result.name.padEnd(width)}  ${result.seconds.toFixed(1).padStart(6)} s  ${result.ok ? 'ok' : 'FAILED'}`,
  );
}
console.log(
  `  ${'whole npm test'.padEnd(width)}  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`,
);
if (projects.size > 0) {
  console.log("\nvitest projects, their files' durations summed (files run side by side):");
  for (const [project, { files, ms }] of projects) {
    console.log(
      `  ${project.padEnd(width)}  ${(ms / 1000).toFixed(1).padStart(6)} s  ${files} files`,
    );
  }
}
console.log(
  `\nvitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
);
process.exitCode = ok && counts.failed === 0 ? 0 : 1;
