import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../contract/endpoint';
import { createSession } from '../session/createSession';
import { MemoryStorage } from '../session/memoryStorage';
import { ApiError } from './apiError';
import { createApi } from './createApi';
import { createHttpClient } from './createHttpClient';
import { describeError } from './describeError';
import { sessionHttpOptions } from './sessionHttpOptions';

const state = {
  validToken: 'access-2',
  refreshCount: 0,
  refreshBodies: [] as unknown[],
  refreshFails: false,
  guardedHits: 0,
  failHits: 0,
};

function reply(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function route(request: IncomingMessage, response: ServerResponse, body: string): void {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith('/api/fail/')) state.failHits += 1;
  switch (url.pathname) {
    case '/api/echo':
      reply(response, 200, { code: 0, msg: 'success', data: { headers: request.headers } });
      return;
    case '/api/guarded':
      state.guardedHits += 1;
      if (request.headers.authorization === `Bearer ${state.validToken}`) {
        reply(response, 200, { code: 0, msg: 'success', data: { token: state.validToken } });
      } else {
        reply(response, 400, { code: 40001, msg: 'token expired' });
      }
      return;
    case '/api/users/refresh/login':
      state.refreshCount += 1;
      state.refreshBodies.push(JSON.parse(body));
      setTimeout(() => {
        if (state.refreshFails) reply(response, 401, { code: 40100, msg: 'refresh token invalid' });
        else {
          reply(response, 200, {
            code: 0,
            msg: 'success',
            data: { token: 'access-2', refresh_token: 'refresh-2' },
          });
        }
      }, 30);
      return;
    case '/api/fail/server-message':
      reply(response, 400, { code: 40005, msg: 'The address is wrong (from server)' });
      return;
    case '/api/fail/blank-message':
      reply(response, 500, { code: 50000, msg: '  ' });
      return;
    case '/api/fail/ok-status':
      reply(response, 200, { code: 40301, msg: '' });
      return;
    case '/api/fail/fields':
      reply(response, 400, {
        code: 40000,
        msg: 'Invalid input',
        fields: [{ field: 'addr', message: 'not a kaspa address' }],
      });
      return;
    case '/api/fail/html':
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html>Bad gateway</html>');
      return;
    case '/api/fail/network':
      request.socket.destroy();
      return;
    case '/api/slow':
      setTimeout(() => reply(response, 200, { code: 0, msg: 'success', data: { count: 1 } }), 400);
      return;
    case '/api/export.csv':
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.end('time,hashrate\n1,2\n');
      return;
    case '/api/mismatch':
      reply(response, 200, { code: 0, msg: 'success', data: { count: 'many' } });
      return;
    case '/api/not-envelope':
      reply(response, 200, { count: 1 });
      return;
    default:
      reply(response, 404, { code: 40400, msg: 'not found' });
  }
}

const server = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => {
    body += chunk;
  });
  request.on('end', () => route(request, response, body));
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  state.validToken = 'access-2';
  state.refreshCount = 0;
  state.refreshBodies = [];
  state.refreshFails = false;
  state.guardedHits = 0;
  state.failHits = 0;
});

