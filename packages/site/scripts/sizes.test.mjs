import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSizes } from '../../../scripts/checkSizes.mjs';
import { HOME_JS_BUDGET_KB, measureHomeFirstLoad, siteSizeFigures } from './sizes.mjs';

let dir;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A build folder with a manifest: `files` maps each file to its content. */
function build(manifest, files) {
  dir = mkdtempSync(join(tmpdir(), 'poolkit-site-sizes-'));
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  for (const [file, content] of Object.entries(files)) writeFileSync(join(dir, file), content);
  return dir;
}

const gzip = (text) => gzipSync(text, { level: 9 }).length;

describe('measureHomeFirstLoad', () => {
  it('should count the entry and the home page with their static imports, not dynamic ones', () => {
    const files = {
      'index.html': '<link rel="stylesheet" crossorigin href="/assets/style.css">',
      'assets/index.js': 'console.log("entry")',
      'assets/shared.js': 'export const shared = 1;',
      'assets/home.js': 'export const home = 2;',
      'assets/chart.js': 'export const chart = 3;'.repeat(100),
      'assets/style.css': 'body { margin: 0 }',
    };
    const load = measureHomeFirstLoad(
      build(
        {
          'index.html': { file: 'assets/index.js', imports: ['_shared.js'] },
          '_shared.js': { file: 'assets/shared.js' },
          'src/pages/home/HomePage.tsx': {
            file: 'assets/home.js',
            imports: ['_shared.js'],
            dynamicImports: ['_chart.js'],
          },
          '_chart.js': { file: 'assets/chart.js' },
        },
        files,
      ),
    );
    expect(load.js.map((entry) => entry.file)).toEqual([
      'assets/index.js',
      'assets/shared.js',
      'assets/home.js',
    ]);
    expect(load.css).toEqual([{ file: 'assets/style.css', gzip: gzip(files['assets/style.css']) }]);
    expect(load.jsGzip).toBe(
      gzip(files['assets/index.js']) +
        gzip(files['assets/shared.js']) +
        gzip(files['assets/home.js']),
    );
  });
});

describe('siteSizeFigures', () => {
  it('should fail the check when the home page JavaScript grows past its budget', () => {
    const load = {
      js: [{ file: 'assets/index.js', gzip: HOME_JS_BUDGET_KB * 1024 + 1 }],
      css: [{ file: 'assets/style.css', gzip: 9_000 }],
      jsGzip: HOME_JS_BUDGET_KB * 1024 + 1,
      cssGzip: 9_000,
    };
    const { report, over } = checkSizes([{ title: 'site', figures: siteSizeFigures(load) }]);
    expect(over.map((figure) => figure.name)).toEqual(['home page JS (1 file)']);
    expect(report).toMatch(
      new RegExp(
        `OVER {2}home page JS \\(1 file\\) +${HOME_JS_BUDGET_KB}\\.00 KB {2}budget ${HOME_JS_BUDGET_KB} KB`,
      ),
    );
    expect(report).toMatch(/ok {4}home page CSS \(1 file\) +8\.79 KB {2}budget 20 KB/);
  });
});
