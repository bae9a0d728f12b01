import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../contract/endpoint';
import { type Api, createApi, type EndpointInput } from './createApi';
import type { CallOptions, HttpClient } from './createHttpClient';

const poolStats = defineEndpoint({
  id: 'poolStats',
  family: 'A',
  method: 'GET',
  path: '/address-mining/{coin}/pool/stats',
  auth: 'public',
  params: z.object({ coin: z.string() }),
  query: z.object({ window: z.enum(['1h', '24h']).optional() }),
  response: z.object({ hashrate: z.number(), miners: z.number().int() }),
  summary: 'Pool stats of one coin',
});
const pools = defineEndpoint({
  id: 'pools',
  family: 'A',
  method: 'GET',
  path: '/pools',
  auth: 'public',
  response: z.array(z.object({ coin: z.string() })),
  summary: 'Pools',
});
const settings = defineEndpoint({
  id: 'settings',
  family: 'A',
  method: 'PUT',
  path: '/users/settings',
  auth: 'user',
  body: z.object({ timezone: z.string(), language: z.string().optional() }),
  query: z.object({ page: z.coerce.number().default(1) }),
  response: z.object({ saved: z.literal(true) }),
  summary: 'Saves settings',
});
const exportCsv = defineEndpoint({
  id: 'exportCsv',
  family: 'B',
  method: 'GET',
  path: '/export',
  auth: 'user',
  response: z.string(),
  responseKind: 'text',
  summary: 'CSV',
});

declare const http: HttpClient;
const api = createApi(http, { poolStats, pools, settings, exportCsv });

describe('createApi types', () => {
  it('should have one method per endpoint key', () => {
    expectTypeOf(api).toEqualTypeOf<
      Api<{
        poolStats: typeof poolStats;
        pools: typeof pools;
        settings: typeof settings;
        exportCsv: typeof exportCsv;
      }>
    >();
    expectTypeOf(api).toHaveProperty('poolStats');
    // @ts-expect-error: no such endpoint.
    api.nothing;
  });

  it('should resolve the response schema output', () => {
    expectTypeOf(api.poolStats({ params: { coin: 'kas' } })).resolves.toEqualTypeOf<{
      hashrate: number;
      miners: number;
    }>();
    expectTypeOf(api.pools()).resolves.toEqualTypeOf<{ coin: string }[]>();
    expectTypeOf(api.exportCsv()).resolves.toEqualTypeOf<string>();
  });

  it('should require params only when the schema has required fields', () => {
    expectTypeOf<EndpointInput<typeof poolStats>>().toEqualTypeOf<{
      params: { coin: string };
      query?: { window?: '1h' | '24h' | undefined };
      body?: { [k: string]: never };
    }>();
    // @ts-expect-error: params are required.
    api.poolStats();
    // @ts-expect-error: coin is required.
    api.poolStats({ params: {} });
    // @ts-expect-error: the window must be one of the enum values.
    api.poolStats({ params: { coin: 'kas' }, query: { window: '2h' } });
  });

  it('should make the whole input optional when nothing is required', () => {
    expectTypeOf(api.pools).parameter(0).toEqualTypeOf<EndpointInput<typeof pools> | undefined>();
    expectTypeOf(api.pools).parameter(1).toEqualTypeOf<CallOptions | undefined>();
    // @ts-expect-error: pools takes no params.
    api.pools({ params: { coin: 'kas' } });
  });

  it('should type the body by the schema input, and a defaulted query as optional', () => {
    expectTypeOf<EndpointInput<typeof settings>>().toEqualTypeOf<{
      params?: { [k: string]: never };
      query?: { page?: unknown };
      body: { timezone: string; language?: string | undefined };
    }>();
    // @ts-expect-error: the body is required.
    api.settings({});
  });
});
