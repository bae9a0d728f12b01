import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { defineEndpoint, ERROR_CODES, errorEnvelopeSchema } from '../contract';
import type { Database } from '../db/connect';
import { badField, notFound } from '../domain/errors';
import { testConfig } from '../testing/testApp';
import { openTestDatabase } from '../testing/testDatabase';
import { type Authenticate, bearerToken } from './authenticate';
import { HttpError } from './httpError';
import { setAuthenticate } from './platform';
import { registerEndpoint, toFastifyPath } from './registerEndpoint';

const itemEndpoint = defineEndpoint({
  id: 'testCreateItem',
  family: 'B',
  method: 'POST',
  path: '/test/{coin}/items',
  auth: 'public',
  params: z.object({ coin: z.enum(['btc', 'ltc']) }).strict(),
  query: z
    .object({
      page: z.coerce.number().int().min(1).default(1),
      page_size: z.coerce.number().int().min(1).max(100).default(10),
    })
    .strict(),
  body: z
    .object({
      name: z
        .string()
        .min(1)
        .max(64)
        .regex(/^[a-z0-9]+$/, 'digits and lower-case letters only'),
      amount: z.string().regex(/^\d+(\.\d{1,8})?$/, 'a decimal amount'),
      tags: z.array(z.string().max(16)).max(5).optional(),
    })
    .strict(),
  response: z.object({
    coin: z.string(),
    page: z.number(),
    page_size: z.number(),
    name: z.string(),
    amount: z.string(),
  }),
  summary: 'Test: create an item',
});

const meEndpoint = defineEndpoint({
  id: 'testMe',
  family: 'B',
  method: 'GET',
  path: '/test/me',
  auth: 'user',
  response: z.object({ kind: z.string(), userId: z.string() }),
  summary: 'Test: who am I',
});

const settingsEndpoint = defineEndpoint({
  id: 'testSaveSettings',
  family: 'B',
  method: 'PUT',
  path: '/test/settings',
  auth: 'user',
  body: z.object({ timezone: z.string().max(16) }).strict(),
  response: z.object({ saved: z.boolean() }),
  summary: 'Test: save settings',
});

const securityEndpoint = defineEndpoint({
  id: 'testSecurity',
  family: 'A',
  method: 'GET',
  path: '/test/security',
  auth: 'user-only',
  response: z.object({ ok: z.boolean() }),
  summary: 'Test: identity-only read',
});

const walletEndpoint = defineEndpoint({
  id: 'testWallet',
  family: 'B',
  method: 'GET',
  path: '/test/wallet',
  auth: 'user',
  permission: 'wallet.view',
  response: z.object({ ok: z.boolean() }),
  summary: 'Test: needs wallet.view',
});

const optionalEndpoint = defineEndpoint({
  id: 'testOptional',
  family: 'A',
  method: 'GET',
  path: '/test/optional',
  auth: 'optional',
  response: z.object({ signedIn: z.boolean() }),
  summary: 'Test: optional sign-in',
});

const crashEndpoint = defineEndpoint({
  id: 'testCrash',
  family: 'A',
  method: 'GET',
  path: '/test/crash',
  auth: 'public',
  response: z.object({}),
  summary: 'Test: throws',
});

const conflictEndpoint = defineEndpoint({
  id: 'testConflict',
  family: 'A',
  method: 'POST',
  path: '/test/conflict',
  auth: 'public',
  response: z.object({}),
  errors: [409],
  summary: 'Test: throws an HttpError',
});

const domainRefusalEndpoint = defineEndpoint({
  id: 'testDomainRefusal',
  family: 'A',
  method: 'POST',
  path: '/test/domain-refusal',
  auth: 'public',
  response: z.object({}),
  errors: [400],
  summary: 'Test: a domain rule refuses a field',
});

const undocumentedDomainEndpoint = defineEndpoint({
  id: 'testUndocumentedDomain',
  family: 'A',
  method: 'POST',
  path: '/test/undocumented-domain',
  auth: 'public',
  response: z.object({}),
  summary: 'Test: a domain refusal whose status the contract does not list',
});

