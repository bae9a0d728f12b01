import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../contract/endpoint';
import { ApiError } from './apiError';
import { createApi, prepareRequest } from './createApi';
import { createHttpClient } from './createHttpClient';

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}
const seen: Seen[] = [];

const server = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => {
    body += chunk;
  });
  request.on('end', () => {
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      contentType: request.headers['content-type'],
      body,
    });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: 0, msg: 'success', data: { ok: true, echoed: body } }));
  });
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
  seen.length = 0;
});

const answer = z.object({ ok: z.boolean(), echoed: z.string() });
const endpoints = {
  minerHashrates: defineEndpoint({
    id: 'minerHashrates',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/miner/{addr}/hashrates',
    auth: 'public',
    params: z.object({ coin: z.enum(['kas', 'alph']), addr: z.string().min(1) }),
    query: z.object({
      interval: z.enum(['1h', '1d']).default('1h'),
      start: z.number().int().optional(),
      workers: z.array(z.string()).optional(),
    }),
    response: answer,
    summary: 'Hashrate series of one miner',
  }),
  login: defineEndpoint({
    id: 'login',
    family: 'A',
    method: 'POST',
    path: '/v2/users/encrypt/login',
    auth: 'public',
    body: z.object({ account: z.string().min(1), password: z.string().min(1) }),
    response: answer,
    summary: 'Logs in',
  }),
  deleteMiners: defineEndpoint({
    id: 'deleteMiners',
    family: 'B',
    method: 'DELETE',
    path: '/pools/{pool}/accounts/{account}/miners',
    auth: 'user',
    params: z.object({ pool: z.string(), account: z.string() }),
    body: z.object({ names: z.array(z.string()).min(1) }),
    response: answer,
    summary: 'Deletes miners',
  }),
  pools: defineEndpoint({
    id: 'pools',
    family: 'A',
    method: 'GET',
    path: '/pools',
    auth: 'public',
    response: answer,
    summary: 'Lists pools',
  }),
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('The call did not fail');
}

describe('createApi', () => {
  it('should fill the path and send the query without undefined values', async () => {
    const api = createApi(createHttpClient({ baseUrl }), endpoints);
    await api.minerHashrates({
      params: { coin: 'kas', addr: 'kaspa:qz 1/2' },
      query: { start: undefined, workers: ['w1', 'w2'] },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url).toBe(
      '/api/address-mining/kas/miner/kaspa%3Aqz%201%2F2/hashrates?interval=1h&workers=w1&workers=w2',
    );
    expect(seen[0]?.body).toBe('');
  });

  it('should send the body as JSON', async () => {
    const api = createApi(createHttpClient({ baseUrl }), endpoints);
    const result = await api.login({ body: { account: 'alice', password: 'cipher' } });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ account: 'alice', password: 'cipher' });
    expect(result).toEqual({ ok: true, echoed: '{"account":"alice","password":"cipher"}' });
  });

  it('should send a DELETE body', async () => {
    const api = createApi(createHttpClient({ baseUrl }), endpoints);
    await api.deleteMiners({ params: { pool: 'kas', account: 'main' }, body: { names: ['w1'] } });
    expect(seen[0]?.method).toBe('DELETE');
    expect(seen[0]?.url).toBe('/api/pools/kas/accounts/main/miners');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ names: ['w1'] });
  });

  it('should call an endpoint without input', async () => {
    const api = createApi(createHttpClient({ baseUrl }), endpoints);
    await expect(api.pools()).resolves.toEqual({ ok: true, echoed: '' });
    expect(seen[0]?.url).toBe('/api/pools');
  });

  it('should reject a bad path parameter before sending, naming the field', async () => {
    const api = createApi(createHttpClient({ baseUrl }), endpoints);
    // @ts-expect-error: 'btc' is not one of the endpoint's coins.
    const error = await failure(api.minerHashrates({ params: { coin: 'btc', addr: 'x' } }));
    expect(error.kind).toBe('validation');
    expect(error.status).toBe(0);
    expect(error.endpointId).toBe('minerHashrates');
    expect(error.fields.map((field) => field.field)).toEqual(['coin']);
    expect(error.message).toMatch(/^Invalid params\.coin: /);
    expect(error.messageKey).toBe('errors.validation');
    expect(seen).toHaveLength(0);
  });

  it('should reject a bad body, naming every bad field', async () => {
    const api = createApi(createHttpClient({ baseUrl }), endpoints);
    // @ts-expect-error: the password is missing.
    const error = await failure(api.login({ body: { account: '' } }));
    expect(error.fields.map((field) => field.field)).toEqual(['account', 'password']);
    expect(seen).toHaveLength(0);
  });
});

describe('prepareRequest', () => {
  it('should leave out the body of a GET call and the search of an empty query', () => {
    expect(prepareRequest(endpoints.pools, undefined)).toEqual({ path: '/pools' });
  });

  it('should apply the schema defaults to the query', () => {
    const request = prepareRequest(endpoints.minerHashrates, {
      params: { coin: 'alph', addr: 'a' },
    });
    expect(request.searchParams?.toString()).toBe('interval=1h');
  });
});
