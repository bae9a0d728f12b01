import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../contract';
import { registerEndpoint, toFastifyPath } from './registerEndpoint';
import { registerEndpointTestApp, undocumentedEndpoint } from './registerEndpointTestApp';

const t = registerEndpointTestApp();

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
    const response = await t.postItem(
      { name: 'rig01', amount: '0.5' },
      '/api/test/ltc/items?page=2',
    );
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
    const response = await t.postItem(payload);
    expect(response.statusCode).toBe(400);
    const envelope = t.errorOf(response);
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
    const response = await t.postItem({ name: 'rig', amount: '1' }, `/api/test/btc/items${search}`);
    expect(response.statusCode).toBe(400);
    const envelope = t.errorOf(response);
    expect(envelope.code).toBe(ERROR_CODES.validation);
    expect(envelope.msg.startsWith(`${field}: `)).toBe(true);
  });

  it.each([
    ['an unknown coin', 'eth'],
    ['an SQL fragment', encodeURIComponent("btc' OR '1'='1")],
    ['a script fragment', encodeURIComponent('<script>x</script>')],
    ['a long value', 'b'.repeat(200)],
  ])('should answer 400 naming the path parameter for %s', async (_case, coin) => {
    const response = await t.postItem({ name: 'rig', amount: '1' }, `/api/test/${coin}/items`);
    expect(response.statusCode).toBe(400);
    expect(t.errorOf(response).msg.startsWith('coin: ')).toBe(true);
  });

  it('should answer 414 naming the params for a path parameter over the router limit', async () => {
    const response = await t.postItem(
      { name: 'rig', amount: '1' },
      `/api/test/${'b'.repeat(300)}/items`,
    );
    expect(response.statusCode).toBe(414);
    expect(t.errorOf(response)).toMatchObject({
      code: 41400,
      msg: 'params: longer than 256 characters',
    });
  });

  it('should answer 400 for a malformed percent-encoding in the path', async () => {
    const response = await t.postItem({ name: 'rig', amount: '1' }, '/api/test/%E0%A4%A/items');
    expect(response.statusCode).toBe(400);
    expect(t.errorOf(response)).toMatchObject({
      code: 40000,
      msg: expect.stringMatching(/^params: /),
    });
  });

  it('should answer 400 naming the fields when the body is missing', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/btc/items' });
    expect(response.statusCode).toBe(400);
    const envelope = t.errorOf(response);
    expect(envelope.code).toBe(ERROR_CODES.validation);
    expect(envelope.fields?.map((entry) => entry.field)).toEqual(['name', 'amount']);
  });

  it('should answer 400 for malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/btc/items',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "rig", "amount": ',
    });
    expect(response.statusCode).toBe(400);
    expect(t.errorOf(response)).toEqual({
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
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/btc/items',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(t.errorOf(response)).toMatchObject({
      code: ERROR_CODES.validation,
      msg: expect.stringMatching(/^body: /),
    });
  });

  it('should answer 400 for an empty JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/btc/items',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(t.errorOf(response).msg).toMatch(/^body: /);
  });

  it('should answer 4xx for a prototype-poisoning body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/btc/items',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"rig","amount":"1","__proto__":{"isAdmin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(t.errorOf(response).code).toBe(ERROR_CODES.validation);
  });

  it('should answer 415 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/btc/items',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=rig&amount=1',
    });
    expect(response.statusCode).toBe(415);
    expect(t.errorOf(response)).toMatchObject({
      code: 41500,
      msg: expect.stringMatching(/^body: /),
    });
  });

  it('should answer 413 code 41300 for a body over the limit', async () => {
    const response = await t.postItem({ name: 'rig', amount: '1', padding: 'x'.repeat(5000) });
    expect(response.statusCode).toBe(413);
    expect(t.errorOf(response)).toMatchObject({
      code: ERROR_CODES.payloadTooLarge,
      msg: expect.stringMatching(/^body: .*4096 bytes/),
    });
  });

  it('should answer 500 code 50000 with a generic message and log the error with the request id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/crash',
      headers: { 'x-request-id': 'crash-1' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: ERROR_CODES.internal, msg: 'Internal server error' });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');
    expect(response.headers['x-request-id']).toBe('crash-1');
    const logged = t.logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 50,
        reqId: 'crash-1',
        err: expect.objectContaining({ message: expect.stringContaining('failed') }),
      }),
    );
  });

  it('should answer a thrown HttpError with its status and envelope', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: ERROR_CODES.conflict,
      msg: 'The group name already exists',
    });
  });

  it('should answer a domain refusal with the status its code carries and the field it names', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/domain-refusal' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: ERROR_CODES.insufficientBalance,
      msg: 'amount: more than the available balance',
      fields: [{ field: 'amount', message: 'more than the available balance' }],
    });
  });

  it('should fail a domain refusal whose status the contract does not list', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/undocumented-domain' });
    expect(response.statusCode).toBe(500);
    expect(t.errorOf(response).msg).toContain('HTTP 404 (No such order) is not among its errors');
  });

  it('should fail an answer that drifted from the contract when validating responses', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/drift' });
    expect(response.statusCode).toBe(500);
    expect(t.errorOf(response).msg).toMatch(
      /^Response of testDrift does not match the contract: total/,
    );
  });

  it('should send text answers with the content type the handler set, or text/plain', async () => {
    const csv = await t.app.inject({ method: 'GET', url: '/api/test/export' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="export.csv"');
    expect(csv.body).toBe('date,amount\n2026-01-01,0.1\n');

    const text = await t.app.inject({ method: 'GET', url: '/api/test/text/kas' });
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toBe('hello kas');
  });

  it('should answer 404 code 40400 for an unknown /api route or method', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no/such/route?x=1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: ERROR_CODES.notFound,
      msg: 'Not found: GET /api/no/such/route',
    });

    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/api/test/me' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET');
    expect(t.errorOf(wrongMethod).code).toBe(ERROR_CODES.methodNotAllowed);
  });

  it('should fail an error status the contract does not list when validating responses', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/undocumented' });
    expect(response.statusCode).toBe(500);
    expect(t.errorOf(response).msg).toBe(
      'Response of testUndocumented does not match the contract: ' +
        'HTTP 409 (The group name already exists) is not among its errors',
    );
  });

  it('should refuse to register a rate-limited endpoint whose contract does not list 429', () => {
    expect(() =>
      registerEndpoint(t.app, undocumentedEndpoint, async () => ({}), {
        rateLimit: { key: 'test', limit: 1, windowMs: 1000 },
      }),
    ).toThrow("testUndocumented is rate-limited, but its contract's errors do not list 429");
  });

  it('should list registered endpoints on the platform', () => {
    expect(t.app.platform.endpoints.map((endpoint) => endpoint.id)).toEqual(
      expect.arrayContaining(['health', 'testCreateItem', 'testCsv']),
    );
  });
});