const headersResponse = z.object({ headers: z.record(z.string(), z.string()) });
const endpoints = {
  echoPublicA: defineEndpoint({
    id: 'echoPublicA',
    family: 'A',
    method: 'GET',
    path: '/echo',
    auth: 'public',
    response: headersResponse,
    summary: 'Echoes the request headers',
  }),
  echoUserA: defineEndpoint({
    id: 'echoUserA',
    family: 'A',
    method: 'GET',
    path: '/echo',
    auth: 'user',
    response: headersResponse,
    summary: 'Echoes the request headers',
  }),
  echoB: defineEndpoint({
    id: 'echoB',
    family: 'B',
    method: 'GET',
    path: '/echo',
    auth: 'user',
    response: headersResponse,
    summary: 'Echoes the request headers',
  }),
  echoUserOnlyB: defineEndpoint({
    id: 'echoUserOnlyB',
    family: 'B',
    method: 'GET',
    path: '/echo',
    auth: 'user-only',
    response: headersResponse,
    summary: 'Echoes the request headers',
  }),
  guarded: defineEndpoint({
    id: 'guarded',
    family: 'B',
    method: 'GET',
    path: '/guarded',
    auth: 'user',
    response: z.object({ token: z.string() }),
    summary: 'Answers 40001 unless the bearer is the valid token',
  }),
  fail: defineEndpoint({
    id: 'fail',
    family: 'A',
    method: 'GET',
    path: '/fail/{kind}',
    auth: 'public',
    params: z.object({ kind: z.string() }),
    response: z.unknown(),
    summary: 'Fails in the way asked for',
  }),
  slow: defineEndpoint({
    id: 'slow',
    family: 'A',
    method: 'GET',
    path: '/slow',
    auth: 'public',
    response: z.object({ count: z.number() }),
    summary: 'Answers after 400 ms',
  }),
  exportCsv: defineEndpoint({
    id: 'exportCsv',
    family: 'A',
    method: 'GET',
    path: '/export.csv',
    auth: 'public',
    response: z.string(),
    responseKind: 'text',
    summary: 'A CSV export',
  }),
  mismatch: defineEndpoint({
    id: 'mismatch',
    family: 'A',
    method: 'GET',
    path: '/mismatch',
    auth: 'public',
    response: z.object({ count: z.number() }),
    summary: 'Answers data that does not match the schema',
  }),
  notEnvelope: defineEndpoint({
    id: 'notEnvelope',
    family: 'A',
    method: 'GET',
    path: '/not-envelope',
    auth: 'public',
    response: z.object({ count: z.number() }),
    summary: 'Answers JSON without the envelope',
  }),
};

function loggedInSession() {
  const session = createSession({ local: new MemoryStorage(), session: new MemoryStorage() });
  session.login({ accessToken: 'access-1', refreshToken: 'refresh-1' }, 7);
  session.set('pool_name', 'kas');
  return session;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('The call did not fail');
}

describe('createHttpClient headers', () => {
  it('should send the family A headers and no bearer on a public family A call', async () => {
    const credentials: string[] = [];
    const http = createHttpClient({
      baseUrl,
      getLanguage: () => 'ru',
      getAccessToken: () => 'access-1',
      fetch: (input, init) => {
        if (input instanceof Request) credentials.push(input.credentials);
        return globalThis.fetch(input, init);
      },
    });
    const { headers } = await createApi(http, endpoints).echoPublicA();
    expect(headers['cache-control']).toBe('no-cache');
    expect(headers.pragma).toBe('no-cache');
    expect(headers['accept-language']).toBe('ru');
    expect(headers.authorization).toBeUndefined();
    // A public read never carries credentials to another origin (the server answers it `*`).
    expect(credentials).toEqual(['same-origin']);
  });

  it('should send signed-in calls with the credentials option, include by default', async () => {
    for (const [option, expected] of [
      [undefined, ['include', 'same-origin']],
      ['omit', ['omit', 'omit']],
    ] as const) {
      const seen: string[] = [];
      const http = createHttpClient({
        baseUrl,
        getAccessToken: () => 'access-2',
        ...(option === undefined ? {} : { credentials: option }),
        fetch: (input, init) => {
          if (input instanceof Request) seen.push(input.credentials);
          return globalThis.fetch(input, init);
        },
      });
      const api = createApi(http, endpoints);
      await api.echoB();
      await api.echoPublicA();
      expect(seen).toEqual(expected);
    }
  });

  it('should send no custom headers with noCacheHeaders false, so public reads need no preflight', async () => {
    const http = createHttpClient({ baseUrl, noCacheHeaders: false, getLanguage: () => 'ja' });
    const { headers } = await createApi(http, endpoints).echoPublicA();
    expect(headers['cache-control']).toBeUndefined();
    expect(headers.pragma).toBeUndefined();
    expect(headers['accept-language']).toBe('ja');
  });

  it('should default the language header to en', async () => {
    const http = createHttpClient({ baseUrl });
    const { headers } = await createApi(http, endpoints).echoPublicA();
    expect(headers['accept-language']).toBe('en');
  });

  it('should send the access token as bearer on family B', async () => {
    const session = loggedInSession();
    session.set('language', 'ja');
    const http = createHttpClient({ baseUrl, ...sessionHttpOptions(session) });
    const { headers } = await createApi(http, endpoints).echoB();
    expect(headers.authorization).toBe('Bearer access-1');
    expect(headers['accept-language']).toBe('ja');
    expect(headers['cache-control']).toBe('no-cache');
  });

  it('should send the observer token instead of the access token in observer mode', async () => {
    const session = loggedInSession();
    session.observer.start('observer-1');
    const api = createApi(createHttpClient({ baseUrl, ...sessionHttpOptions(session) }), endpoints);
    expect((await api.echoB()).headers.authorization).toBe('Bearer observer-1');
    expect((await api.echoUserOnlyB()).headers.authorization).toBe('Bearer access-1');
  });

  it('should send the bearer on a family A call that needs a user', async () => {
    const session = loggedInSession();
    const api = createApi(createHttpClient({ baseUrl, ...sessionHttpOptions(session) }), endpoints);
    expect((await api.echoUserA()).headers.authorization).toBe('Bearer access-1');
  });

  it('should add the bearer when the family B instance is used directly', async () => {
    const http = createHttpClient({ baseUrl, getAccessToken: () => 'direct-1' });
    const body = await http.familyB
      .get('echo')
      .json<{ data: { headers: Record<string, string> } }>();
    expect(body.data.headers.authorization).toBe('Bearer direct-1');
    const plain = await http.familyA
      .get('echo')
      .json<{ data: { headers: Record<string, string> } }>();
    expect(plain.data.headers.authorization).toBeUndefined();
    const observing = createHttpClient({
      baseUrl,
      getAccessToken: () => 'direct-1',
      getObserverToken: () => 'observer-9',
    });
    const observed = await observing.familyB
      .get('echo')
      .json<{ data: { headers: Record<string, string> } }>();
    expect(observed.data.headers.authorization).toBe('Bearer observer-9');
  });
});

