/**
 * Stories' stand-in for a pool's public API (no server in Storybook); not part of the package.
 */
import { fn } from 'storybook/test';
import { hashrateSeries, poolBlocks, SAMPLE_POOL_STATS } from '../lib/fixtures';

const blocks = poolBlocks(25, { now: Date.now() });

/** A stand-in for the pool's API: answers the three pool calls with the PoolKit envelope. */
export function fakePoolApi(failing = false) {
  return fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      input instanceof Request ? input.url : String(input),
      'http://pool.example',
    );
    void init;
    if (failing) {
      return new Response(JSON.stringify({ code: 50000, msg: 'The pool is under maintenance' }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    }
    let data: unknown = null;
    if (url.pathname.endsWith('/stats')) data = { ...SAMPLE_POOL_STATS, coin: 'kas' };
    if (url.pathname.endsWith('/hashrates')) {
      const range = url.searchParams.get('range') ?? '24h';
      const count = range === '24h' ? 144 : range === '7d' ? 168 : 720;
      const step = range === '24h' ? 600_000 : 3_600_000;
      data = {
        interval: range === '24h' ? '10m' : '1h',
        points: hashrateSeries(count, step, 1.2e15, { end: Math.floor(Date.now() / step) * step }),
      };
    }
    if (url.pathname.endsWith('/blocks')) {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('page_size') ?? 10);
      data = {
        list: blocks.slice((page - 1) * size, page * size),
        total: blocks.length,
        page,
        page_size: size,
      };
    }
    return new Response(JSON.stringify({ code: 0, msg: 'success', data }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}
