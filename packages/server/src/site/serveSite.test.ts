import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
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

/** GETs `path` exactly as written (no URL normalisation) from the app on a real port. */
async function rawGet(
  path: string,
): Promise<{ status: number; contentType: string | undefined; body: string }> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

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

  it('should answer /api paths with dot segments 400 in the envelope, not the static 403', async () => {
    // Sent over a real connection as they are: app.inject would normalise the dot segments.
    for (const url of ['/api/../etc/passwd', '/api/pools/../../x', '/api/%2e%2e/health']) {
      const response = await rawGet(url);
      expect(response.status, url).toBe(400);
      expect(JSON.parse(response.body), url).toEqual({
        code: ERROR_CODES.validation,
        msg: 'path: must not contain . or .. segments',
        fields: [{ field: 'path', message: 'must not contain . or .. segments' }],
      });
    }
    const inParameter = await rawGet('/api/pools/%2e%2e/stats');
    expect(inParameter.status).toBe(400);
    expect(JSON.parse(inParameter.body)).toMatchObject({ code: ERROR_CODES.validation });
  });

  it('should answer an /api path segment of 10,000 characters 414 in the envelope', async () => {
    for (const url of [`/api/pools/${'b'.repeat(10_000)}`, `/api/${'b'.repeat(10_000)}`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(414);
      expect(response.json()).toMatchObject({ code: ERROR_CODES.uriTooLong });
      expect(response.json().msg).toMatch(/^(path|params): /);
    }
  });

  it('should answer HEAD and other methods on a JSON call 405 with Allow, in the envelope', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/api/health' });
    expect(head.statusCode).toBe(405);
    expect(head.headers.allow).toBe('GET');
    const wrong = await app.inject({ method: 'DELETE', url: '/api/health' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('GET');
    expect(wrong.json()).toEqual({
      code: ERROR_CODES.methodNotAllowed,
      msg: 'method: DELETE is not allowed here; use GET',
      fields: [{ field: 'method', message: 'use GET' }],
    });
  });

  it('should answer a 60,000-character URL 431 in the envelope over a real connection', async () => {
    const response = await rawGet(`/api/pools?x=${'a'.repeat(60_000)}`);
    expect(response.status).toBe(431);
    expect(response.contentType).toBe('application/json; charset=utf-8');
    expect(JSON.parse(response.body)).toEqual({
      code: ERROR_CODES.headersTooLarge,
      msg: 'headers: the URL and headers together are too large',
      fields: [{ field: 'headers', message: 'the URL and headers together are too large' }],
    });
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