describe('createHttpClient answers', () => {
  it('should return the text of a text endpoint', async () => {
    const api = createApi(createHttpClient({ baseUrl }), endpoints);
    await expect(api.exportCsv()).resolves.toBe('time,hashrate\n1,2\n');
  });

  it('should reject data that does not match the response schema with a typed error', async () => {
    const api = createApi(createHttpClient({ baseUrl }), endpoints);
    const error = await failure(api.mismatch());
    expect(error.kind).toBe('invalidResponse');
    expect(error.status).toBe(200);
    expect(error.endpointId).toBe('mismatch');
    expect(error.message).toBe('errors.requestFailed');
  });

  it('should reject JSON that is not an envelope', async () => {
    const api = createApi(createHttpClient({ baseUrl }), endpoints);
    const error = await failure(api.notEnvelope());
    expect(error.kind).toBe('invalidResponse');
  });
});

describe('createHttpClient errors', () => {
  it('should prefer the server message', async () => {
    const api = createApi(createHttpClient({ baseUrl }), endpoints);
    const error = await failure(api.fail({ params: { kind: 'server-message' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('http');
    expect(error.status).toBe(400);
    expect(error.code).toBe(40005);
    expect(error.serverMessage).toBe('The address is wrong (from server)');
    expect(error.message).toBe('The address is wrong (from server)');
    expect(error.messageKey).toBe('errors.addressWrong');
  });

  it('should fall back to the request error message when the server message is blank', async () => {
    const api = createApi(createHttpClient({ baseUrl }), endpoints);
    const error = await failure(api.fail({ params: { kind: 'blank-message' } }));
    expect(error.status).toBe(500);
    expect(error.code).toBe(50000);
    expect(error.serverMessage).toBeUndefined();
    expect(error.message).toMatch(/^Request failed with status code 500/);
    expect(error.messageKey).toBe('errors.internal');
    // No automatic retry of a failed GET (ky's default would retry a 500).
    expect(state.failHits).toBe(1);
  });

  it('should fall back to errors.requestFailed when there is no message at all', async () => {
    const api = createApi(createHttpClient({ baseUrl }), endpoints);
    const error = await failure(api.fail({ params: { kind: 'ok-status' } }));
    expect(error.status).toBe(200);
    expect(error.code).toBe(40301);
    expect(error.message).toBe('errors.requestFailed');
    expect(error.messageKey).toBe('errors.observerReadOnly');
  });

  it('should keep the fields of the error envelope', async () => {
    const api = createApi(createHttpClient({ baseUrl }), endpoints);
    const error = await failure(api.fail({ params: { kind: 'fields' } }));
    expect(error.fields).toEqual([{ field: 'addr', message: 'not a kaspa address' }]);
  });

  it('should report an error answer that is not an envelope by its status', async () => {
    const api = createApi(createHttpClient({ baseUrl }), endpoints);
    const error = await failure(api.fail({ params: { kind: 'html' } }));
    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
    expect(error.message).toContain('502');
    expect(error.messageKey).toBe('errors.requestFailed');
  });

  it('should turn a dropped connection into a network error', async () => {
    const api = createApi(createHttpClient({ baseUrl }), endpoints);
    const error = await failure(api.fail({ params: { kind: 'network' } }));
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
    expect(error.message).not.toBe('errors.requestFailed');
    expect(error.messageKey).toBe('errors.network');
    // Never the runtime's own words ("fetch failed", "Failed to fetch"): the key, translated.
    expect(error.message).toBe('errors.network');
    expect(error.requestMessage).toBeTruthy();
    expect(describeError(error, (key) => `translated:${key}`)).toBe('translated:errors.network');
  });

  it('should time out after the timeout option', async () => {
    const api = createApi(createHttpClient({ baseUrl, timeout: 50 }), endpoints);
    const started = Date.now();
    const error = await failure(api.slow());
    expect(Date.now() - started).toBeLessThan(350);
    expect(error.kind).toBe('timeout');
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/timed out/);
    expect(error.messageKey).toBe('errors.timeout');
  });

  it('should abort with the caller signal', async () => {
    const api = createApi(createHttpClient({ baseUrl }), endpoints);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const error = await failure(api.slow(undefined, { signal: controller.signal }));
    expect(error.kind).toBe('aborted');
    expect(error.status).toBe(0);
  });
});

describe('createHttpClient expired token', () => {
  it('should refresh once for 20 concurrent expired calls and retry each', async () => {
    const session = loggedInSession();
    const api = createApi(createHttpClient({ baseUrl, ...sessionHttpOptions(session) }), endpoints);
    const results = await Promise.all(Array.from({ length: 20 }, () => api.guarded()));
    expect(results).toEqual(Array.from({ length: 20 }, () => ({ token: 'access-2' })));
    expect(state.refreshCount).toBe(1);
    expect(state.refreshBodies).toEqual([{ refresh_token: 'refresh-1' }]);
    expect(state.guardedHits).toBe(40);
    expect(session.getAccessToken()).toBe('access-2');
    expect(session.getRefreshToken()).toBe('refresh-2');
  });

  it('should not refresh again for an expired answer that arrives after the refresh', async () => {
    // A host that does not store refreshed tokens keeps sending the old one.
    const http = createHttpClient({
      baseUrl,
      getAccessToken: () => 'access-1',
      getRefreshToken: () => 'refresh-1',
    });
    const api = createApi(http, endpoints);
    await expect(api.guarded()).resolves.toEqual({ token: 'access-2' });
    await expect(api.guarded()).resolves.toEqual({ token: 'access-2' });
    expect(state.refreshCount).toBe(1);
    expect(state.guardedHits).toBe(4);
  });

  it('should retry with the stored token without refreshing when it changed meanwhile', async () => {
    // The first read gives the old token; by the time the 40001 arrives, another tab (or the
    // scheduler) has stored the new one.
    const stored = ['access-1'];
    const http = createHttpClient({
      baseUrl,
      getAccessToken: () => stored.shift() ?? 'access-2',
      getRefreshToken: () => 'refresh-1',
    });
    await expect(createApi(http, endpoints).guarded()).resolves.toEqual({ token: 'access-2' });
    expect(state.refreshCount).toBe(0);
    expect(state.guardedHits).toBe(2);
  });

  it('should retry a call at most once', async () => {
    state.validToken = 'access-never';
    const session = loggedInSession();
    const api = createApi(createHttpClient({ baseUrl, ...sessionHttpOptions(session) }), endpoints);
    const error = await failure(api.guarded());
    expect(error.code).toBe(40001);
    expect(state.guardedHits).toBe(2);
    expect(state.refreshCount).toBe(1);
  });

  it('should log out, clear the pool name and report an auth failure when the refresh fails', async () => {
    state.refreshFails = true;
    const session = loggedInSession();
    let authFailures = 0;
    const api = createApi(
      createHttpClient({
        baseUrl,
        ...sessionHttpOptions(session),
        onAuthFailure: () => (authFailures += 1),
      }),
      endpoints,
    );
    const errors = await Promise.all(Array.from({ length: 5 }, () => failure(api.guarded())));
    expect(errors.map((error) => error.code)).toEqual([40001, 40001, 40001, 40001, 40001]);
    expect(state.refreshCount).toBe(1);
    expect(authFailures).toBe(1);
    expect(session.getAccessToken()).toBeNull();
    expect(session.getRefreshToken()).toBeNull();
    expect(session.get('pool_name')).toBeNull();
  });

  it('should log out and report an auth failure without calling refresh when no refresh token is stored', async () => {
    const local = new MemoryStorage();
    const session = createSession({ local, session: new MemoryStorage() });
    session.login({ accessToken: 'access-1', refreshToken: 'refresh-1' }, 7);
    session.set('pool_name', 'kas');
    local.removeItem('refresh_token');
    let authFailures = 0;
    const api = createApi(
      createHttpClient({
        baseUrl,
        ...sessionHttpOptions(session),
        onAuthFailure: () => (authFailures += 1),
      }),
      endpoints,
    );
    const error = await failure(api.guarded());
    expect(error.code).toBe(40001);
    expect(state.refreshCount).toBe(0);
    expect(authFailures).toBe(1);
    expect(session.isLoggedIn()).toBe(false);
    expect(session.get('pool_name')).toBeNull();
  });

  it('should request one reload instead of retrying with afterRefresh reload', async () => {
    const session = loggedInSession();
    let reloads = 0;
    const api = createApi(
      createHttpClient({
        baseUrl,
        ...sessionHttpOptions(session),
        afterRefresh: 'reload',
        onReloadRequested: () => (reloads += 1),
      }),
      endpoints,
    );
    const errors = await Promise.all(Array.from({ length: 5 }, () => failure(api.guarded())));
    expect(errors.every((error) => error.isTokenExpired)).toBe(true);
    expect(reloads).toBe(1);
    expect(state.refreshCount).toBe(1);
    expect(state.guardedHits).toBe(5);
    expect(session.getAccessToken()).toBe('access-2');
  });

  it('should not refresh the user tokens for an expired observer token', async () => {
    const session = loggedInSession();
    session.observer.start('observer-1');
    const api = createApi(createHttpClient({ baseUrl, ...sessionHttpOptions(session) }), endpoints);
    const error = await failure(api.guarded());
    expect(error.code).toBe(40001);
    expect(state.refreshCount).toBe(0);
    expect(state.guardedHits).toBe(1);
    expect(session.getAccessToken()).toBe('access-1');
  });

  it('should share one refresh between concurrent refreshTokens calls', async () => {
    const session = loggedInSession();
    const http = createHttpClient({ baseUrl, ...sessionHttpOptions(session) });
    const [first, second] = await Promise.all([http.refreshTokens(), http.refreshTokens()]);
    expect(first).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(second).toBe(first);
    expect(state.refreshCount).toBe(1);
  });

  it('should reject refreshTokens with an auth error when no refresh token is stored', async () => {
    const http = createHttpClient({ baseUrl });
    const error = await failure(http.refreshTokens());
    expect(error.kind).toBe('auth');
    expect(state.refreshCount).toBe(0);
  });
});