const undocumentedEndpoint = defineEndpoint({
  id: 'testUndocumented',
  family: 'A',
  method: 'POST',
  path: '/test/undocumented',
  auth: 'public',
  response: z.object({}),
  summary: 'Test: throws a status its contract does not list',
});

const driftEndpoint = defineEndpoint({
  id: 'testDrift',
  family: 'A',
  method: 'GET',
  path: '/test/drift',
  auth: 'public',
  response: z.object({ total: z.number() }),
  summary: 'Test: answers off-contract',
});

const csvEndpoint = defineEndpoint({
  id: 'testCsv',
  family: 'B',
  method: 'GET',
  path: '/test/export',
  auth: 'public',
  response: z.string(),
  responseKind: 'text',
  summary: 'Test: CSV export',
});

const plainTextEndpoint = defineEndpoint({
  id: 'testText',
  family: 'A',
  method: 'GET',
  path: '/test/text/{name}',
  auth: 'public',
  params: z.object({ name: z.string().max(8) }).strict(),
  response: z.string(),
  responseKind: 'text',
  summary: 'Test: plain text',
});

/** Tokens of the test verifier: a user with pool.view, an observer, and an expired token. */
const testAuthenticate: Authenticate = async (request) => {
  const token = bearerToken(request);
  if (token === undefined) {
    if (request.headers.authorization !== undefined) {
      throw new HttpError(401, ERROR_CODES.unauthorized, 'authorization: malformed');
    }
    return null;
  }
  if (token === 'user-token') return { kind: 'user', userId: 'u1', permissions: ['pool.view'] };
  if (token === 'wallet-token') return { kind: 'user', userId: 'u2', permissions: ['wallet.view'] };
  if (token === 'observer-token')
    return { kind: 'observer', userId: 'u1', permissions: ['pool.view'] };
  if (token === 'expired-token')
    throw new HttpError(400, ERROR_CODES.tokenExpired, 'Token expired');
  throw new HttpError(401, ERROR_CODES.unauthorized, 'Invalid token');
};

const logLines: string[] = [];
let database: Database;
let app: FastifyInstance;

