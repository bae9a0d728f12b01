import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ERROR_CODES } from '../contract';
import { testConfig } from '../testing/testApp';
import { setAuthenticate } from './platform';
import { registerEndpointTestApp } from './registerEndpointTestApp';

const t = registerEndpointTestApp();

describe('registerEndpoint authentication', () => {
  function get(url: string, token?: string) {
    return t.app.inject({
      method: 'GET',
      url,
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });
  }

  it('should answer 401 code 40100 on a user endpoint without a token', async () => {
    const response = await get('/api/test/me');
    expect(response.statusCode).toBe(401);
    expect(t.errorOf(response).code).toBe(ERROR_CODES.unauthorized);
  });

  it('should answer 401 for a malformed Authorization header', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/me',
      headers: { authorization: 'Basic dXNlcjpwdw==' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('should pass the principal to the handler', async () => {
    const response = await get('/api/test/me', 'user-token');
    expect(response.json()).toEqual({
      code: 0,
      msg: 'success',
      data: { kind: 'user', userId: 'u1' },
    });
  });

  it('should answer HTTP 400 code 40001 for an expired token', async () => {
    const response = await get('/api/test/me', 'expired-token');
    expect(response.statusCode).toBe(400);
    expect(t.errorOf(response).code).toBe(ERROR_CODES.tokenExpired);
  });

  it('should let an observer read', async () => {
    const response = await get('/api/test/me', 'observer-token');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { kind: 'observer' } });
  });

  it('should answer 403 code 40301 to an observer on a write endpoint, before validating', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/test/settings',
      headers: { authorization: 'Bearer observer-token' },
      payload: { timezone: 'UTC+08:00' },
    });
    expect(response.statusCode).toBe(403);
    expect(t.errorOf(response).code).toBe(ERROR_CODES.observerReadOnly);

    const user = await t.app.inject({
      method: 'PUT',
      url: '/api/test/settings',
      headers: { authorization: 'Bearer user-token' },
      payload: { timezone: 'UTC+08:00' },
    });
    expect(user.statusCode).toBe(200);
  });

  it('should answer 403 code 40301 to an observer on a user-only endpoint', async () => {
    const response = await get('/api/test/security', 'observer-token');
    expect(response.statusCode).toBe(403);
    expect(t.errorOf(response).code).toBe(ERROR_CODES.observerReadOnly);
    expect((await get('/api/test/security', 'user-token')).statusCode).toBe(200);
  });

  it('should answer 403 code 40300 without the endpoint permission', async () => {
    const response = await get('/api/test/wallet', 'user-token');
    expect(response.statusCode).toBe(403);
    expect(t.errorOf(response).code).toBe(ERROR_CODES.forbidden);
    expect((await get('/api/test/wallet', 'wallet-token')).statusCode).toBe(200);
  });

  it('should serve optional endpoints with and without a token', async () => {
    expect((await get('/api/test/optional')).json()).toMatchObject({ data: { signedIn: false } });
    expect((await get('/api/test/optional', 'user-token')).json()).toMatchObject({
      data: { signedIn: true },
    });
    expect((await get('/api/test/optional', 'bogus')).statusCode).toBe(401);
  });

  it('should never authenticate on public endpoints', async () => {
    const response = await t.postItem({ name: 'rig', amount: '1' });
    expect(response.statusCode).toBe(200);
    const withBadToken = await t.app.inject({
      method: 'POST',
      url: '/api/test/btc/items',
      headers: { authorization: 'Bearer bogus' },
      payload: { name: 'rig', amount: '1' },
    });
    expect(withBadToken.statusCode).toBe(200);
  });

  it('should use a replaced authenticate function', async () => {
    setAuthenticate(t.app, async () => ({ kind: 'user', userId: 'swapped', permissions: [] }));
    try {
      expect((await get('/api/test/me')).json()).toMatchObject({ data: { userId: 'swapped' } });
    } finally {
      setAuthenticate(t.app, t.testAuthenticate);
    }
  });
});

describe('the default authenticate function', () => {
  let placeholderApp: FastifyInstance;

  beforeAll(async () => {
    placeholderApp = await buildApp({
      config: testConfig(),
      db: t.database,
      routes: t.registerTestEndpoints,
    });
  });

  afterAll(async () => {
    await placeholderApp.close();
  });

  it('should refuse every token until the identity module plugs in', async () => {
    const anonymous = await placeholderApp.inject({ method: 'GET', url: '/api/test/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(t.errorOf(anonymous).code).toBe(ERROR_CODES.unauthorized);
    const withToken = await placeholderApp.inject({
      method: 'GET',
      url: '/api/test/me',
      headers: { authorization: 'Bearer anything' },
    });
    expect(withToken.statusCode).toBe(401);
  });
});
