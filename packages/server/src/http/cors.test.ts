import { ERROR_CODES } from '@poolkit/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/connect';
import { testConfig } from '../testing/testApp';
import { openTestDatabase } from '../testing/testDatabase';
import { corsDecision, FOREIGN_ORIGIN_MESSAGE } from './cors';

const PARTNER = 'https://partner.example';
const APP = 'https://app.partner.example';
const PUBLIC_READ = '/api/address-mining/kas/pool/stats';
const SIGNED_IN_READ = '/api/pools/btc/accounts/alice01/miners?page=1&page_size=10';
const LOGIN = '/api/v2/users/encrypt/login';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  app = await buildApp({ config: testConfig({ CORS_ORIGINS: APP }), db: database });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

function preflight(url: string, origin: string, method: string, headers = '') {
  return app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      ...(headers === '' ? {} : { 'access-control-request-headers': headers }),
    },
  });
}

describe('CORS', () => {
  it('should let any origin read a public call of family A, without credentials', async () => {
    const response = await app.inject({ url: PUBLIC_READ, headers: { origin: PARTNER } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['access-control-expose-headers']).toContain('X-Request-Id');
    expect(response.headers.vary).toMatch(/Origin/);
  });

  it('should let any origin read the pool reads whose token is optional (the connected widgets)', async () => {
    for (const url of ['/api/pools/btc/stats', '/api/pools/btc/blocks?page=1&page_size=10']) {
      const response = await app.inject({ url, headers: { origin: PARTNER } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    }
    // With a token it is no public read any more: the preflight asking for Authorization fails.
    const withToken = await preflight('/api/pools/btc/stats', PARTNER, 'GET', 'authorization');
    expect(withToken.statusCode).toBe(403);
  });

  it('should carry the CORS headers on the errors of a public read, so the page can read them', async () => {
    const response = await app.inject({
      url: '/api/address-mining/kas/hashrates?interval=5m',
      headers: { origin: PARTNER },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(ERROR_CODES.validation);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('should answer the preflight of a public read with * and GET', async () => {
    const response = await preflight(PUBLIC_READ, PARTNER, 'GET', 'cache-control, pragma');
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-methods']).toBe('GET');
    expect(response.headers['access-control-allow-headers']).toMatch(/Cache-Control/);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(Number(response.headers['access-control-max-age'])).toBeGreaterThan(0);
  });

  it('should refuse signed-in calls and public writes from another origin, with a clear 403', async () => {
    for (const response of [
      await app.inject({ url: SIGNED_IN_READ, headers: { origin: PARTNER } }),
      await app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { origin: PARTNER, 'content-type': 'application/json' },
        payload: {},
      }),
      await preflight(SIGNED_IN_READ, PARTNER, 'GET', 'authorization'),
      await preflight(LOGIN, PARTNER, 'POST', 'content-type'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: ERROR_CODES.forbidden,
        msg: FOREIGN_ORIGIN_MESSAGE,
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('should let a configured origin make signed-in calls with credentials', async () => {
    const call = await app.inject({ url: SIGNED_IN_READ, headers: { origin: APP } });
    // Not signed in: the normal 401, readable by the configured page.
    expect(call.statusCode).toBe(401);
    expect(call.headers['access-control-allow-origin']).toBe(APP);
    expect(call.headers['access-control-allow-credentials']).toBe('true');
    const check = await preflight(LOGIN, APP, 'POST', 'content-type');
    expect(check.statusCode).toBe(204);
    expect(check.headers['access-control-allow-origin']).toBe(APP);
    expect(check.headers['access-control-allow-credentials']).toBe('true');
    expect(check.headers['access-control-allow-methods']).toBe('POST');
    expect(check.headers['access-control-allow-headers']).toMatch(/Authorization/);
    // Public reads echo the configured origin too, so a page sending credentials can read them.
    const read = await app.inject({ url: PUBLIC_READ, headers: { origin: APP } });
    expect(read.headers['access-control-allow-origin']).toBe(APP);
  });

  it("should add nothing for the site's own origin or a call without Origin", async () => {
    const own = await app.inject({
      url: SIGNED_IN_READ,
      headers: { origin: 'http://pool.example:8080', host: 'pool.example:8080' },
    });
    expect(own.statusCode).toBe(401);
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
    const plain = await app.inject({ url: PUBLIC_READ });
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("should know the site's own origin behind a trusted proxy that rewrites Host", async () => {
    const proxied = await buildApp({
      config: testConfig({ TRUST_PROXY: 'true' }),
      db: database,
    });
    try {
      const response = await proxied.inject({
        url: SIGNED_IN_READ,
        headers: {
          origin: 'https://pool.example',
          host: '10.0.0.5:8080',
          'x-forwarded-host': 'pool.example',
        },
      });
      // Not refused as another origin: the normal 401 of a call without a token.
      expect(response.statusCode).toBe(401);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('should answer a preflight for no endpoint as the path itself is answered', async () => {
    const response = await preflight('/api/no/such/call', PARTNER, 'GET');
    expect(response.statusCode).toBe(404);
    const otherMethod = await preflight(PUBLIC_READ, PARTNER, 'DELETE');
    expect(otherMethod.statusCode).toBe(405);
    expect(otherMethod.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('corsDecision', () => {
  it('should treat a path matching a private endpoint as private', () => {
    expect(corsDecision(PARTNER, 'pool.example', 'private', []).kind).toBe('refuse');
    expect(corsDecision(PARTNER, 'pool.example', null, []).kind).toBe('refuse');
    expect(corsDecision('null', 'pool.example', 'public', []).kind).toBe('allow');
    expect(corsDecision('https://pool.example', 'pool.example', 'private', []).kind).toBe('same');
    expect(corsDecision(undefined, 'pool.example', 'private', []).kind).toBe('same');
  });
});
