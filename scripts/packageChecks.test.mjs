/**
 * The published packages as their users get them: `@arethetypeswrong/cli` (types resolve under
 * `node16` from ES modules and under `bundler`, for the root and every per-widget entry) and
 * `publint` (the package.json fields and files agree) on the packed tarball of each, offline.
 * Needs the builds (`npm test` builds first; alone: `npm run build -w @poolkit/core` and
 * `-w @poolkit/widgets`).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const attw = join(root, 'node_modules/.bin/attw');

/** Problems that matter for an ESM-only package: all but those of `require` (node10, node16 CJS). */
const IGNORED_RESOLUTIONS = new Set(['node10', 'node16-cjs']);

describe.each(['core', 'widgets'])('@poolkit/%s as published', (name) => {
  const dir = join(root, 'packages', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

  it('should be built', () => {
    expect(existsSync(join(dir, 'dist/index.d.ts')), `build @poolkit/${name} first`).toBe(true);
  });

  it('should have types that resolve under node16 (ESM) and bundler for every entry', () => {
    // To a file: a pipe loses the end of attw's long JSON when it exits.
    const report = join(mkdtempSync(join(tmpdir(), 'poolkit-attw-')), 'report.json');
    const fd = openSync(report, 'w');
    // attw exits 1 when it finds problems; its JSON is complete all the same.
    // The stylesheet is no module: TypeScript has nothing to resolve there.
    const styles = name === 'widgets' ? ['--exclude-entrypoints', './style.css'] : [];
    spawnSync(attw, ['--pack', dir, '--format', 'json', '--profile', 'esm-only', ...styles], {
      cwd: root,
      stdio: ['ignore', fd, 'ignore'],
    });
    closeSync(fd);
    const output = readFileSync(report, 'utf8');
    rmSync(dirname(report), { recursive: true, force: true });
    const { analysis, problems } = JSON.parse(output);
    const found = Object.values(problems ?? {})
      .flat()
      .filter((problem) => !IGNORED_RESOLUTIONS.has(problem.resolutionKind));
    expect(found).toEqual([]);
    const subpaths = Object.keys(manifest.exports).filter(
      (subpath) => subpath !== './package.json' && !subpath.endsWith('.css'),
    );
    expect(Object.keys(analysis.entrypoints).sort()).toEqual(expect.arrayContaining(subpaths));
    for (const subpath of subpaths) {
      for (const kind of ['node16-esm', 'bundler']) {
        const resolution = analysis.entrypoints[subpath].resolutions[kind].resolution;
        expect(resolution?.isTypeScript, `${subpath} under ${kind}`).toBe(true);
      }
    }
  }, 120_000);

  it('should pass publint without a message', async () => {
    const { messages, pkg } = await publint({ pkgDir: dir, level: 'suggestion', pack: 'npm' });
    expect(messages.map((message) => formatMessage(message, pkg))).toEqual([]);
  }, 120_000);
});