function registerTestEndpoints(target: FastifyInstance): void {
  registerEndpoint(target, itemEndpoint, async ({ params, query, body }) => ({
    coin: params.coin,
    page: query.page,
    page_size: query.page_size,
    name: body.name,
    amount: body.amount,
  }));
  registerEndpoint(target, meEndpoint, async (_input, { principal }) => ({
    kind: principal?.kind ?? 'none',
    userId: principal?.userId ?? '',
  }));
  registerEndpoint(target, settingsEndpoint, async () => ({ saved: true }));
  registerEndpoint(target, securityEndpoint, async () => ({ ok: true }));
  registerEndpoint(target, walletEndpoint, async () => ({ ok: true }));
  registerEndpoint(target, optionalEndpoint, async (_input, { principal }) => ({
    signedIn: principal !== null,
  }));
  registerEndpoint(target, crashEndpoint, async () => {
    throw new Error('connection to postgres://admin:hunter2@db failed');
  });
  registerEndpoint(target, conflictEndpoint, async () => {
    throw new HttpError(409, ERROR_CODES.conflict, 'The group name already exists');
  });
  registerEndpoint(target, domainRefusalEndpoint, async () =>
    badField('amount', 'more than the available balance', ERROR_CODES.insufficientBalance),
  );
  registerEndpoint(target, undocumentedDomainEndpoint, async () => notFound('id', 'No such order'));
  registerEndpoint(target, undocumentedEndpoint, async () => {
    throw new HttpError(409, ERROR_CODES.conflict, 'The group name already exists');
  });
  registerEndpoint(
    target,
    driftEndpoint,
    // Deliberately off-contract: the contract says a number.
    async () => ({ total: 'twelve' }) as unknown as { total: number },
  );
  registerEndpoint(target, csvEndpoint, async (_input, { reply }) => {
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', 'attachment; filename="export.csv"');
    return 'date,amount\n2026-01-01,0.1\n';
  });
  registerEndpoint(target, plainTextEndpoint, async ({ params }) => `hello ${params.name}`);
}

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  app = await buildApp({
    config: testConfig({ BODY_LIMIT_BYTES: '4096', LOG_LEVEL: 'info' }),
    db: database,
    authenticate: testAuthenticate,
    logDestination: { write: (line) => logLines.push(line) },
    routes: registerTestEndpoints,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

function errorOf(response: LightMyRequestResponse) {
  return errorEnvelopeSchema.parse(response.json());
}

function postItem(payload: unknown, url = '/api/test/btc/items') {
  return app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
}

describe('toFastifyPath', () => {
  it('should put the path under /api and turn {name} into :name', () => {
    expect(toFastifyPath('/pools/{pool}/accounts/{account}/miners/{miner}')).toBe(
      '/api/pools/:pool/accounts/:account/miners/:miner',
    );
    expect(toFastifyPath('/sliders')).toBe('/api/sliders');
  });
});

describe('registerEndpoint', () => {
  it('should parse params, query and body and wrap the answer in the envelope', async () => {
    const response = await postItem({ name: 'rig01', amount: '0.5' }, '/api/test/ltc/items?page=2');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({
      code: 0,
      msg: 'success',
      data: { coin: 'ltc', page: 2, page_size: 10, name: 'rig01', amount: '0.5' },
    });
  });

  it.each([
    ['a number where a string belongs', { name: 123, amount: '1' }, 'name'],
    ['a string of 100 000 characters', { name: 'a'.repeat(3000), amount: '1' }, 'name'],
    ['an SQL fragment', { name: "x'; DROP TABLE users;--", amount: '1' }, 'name'],
    ['a script fragment', { name: '<script>alert(1)</script>', amount: '1' }, 'name'],
    ['a NUL byte', { name: 'ab\u0000cd', amount: '1' }, 'name'],
    ['a float where a decimal string belongs', { name: 'rig', amount: 0.1 }, 'amount'],
    ['an SQL fragment in an amount', { name: 'rig', amount: '1 OR 1=1' }, 'amount'],
    ['a missing field', { name: 'rig' }, 'amount'],
    ['an unknown field', { name: 'rig', amount: '1', admin: true }, 'admin'],
    ['a bad array element', { name: 'rig', amount: '1', tags: ['x'.repeat(17)] }, 'tags.0'],
    [
      'an over-long array',
      { name: 'rig', amount: '1', tags: ['a', 'b', 'c', 'd', 'e', 'f'] },
      'tags',
    ],
    ['an array as body', ['rig', '1'], 'body'],
  ])('should answer 400 naming the field for %s', async (_case, payload, field) => {
    const response = await postItem(payload);
    expect(response.statusCode).toBe(400);
    const envelope = errorOf(response);
    expect(envelope.code).toBe(ERROR_CODES.validation);
    expect(envelope.msg.startsWith(`${field}: `)).toBe(true);
    expect(envelope.fields?.map((entry) => entry.field)).toContain(field);
    expect(response.body).not.toContain('<script>');
  });

  it.each([
    ['a negative page', '?page=-1', 'page'],
    ['page zero', '?page=0', 'page'],
    ['a word as page', '?page=abc', 'page'],
    ['a fractional page', '?page=1.5', 'page'],
    ['a huge page size', '?page_size=1000', 'page_size'],
    ['an SQL fragment as page', '?page=1%20OR%201%3D1', 'page'],
    ['a repeated page', '?page=1&page=2', 'page'],
    ['an unknown parameter', '?debug=true', 'debug'],
  ])('should answer 400 naming the query field for %s', async (_case, search, field) => {
    const response = await postItem({ name: 'rig', amount: '1' }, `/api/test/btc/items${search}`);
    expect(response.statusCode).toBe(400);
    const envelope = errorOf(response);
    expect(envelope.code).toBe(ERROR_CODES.validation);
    expect(envelope.msg.startsWith(`${field}: `)).toBe(true);
  });

  it.each([
    ['an unknown coin', 'eth'],
    ['an SQL fragment', encodeURIComponent("btc' OR '1'='1")],
    ['a script fragment', encodeURIComponent('<script>x</script>')],
    ['a long value', 'b'.repeat(200)],
  ])('should answer 400 naming the path parameter for %s', async (_case, coin) => {
    const response = await postItem({ name: 'rig', amount: '1' }, `/api/test/${coin}/items`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).msg.startsWith('coin: ')).toBe(true);
  });

  it('should answer 414 naming the params for a path parameter over the router limit', async () => {
    const response = await postItem(
      { name: 'rig', amount: '1' },
      `/api/test/${'b'.repeat(300)}/items`,
    );
    expect(response.statusCode).toBe(414);
    expect(errorOf(response)).toMatchObject({
      code: 41400,
      msg: 'params: longer than 256 characters',
    });
  });

  it('should answer 400 for a malformed percent-encoding in the path', async () => {
    const response = await postItem({ name: 'rig', amount: '1' }, '/api/test/%E0%A4%A/items');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 40000,
      msg: expect.stringMatching(/^params: /),
    });
  });

  it('should answer 400 naming the fields when the body is missing', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/btc/items' });
    expect(response.statusCode).toBe(400);
    const envelope = errorOf(response);
    expect(envelope.code).toBe(ERROR_CODES.validation);
    expect(envelope.fields?.map((entry) => entry.field)).toEqual(['name', 'amount']);
  });

  it('should answer 400 for malformed JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/btc/items',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "rig", "amount": ',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: ERROR_CODES.validation,
      msg: 'body: malformed JSON',
      fields: [{ field: 'body', message: 'malformed JSON' }],
    });
  });

  it.each([
    ['null', 'null'],
    ['a string', '"rig"'],
    ['a number', '42'],
  ])('should answer 400 naming the body for JSON %s as body', async (_case, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/btc/items',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: ERROR_CODES.validation,
      msg: expect.stringMatching(/^body: /),
    });
  });

  it('should answer 400 for an empty JSON body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/btc/items',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).msg).toMatch(/^body: /);
  });

  it('should answer 4xx for a prototype-poisoning body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/btc/items',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"rig","amount":"1","__proto__":{"isAdmin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe(ERROR_CODES.validation);
  });

  it('should answer 415 for a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/btc/items',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=rig&amount=1',
    });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toMatchObject({ code: 41500, msg: expect.stringMatching(/^body: /) });
  });

  it('should answer 413 code 41300 for a body over the limit', async () => {
    const response = await postItem({ name: 'rig', amount: '1', padding: 'x'.repeat(5000) });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toMatchObject({
      code: ERROR_CODES.payloadTooLarge,
      msg: expect.stringMatching(/^body: .*4096 bytes/),
    });
  });

  it('should answer 500 code 50000 with a generic message and log the error with the request id', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/crash',
      headers: { 'x-request-id': 'crash-1' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: ERROR_CODES.internal, msg: 'Internal server error' });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');
    expect(response.headers['x-request-id']).toBe('crash-1');
    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 50,
        reqId: 'crash-1',
        err: expect.objectContaining({ message: expect.stringContaining('failed') }),
      }),
    );
  });

  it('should answer a thrown HttpError with its status and envelope', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: ERROR_CODES.conflict,
      msg: 'The group name already exists',
    });
  });

  it('should answer a domain refusal with the status its code carries and the field it names', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/domain-refusal' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: ERROR_CODES.insufficientBalance,
      msg: 'amount: more than the available balance',
      fields: [{ field: 'amount', message: 'more than the available balance' }],
    });
  });

  it('should fail a domain refusal whose status the contract does not list', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/undocumented-domain' });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response).msg).toContain('HTTP 404 (No such order) is not among its errors');
  });

  it('should fail an answer that drifted from the contract when validating responses', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/drift' });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response).msg).toMatch(
      /^Response of testDrift does not match the contract: total/,
    );
  });

  it('should send text answers with the content type the handler set, or text/plain', async () => {
    const csv = await app.inject({ method: 'GET', url: '/api/test/export' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="export.csv"');
    expect(csv.body).toBe('date,amount\n2026-01-01,0.1\n');

    const text = await app.inject({ method: 'GET', url: '/api/test/text/kas' });
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toBe('hello kas');
  });

  it('should answer 404 code 40400 for an unknown /api route or method', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/no/such/route?x=1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: ERROR_CODES.notFound,
      msg: 'Not found: GET /api/no/such/route',
    });

    const wrongMethod = await app.inject({ method: 'DELETE', url: '/api/test/me' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET');
    expect(errorOf(wrongMethod).code).toBe(ERROR_CODES.methodNotAllowed);
  });

  it('should fail an error status the contract does not list when validating responses', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/undocumented' });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response).msg).toBe(
      'Response of testUndocumented does not match the contract: ' +
        'HTTP 409 (The group name already exists) is not among its errors',
    );
  });

  it('should refuse to register a rate-limited endpoint whose contract does not list 429', () => {
    expect(() =>
      registerEndpoint(app, undocumentedEndpoint, async () => ({}), {
        rateLimit: { key: 'test', limit: 1, windowMs: 1000 },
      }),
    ).toThrow("testUndocumented is rate-limited, but its contract's errors do not list 429");
  });

  it('should list registered endpoints on the platform', () => {
    expect(app.platform.endpoints.map((endpoint) => endpoint.id)).toEqual(
      expect.arrayContaining(['health', 'testCreateItem', 'testCsv']),
    );
  });
});

