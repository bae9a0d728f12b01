import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../contract/endpoint';
import { type Api, createApi } from './createApi';
import { createHttpClient } from './createHttpClient';
import { lazyApi, lazyApiInParts } from './lazyApi';

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

const twoGroups = {
  poolStats: endpoints.poolStats,
  poolBlocks: defineEndpoint({
    id: 'poolBlocks',
    family: 'A',
    method: 'GET',
    path: '/pools/{coin}/blocks',
    auth: 'public',
    params: z.object({ coin: z.string() }),
    response: z.object({ coin: z.string(), hashrate: z.coerce.number() }),
    summary: 'Pool blocks',
  }),
};
type TwoGroups = typeof twoGroups;

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

describe('lazyApiInParts', () => {
  /** Parts as a test controls them: each part arrives when `release()` is called. */
  function controlledParts() {
    const events: string[] = [];
    const gates: (() => void)[] = [];
    const gate = () => new Promise<void>((resolve) => gates.push(resolve));
    let starts = 0;
    async function* parts(): AsyncGenerator<Partial<Api<TwoGroups>>> {
      starts += 1;
      const full = createApi(createHttpClient({ baseUrl }), twoGroups);
      await gate();
      events.push('part 1');
      yield { poolStats: full.poolStats };
      await gate();
      events.push('part 2');
      yield { poolBlocks: full.poolBlocks };
    }
    const release = async () => {
      while (gates.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      gates.shift()?.();
    };
    return { parts, release, events, starts: () => starts };
  }

  it('should not load before the first call, and answer a call once its part arrived', async () => {
    const control = controlledParts();
    const api = lazyApiInParts<TwoGroups>(control.parts);
    expect(control.starts()).toBe(0);
    const stats = api.poolStats({ params: { coin: 'kas' } });
    await control.release();
    // The first part's method answers while the second part has not arrived.
    await expect(stats).resolves.toEqual({ coin: 'kas', hashrate: 12.5 });
    expect(control.events).toEqual(['part 1']);
    const blocks = api.poolBlocks({ params: { coin: 'btc' } });
    await control.release();
    await expect(blocks).resolves.toMatchObject({ coin: 'btc' });
    expect(control.starts()).toBe(1);
  });

  it('should resolve preload with the whole API after the last part', async () => {
    const control = controlledParts();
    const api = lazyApiInParts<TwoGroups>(control.parts);
    const preloaded = api.preload();
    await control.release();
    await control.release();
    const whole = await preloaded;
    expect(Object.keys(whole).sort()).toEqual(['poolBlocks', 'poolStats']);
    expect(control.events).toEqual(['part 1', 'part 2']);
  });

  it('should reject a method no part holds, also after the load ended', async () => {
    const control = controlledParts();
    const api = lazyApiInParts<TwoGroups & { poolHashrates: typeof endpoints.poolStats }>(
      control.parts as () => AsyncIterable<Partial<Api<TwoGroups>>>,
    );
    const missing = api.poolHashrates({ params: { coin: 'kas' } });
    await control.release();
    await control.release();
    await expect(missing).rejects.toThrow('The API has no method poolHashrates');
    await expect(api.poolHashrates({ params: { coin: 'kas' } })).rejects.toThrow(
      'The API has no method poolHashrates',
    );
  });

  it('should reject the waiting calls when a part fails, and load again on the next call', async () => {
    let attempts = 0;
    const full = createApi(createHttpClient({ baseUrl }), twoGroups);
    const api = lazyApiInParts<TwoGroups>(async function* () {
      attempts += 1;
      yield { poolStats: full.poolStats };
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      yield { poolBlocks: full.poolBlocks };
    });
    await expect(api.poolBlocks({ params: { coin: 'kas' } })).rejects.toThrow(
      'dynamically imported module',
    );
    // The part that arrived stays.
    await expect(api.poolStats({ params: { coin: 'kas' } })).resolves.toMatchObject({
      coin: 'kas',
    });
    await expect(api.poolBlocks({ params: { coin: 'kas' } })).resolves.toMatchObject({
      coin: 'kas',
    });
    expect(attempts).toBe(2);
  });

  it('should not look like a promise', async () => {
    const api = lazyApiInParts<TwoGroups>(async function* () {});
    expect(await api).toBe(api);
    expect(api.poolStats).toBe(api.poolStats);
  });
});
