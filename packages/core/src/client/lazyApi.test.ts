import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../contract/endpoint';
import { type Api, createApi } from './createApi';
import { createHttpClient } from './createHttpClient';
import { lazyApi } from './lazyApi';

const endpoints = {
  poolStats: defineEndpoint({
    id: 'poolStats',
    family: 'A',
    method: 'GET',
    path: '/pools/{coin}/stats',
    auth: 'public',
    params: z.object({ coin: z.string() }),
    response: z.object({ coin: z.string(), hashrate: z.coerce.number() }),
    summary: 'Pool stats',
  }),
};

const server = createServer((request, response) => {
  const coin = request.url?.split('/')[3] ?? '';
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ code: 0, msg: 'success', data: { coin, hashrate: '12.5' } }));
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function realApi(): Api<typeof endpoints> {
  return createApi(createHttpClient({ baseUrl }), endpoints);
}

describe('lazyApi', () => {
  it('should not load until the first call, then call the real method with its answer', async () => {
    let loads = 0;
    const api = lazyApi<typeof endpoints>(async () => {
      loads += 1;
      return realApi();
    });
    expect(loads).toBe(0);
    await expect(api.poolStats({ params: { coin: 'kas' } })).resolves.toEqual({
      coin: 'kas',
      hashrate: 12.5,
    });
    await Promise.all([
      api.poolStats({ params: { coin: 'btc' } }),
      api.poolStats({ params: { coin: 'ltc' } }),
    ]);
    expect(loads).toBe(1);
  });

  it('should load once on preload and share it with concurrent calls', async () => {
    let loads = 0;
    const api = lazyApi<typeof endpoints>(async () => {
      loads += 1;
      return realApi();
    });
    const [preloaded, stats] = await Promise.all([
      api.preload(),
      api.poolStats({ params: { coin: 'alph' } }),
    ]);
    expect(loads).toBe(1);
    expect(stats.coin).toBe('alph');
    expect(await preloaded.poolStats({ params: { coin: 'zeph' } })).toEqual({
      coin: 'zeph',
      hashrate: 12.5,
    });
  });

  it('should try the load again after it failed', async () => {
    let loads = 0;
    const api = lazyApi<typeof endpoints>(async () => {
      loads += 1;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return realApi();
    });
    await expect(api.poolStats({ params: { coin: 'kas' } })).rejects.toThrow(
      'dynamically imported module',
    );
    await expect(api.poolStats({ params: { coin: 'kas' } })).resolves.toMatchObject({
      coin: 'kas',
    });
    expect(loads).toBe(2);
  });

  it('should not look like a promise, so awaiting it gives the API itself', async () => {
    const api = lazyApi<typeof endpoints>(async () => realApi());
    expect(await api).toBe(api);
    expect(typeof api.poolStats).toBe('function');
    expect(api.poolStats).toBe(api.poolStats);
  });

  it('should reject a call of a method the loaded API does not have', async () => {
    const api = lazyApi<typeof endpoints>(async () => ({}) as Api<typeof endpoints>);
    await expect(api.poolStats({ params: { coin: 'kas' } })).rejects.toThrow(
      'The API has no method poolStats',
    );
  });
});