describe('registerEndpoint authentication', () => {
  function get(url: string, token?: string) {
    return app.inject({
      method: 'GET',
      url,
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });
  }

  it('should answer 401 code 40100 on a user endpoint without a token', async () => {
    const response = await get('/api/test/me');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe(ERROR_CODES.unauthorized);
  });

  it('should answer 401 for a malformed Authorization header', async () => {
    const response = await app.inject({
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
    expect(errorOf(response).code).toBe(ERROR_CODES.tokenExpired);
  });

  it('should let an observer read', async () => {
    const response = await get('/api/test/me', 'observer-token');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { kind: 'observer' } });
  });

  it('should answer 403 code 40301 to an observer on a write endpoint, before validating', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/test/settings',
      headers: { authorization: 'Bearer observer-token' },
      payload: { timezone: 'UTC+08:00' },
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe(ERROR_CODES.observerReadOnly);

    const user = await app.inject({
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
    expect(errorOf(response).code).toBe(ERROR_CODES.observerReadOnly);
    expect((await get('/api/test/security', 'user-token')).statusCode).toBe(200);
  });

  it('should answer 403 code 40300 without the endpoint permission', async () => {
    const response = await get('/api/test/wallet', 'user-token');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe(ERROR_CODES.forbidden);
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
    const response = await postItem({ name: 'rig', amount: '1' });
    expect(response.statusCode).toBe(200);
    const withBadToken = await app.inject({
      method: 'POST',
      url: '/api/test/btc/items',
      headers: { authorization: 'Bearer bogus' },
      payload: { name: 'rig', amount: '1' },
    });
    expect(withBadToken.statusCode).toBe(200);
  });

  it('should use a replaced authenticate function', async () => {
    setAuthenticate(app, async () => ({ kind: 'user', userId: 'swapped', permissions: [] }));
    try {
      expect((await get('/api/test/me')).json()).toMatchObject({ data: { userId: 'swapped' } });
    } finally {
      setAuthenticate(app, testAuthenticate);
    }
  });
});

describe('the default authenticate function', () => {
  let placeholderApp: FastifyInstance;

  beforeAll(async () => {
    placeholderApp = await buildApp({
      config: testConfig(),
      db: database,
      routes: registerTestEndpoints,
    });
  });

  afterAll(async () => {
    await placeholderApp.close();
  });

  it('should refuse every token until the identity module plugs in', async () => {
    const anonymous = await placeholderApp.inject({ method: 'GET', url: '/api/test/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe(ERROR_CODES.unauthorized);
    const withToken = await placeholderApp.inject({
      method: 'GET',
      url: '/api/test/me',
      headers: { authorization: 'Bearer anything' },
    });
    expect(withToken.statusCode).toBe(401);
  });
});
