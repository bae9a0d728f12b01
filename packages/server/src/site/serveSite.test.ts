import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ERROR_CODES } from '../contract';
import type { Database } from '../db/connect';
import { testConfig } from '../testing/testApp';
import { openTestDatabase } from '../testing/testDatabase';
import { inlineScriptHashes } from './serveSite';

const inlineScript = "document.documentElement.setAttribute('data-csr', '');";
const indexHtml = `<!doctype html><html><head><script>${inlineScript}</script><script type="module" src="/static/js/index-3f2a9c1b.js"></script></head><body><div id="root"></div></body></html>`;
const prerenderedHome = indexHtml.replace(
  '<div id="root"></div>',
  '<div id="root" data-prerendered="/"><h1>PoolKit mining pool</h1></div>',
);
const prerenderedStat = indexHtml.replace(
  '<div id="root"></div>',
  '<div id="root" data-prerendered="/pool/btc/stat"><h1>BTC</h1></div>',
);

let siteDir = '';
let database: Database;
let app: FastifyInstance;
let bareApp: FastifyInstance;

beforeAll(async () => {
  siteDir = await mkdtemp(path.join(tmpdir(), 'poolkit-site-'));
  await mkdir(path.join(siteDir, 'static', 'js'), { recursive: true });
  await mkdir(path.join(siteDir, 'static', 'css'), { recursive: true });
  await writeFile(path.join(siteDir, 'index.html'), indexHtml);
  await writeFile(path.join(siteDir, 'static', 'js', 'index-3f2a9c1b.js'), 'console.log(1);\n');
  await writeFile(path.join(siteDir, 'static', 'css', 'index-9d8e7f6a.css'), 'body{margin:0}\n');
  await writeFile(path.join(siteDir, 'robots.txt'), 'User-agent: *\n');
  await writeFile(
    path.join(siteDir, 'static', 'js', 'index-3f2a9c1b.js.gz'),
    gzipSync('console.log(1);\n'),
  );
  await writeFile(path.join(siteDir, '.env'), 'SECRET=1\n');
  await mkdir(path.join(siteDir, 'prerendered', 'pool', 'btc'), { recursive: true });
  await writeFile(path.join(siteDir, 'prerendered', 'index.html'), prerenderedHome);
  await writeFile(path.join(siteDir, 'prerendered', 'pool', 'btc', 'stat.html'), prerenderedStat);
  await writeFile(
    path.join(siteDir, 'prerendered', 'paths.json'),
    JSON.stringify(['/', '/pool/btc/stat', '/../../etc/passwd', 42]),
  );

  database = await openTestDatabase('pglite', { migrate: false });
  app = await buildApp({ config: testConfig({ SITE_DIR: siteDir }), db: database });
  bareApp = await buildApp({
    config: testConfig({ SITE_DIR: path.join(siteDir, 'not-built') }),
    db: database,
  });
  await Promise.all([app.ready(), bareApp.ready()]);
});

afterAll(async () => {
  await app.close();
  await bareApp.close();
  await database.close();
  await rm(siteDir, { recursive: true, force: true });
});

describe('the built site', () => {
  it('should serve the prerendered home page at / without caching', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(prerenderedHome);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it.each([
    ['/pool/btc/stat', prerenderedStat],
    ['/pool/btc/stat?tab=blocks', prerenderedStat],
    ['/pool/btc/info', indexHtml],
    ['/pool/btc/stat/', indexHtml],
  ])('should answer %s with its prerendered page, else index.html', async (url, page) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(page);
  });

  it("should allow exactly index.html's inline script by its hash in the page CSP", async () => {
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    for (const url of ['/', '/login']) {
      const policy = String(
        (await app.inject({ method: 'GET', url })).headers['content-security-policy'],
      );
      expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
      expect(policy).toContain("style-src 'self';");
      expect(policy).not.toContain('unsafe-inline');
    }
    expect(inlineScriptHashes('<script src="/a.js"></script><script>x()</script>')).toEqual([
      `'sha256-${createHash('sha256').update('x()').digest('base64')}'`,
    ]);
  });

  it('should serve hashed scripts and stylesheets as immutable for a year', async () => {
    const script = await app.inject({ method: 'GET', url: '/static/js/index-3f2a9c1b.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe('console.log(1);\n');

    const stylesheet = await app.inject({ method: 'GET', url: '/static/css/index-9d8e7f6a.css' });
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers['content-type']).toMatch(/^text\/css/);
    expect(stylesheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('should revalidate other files', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/login', '/account/miners/rig01', '/pools/btc?tab=blocks', '/index.html'])(
    'should answer %s with index.html (history-mode fallback)',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(indexHtml);
    },
  );

  it('should answer HEAD like GET without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/some/page' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it('should answer 404 for a missing hashed asset, not index.html', async () => {
    const response = await app.inject({ method: 'GET', url: '/static/js/index-00000000.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<html');
  });

  it('should keep /api answers out of the fallback', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: ERROR_CODES.notFound,
      msg: 'Not found: GET /api/unknown',
    });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ code: 0 });
  });

  it('should send the pre-compressed copy of an asset to browsers that accept gzip', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/static/js/index-3f2a9c1b.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(response.rawPayload).toString()).toBe('console.log(1);\n');
    const plain = await app.inject({ method: 'GET', url: '/static/js/index-3f2a9c1b.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1);\n');
  });

  it('should answer API errors in the error envelope when the site is built', async () => {
    // Routes registered before the static plugin once kept Fastify's own error shape.
    const response = await app.inject({ method: 'GET', url: '/api/captcha/challenge?unknown=1' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: ERROR_CODES.validation });
    expect(typeof body.msg).toBe('string');
    expect(body).not.toHaveProperty('statusCode');
  });

  it('should not fall back for other methods', async () => {
    const response = await app.inject({ method: 'POST', url: '/login' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: ERROR_CODES.notFound });
  });

  it('should never serve dotfiles or files outside the site', async () => {
    for (const url of [
      '/.env',
      '/../../etc/passwd',
      '/static/..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body).not.toContain('SECRET=1');
      expect(response.body).not.toContain('root:');
    }
  });
});

describe('without a built site', () => {
  it('should answer / with a page saying the site is not built', async () => {
    const response = await bareApp.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('not built');
    expect(response.body).not.toContain('<script');
    expect(response.body).not.toContain('style=');
  });

  it('should answer other pages with the same page and a 404', async () => {
    const response = await bareApp.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('not built');
  });

  it('should still answer the API', async () => {
    const response = await bareApp.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});
