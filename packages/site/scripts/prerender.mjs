#!/usr/bin/env node
/**
 * The second step of `npm run build -w @poolkit/site`, after the browser build:
 *
 * 1. builds `src/prerender.tsx` for Node (`vite build --ssr`) into `node_modules/.cache`;
 * 2. renders each of its `PRERENDER_PATHS` as a signed-out visitor in English sees it before
 *    any data arrives, into a copy of `dist/index.html` (`<div id="root" data-prerendered>`);
 * 3. writes them as `dist/prerendered/<path>.html` (`/` is `index.html`) with `.br` and `.gz`
 *    beside them, and the list in `dist/prerendered/paths.json`.
 *
 * The server sends a prerendered page for its path (see the server's `serveSite.ts`); the
 * browser hydrates it (`src/main.tsx`).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const siteDir = resolve(import.meta.dirname, '..');
const distDir = join(siteDir, 'dist');
const outDir = join(distDir, 'prerendered');
const bundleDir = join(siteDir, 'node_modules/.cache/poolkit-prerender');
const ROOT_ELEMENT = '<div id="root"></div>';

async function buildRenderer() {
  await build({
    root: siteDir,
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: bundleDir, emptyOutDir: true },
  });
  const entry = readdirSync(join(bundleDir, 'static/js')).find((name) =>
    /^prerender-.*\.js$/.test(name),
  );
  if (!entry) throw new Error(`No prerender entry in ${bundleDir}`);
  return join(bundleDir, 'static/js', entry);
}

function escapeAttribute(value) {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}

function fileFor(path) {
  return path === '/' ? 'index.html' : `${path.replace(/^\/+/, '')}.html`;
}

function write(file, content) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

async function main() {
  const template = readFileSync(join(distDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT_ELEMENT)) {
    throw new Error(`dist/index.html has no ${ROOT_ELEMENT} to fill`);
  }
  const { prerender, PRERENDER_PATHS } = await import(pathToFileURL(await buildRenderer()).href);
  rmSync(outDir, { recursive: true, force: true });
  const written = [];
  for (const path of PRERENDER_PATHS) {
    const markup = await prerender(path);
    if (markup === null) continue;
    const root = `<div id="root" data-prerendered="${escapeAttribute(path)}">${markup}</div>`;
    write(
      join(outDir, fileFor(path)),
      template.replace(ROOT_ELEMENT, () => root),
    );
    written.push(path);
  }
  writeFileSync(join(outDir, 'paths.json'), `${JSON.stringify(written, null, 2)}\n`);
  console.log(`Prerendered ${written.length} pages into ${outDir}`);
}

await main();
