import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ERROR_CODES } from '../contract';
import type { Database } from '../db/connect';
import { testConfig } from '../testing/testApp';
import { openTestDatabase } from '../testing/testDatabase';
import { EMBED_WIDGETS, readElementsBuild } from './serveEmbed';

const moduleCode = "customElements.define('poolkit-test', class extends HTMLElement {});\n";
const integrity = `sha384-${createHash('sha384').update(moduleCode).digest('base64')}`;
const address = `kaspa:${'q'.repeat(61)}`;

let embedDir = '';
let database: Database;
/** Built elements; frames allowed from two partner origins. */
let app: FastifyInstance;
/** No elements built; no frame ancestors configured. */
let bareApp: FastifyInstance;

beforeAll(async () => {
  embedDir = await mkdtemp(path.join(tmpdir(), 'poolkit-embed-'));
  await writeFile(path.join(embedDir, 'poolkit-elements.js'), moduleCode);
  await writeFile(
    path.join(embedDir, 'poolkit-elements.json'),
    JSON.stringify({ version: '1.4.2', file: 'poolkit-elements.js', integrity }),
  );
  database = await openTestDatabase('pglite');
  app = await buildApp({
    config: testConfig({
      EMBED_DIR: embedDir,
      EMBED_FRAME_ANCESTORS: 'https://partner.example, http://localhost:5173',
    }),
    db: database,
  });
  bareApp = await buildApp({
    config: testConfig({ EMBED_DIR: path.join(embedDir, 'missing') }),
    db: database,
  });
});

afterAll(async () => {
  await app.close();
  await bareApp.close();
  await database.close();
  await rm(embedDir, { recursive: true, force: true });
});

describe('the custom elements module', () => {
  it("should give the SRI hash of the bytes it serves, not a stale manifest's", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'poolkit-embed-stale-'));
    await writeFile(path.join(dir, 'poolkit-elements.js'), moduleCode);
    await writeFile(
      path.join(dir, 'poolkit-elements.json'),
      JSON.stringify({ version: '1.4.2', integrity: 'sha384-fromAnOlderBuild' }),
    );
    expect(readElementsBuild(dir)?.integrity).toBe(integrity);
    await rm(dir, { recursive: true, force: true });
  });

  it('should be served under its version, cached for a year and readable from any origin', async () => {
    const response = await app.inject({
      url: '/embed/v1.4.2/poolkit-elements.js',
      headers: { origin: 'https://partner.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(moduleCode);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(`sha384-${createHash('sha384').update(response.rawPayload).digest('base64')}`).toBe(
      integrity,
    );
  });

  it('should answer 404 for another version, naming the one it serves', async () => {
    const response = await app.inject({ url: '/embed/v1.4.1/poolkit-elements.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json().msg).toContain('/embed/v1.4.2/poolkit-elements.js');
  });

  it('should describe it in /embed/elements.json, revalidated', async () => {
    const response = await app.inject({ url: '/embed/elements.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      version: '1.4.2',
      file: 'poolkit-elements.js',
      integrity,
      url: '/embed/v1.4.2/poolkit-elements.js',
    });
  });

  it('should say how to build it while it is missing', async () => {
    for (const url of ['/embed/elements.json', '/embed/v0.0.0/poolkit-elements.js']) {
      const response = await bareApp.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: ERROR_CODES.notFound });
      expect(response.json().msg).toMatch(/not built: run `npm run build -w @poolkit\/widgets`/);
    }
    const page = await bareApp.inject({ url: '/embed/pool-stats?coin=kas' });
    expect(page.statusCode).toBe(404);
  });
});

describe('the iframe routes', () => {
  it('should show each widget as its element, loading the module with its SRI hash', async () => {
    for (const widget of EMBED_WIDGETS) {
      const query = widget === 'worker-table' ? `coin=kas&address=${address}` : 'coin=kas';
      const response = await app.inject({ url: `/embed/${widget}?${query}` });
      expect(response.statusCode, widget).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain(
        `<script type="module" src="/embed/v1.4.2/poolkit-elements.js" integrity="${integrity}" crossorigin="anonymous"></script>`,
      );
      expect(response.body).toContain(`<poolkit-${widget} coin="kas"`);
      // Nothing inline: the page passes the site's CSP without hashes.
      expect(response.body).not.toMatch(/<script(?![^>]*\ssrc=)|<style|\sstyle=/);
    }
  });

  it('should pass the attributes from the query', async () => {
    const response = await app.inject({
      url: '/embed/hashrate-chart?coin=alph&range=7d&lang=ja&theme=dark',
    });
    expect(response.body).toContain('<html lang="ja">');
    expect(response.body).toContain(
      '<poolkit-hashrate-chart coin="alph" range="7d" lang="ja" theme="dark"></poolkit-hashrate-chart>',
    );
    const workers = await app.inject({ url: `/embed/worker-table?coin=kas&address=${address}` });
    expect(workers.body).toContain(`<poolkit-worker-table coin="kas" address="${address}">`);
  });

  it('should answer 400 naming the field for a bad coin, range, lang, theme or address', async () => {
    const cases: [string, string][] = [
      ['/embed/pool-stats', 'coin'],
      ['/embed/pool-stats?coin=nope', 'coin'],
      ['/embed/worker-table?coin=btc&address=bc1qexample', 'coin'],
      ['/embed/pool-stats?coin=kas&coin=alph', 'coin'],
      ['/embed/hashrate-chart?coin=kas&range=90d', 'range'],
      ['/embed/blocks?coin=kas&lang=de', 'lang'],
      ['/embed/luck?coin=kas&theme=blue', 'theme'],
      ['/embed/worker-table?coin=kas', 'address'],
      ['/embed/worker-table?coin=kas&address=%22%3E%3Cscript%3E', 'address'],
    ];
    for (const [url, field] of cases) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        code: ERROR_CODES.validation,
        fields: [{ field }],
      });
      expect(response.json().msg, url).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('should embed any coin of the pool, not only those mined by address', async () => {
    const response = await app.inject({ url: '/embed/halving-countdown?coin=btc' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<poolkit-halving-countdown coin="btc"');
  });

  it('should answer 404 for a widget it does not embed', async () => {
    const response = await app.inject({ url: '/embed/wallet?coin=kas' });
    expect(response.statusCode).toBe(404);
    expect(response.json().msg).toContain('/embed/hashrate-chart');
  });

  it('should let the EMBED_FRAME_ANCESTORS origins frame them, without X-Frame-Options', async () => {
    const response = await app.inject({ url: '/embed/pool-stats?coin=kas' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain('frame-ancestors https://partner.example http://localhost:5173');
    expect(policy).not.toContain("frame-ancestors 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it("should refuse framing when EMBED_FRAME_ANCESTORS is unset (frame-ancestors 'none')", async () => {
    const built = await buildApp({
      config: testConfig({ EMBED_DIR: embedDir }),
      db: database,
    });
    try {
      const response = await built.inject({ url: '/embed/pool-stats?coin=kas' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    } finally {
      await built.close();
    }
  });

  it('should keep refusing framing everywhere else', async () => {
    for (const url of ['/', '/pool/btc/stat', '/api/health', '/embed/elements.json']) {
      const response = await app.inject({ url });
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });
});
