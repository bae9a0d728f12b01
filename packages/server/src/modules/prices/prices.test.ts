/**
 * The price feed: the demo walk (deterministic under a seed, bounded, stepped on the clock),
 * the HTTP feed's parsing and its failures (the last good prices stay), and the prices reaching
 * the coin list, the pool stats and the rate list.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { COIN_BAND, MAX_STEPS, walkPrice } from './demoWalk';
import { FeedError, parseFeedDocument, readFeed } from './httpFeed';
import { REFERENCE_COIN_USD } from './referencePrices';
import { createPriceService, priceCny, ratePerCny } from './service';

const T0 = Date.UTC(2026, 4, 1, 10, 0);

describe('the demo walk', () => {
  const shape = { reference: '100', band: COIN_BAND, step: 0.004 };

  it('should be the same walk for the same seed, and another for another seed', () => {
    const a = walkPrice(shape, '100', 7, 'btc', 0, 500);
    expect(walkPrice(shape, '100', 7, 'btc', 0, 500)).toBe(a);
    expect(walkPrice(shape, '100', 8, 'btc', 0, 500)).not.toBe(a);
    expect(walkPrice(shape, '100', 7, 'ltc', 0, 500)).not.toBe(a);
  });

  it('should reach the same price in one catch-up as minute by minute', () => {
    let stepped = '100';
    for (let minute = 1; minute <= 120; minute += 1) {
      stepped = walkPrice(shape, stepped, 3, 'btc', minute - 1, minute);
    }
    // Eight significant digits are kept between steps: equal to about 1e-6.
    expect(Number(stepped)).toBeCloseTo(Number(walkPrice(shape, '100', 3, 'btc', 0, 120)), 4);
  });

  it('should move, and stay within its band over a long walk', () => {
    let price = '100';
    const seen = new Set<string>();
    for (let day = 0; day < 30; day += 1) {
      price = walkPrice(shape, price, 11, 'kas', day * MAX_STEPS, (day + 1) * MAX_STEPS);
      seen.add(price);
      expect(Number(price)).toBeGreaterThanOrEqual(100 / (1 + COIN_BAND) - 1e-6);
      expect(Number(price)).toBeLessThanOrEqual(100 * (1 + COIN_BAND) + 1e-6);
    }
    expect(seen.size).toBeGreaterThan(20);
  });

  it('should not move without a new minute', () => {
    expect(walkPrice(shape, '101.5', 1, 'btc', 9, 9)).toBe('101.5');
    expect(walkPrice(shape, '101.5', 1, 'btc', 9, 8)).toBe('101.5');
  });
});

describe('the HTTP feed document', () => {
  it('should read coins by id or symbol, numbers or decimal strings, and left out bad entries', () => {
    const prices = parseFeedDocument({
      prices: { BTC: '97000.5', ltc: 98.25, 'GRIN-C32': '0.04', nope: '1', doge: '-1', kas: 'x' },
      rates: { cny: '7.12', EUR: 0.86, '??': '1', JPY: 0 },
    });
    expect(Object.fromEntries(prices.coins)).toEqual({
      btc: '97000.5',
      ltc: '98.25',
      'grin-c32': '0.04',
    });
    expect(Object.fromEntries(prices.currencies)).toEqual({ CNY: '7.12', EUR: '0.86' });
    expect(prices.skipped).toEqual([
      'prices.nope',
      'prices.doge',
      'prices.kas',
      'rates.??',
      'rates.JPY',
    ]);
  });

  it('should refuse a document of another shape or without a usable price', () => {
    expect(() => parseFeedDocument([])).toThrow(FeedError);
    expect(() => parseFeedDocument({ data: {} })).toThrow(FeedError);
    expect(() => parseFeedDocument({ prices: { nope: '1' } })).toThrow(/no usable coin price/);
  });
});

function answering(status: number, body: string) {
  return (async () => new Response(body, { status })) as unknown as typeof fetch;
}

describe.each(testDrivers)('prices on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(T0);

  async function get<T>(url: string): Promise<T> {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, `GET ${url}: ${response.body}`).toBe(200);
    return (response.json() as { data: T }).data;
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    app = await buildApp({ config: testConfig(), db: database, clock });
    await app.ready();
    await database.db.execute(
      sql`INSERT INTO currency_rates (currency, rate, symbol, sort)
          VALUES ('USD', '0.100000', '$', 10), ('EUR', '0.100000', '€', 20)`,
    );
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('should open the demo prices at their reference values before the first request', async () => {
    const rows = await queryRows<{ asset: string; usd: string; source: string }>(
      database.db,
      sql`SELECT asset, usd::text AS usd, source FROM market_prices WHERE kind = 'coin'`,
    );
    expect(rows).toHaveLength(Object.keys(REFERENCE_COIN_USD).length);
    for (const row of rows) {
      expect(new Big(row.usd).eq(REFERENCE_COIN_USD[row.asset as 'btc']), row.asset).toBe(true);
      expect(row.source).toBe('demo');
    }
    const coins = await get<{ list: { coin: string; price: string | null }[] }>('/api/coins');
    // 98 000 USD × 7.117 CNY per USD.
    expect(coins.list.find((coin) => coin.coin === 'btc')?.price).toBe('697466');
    expect(coins.list.every((coin) => coin.price !== null)).toBe(true);
    const stats = await get<{ price: string | null }>('/api/pools/btc/stats');
    expect(stats.price).toBe('697466');
  });

  it('should walk the demo prices on the clock, the same way for the same seed', async () => {
    const service = createPriceService({ database, clock, source: { kind: 'demo', seed: 1 } });
    clock.advance(60_000);
    expect((await service.refresh(clock.now())).kind).toBe('updated');
    // A second turn in the same minute changes nothing.
    expect((await service.refresh(clock.now())).kind).toBe('unchanged');
    const snapshot = await service.read(database.db);
    const btc = snapshot.coins.get('btc')?.usd ?? '';
    const minute = Math.floor(clock.now() / 60_000);
    expect(btc).toBe(
      walkPrice(
        { reference: '98000', band: COIN_BAND, step: 0.004 },
        '98000',
        1,
        'btc',
        minute - 1,
        minute,
      ),
    );
    expect(btc).not.toBe('98000');
    // The rate list follows the currencies' walk: units per CNY, six decimals.
    const rates = await queryRows<{ currency: string; rate: string }>(
      database.db,
      sql`SELECT currency, rate::text AS rate FROM currency_rates ORDER BY sort`,
    );
    expect(rates).toEqual([
      { currency: 'USD', rate: ratePerCny(snapshot, 'USD') },
      { currency: 'EUR', rate: ratePerCny(snapshot, 'EUR') },
    ]);
    expect(Number(rates[0]?.rate)).toBeCloseTo(1 / 7.117, 2);
  });

  it('should keep the last good prices when the HTTP feed fails, and take the next good read', async () => {
    const before = await createPriceService({
      database,
      clock,
      source: { kind: 'none' },
    }).read(database.db);
    const failing = [
      answering(500, 'oops'),
      answering(200, 'not json'),
      answering(200, JSON.stringify({ prices: 'none' })),
      (async () => {
        throw new TypeError('fetch failed');
      }) as unknown as typeof fetch,
    ];
    for (const fetchImpl of failing) {
      const service = createPriceService({
        database,
        clock,
        source: { kind: 'feed', url: 'http://127.0.0.1:9/prices', fetch: fetchImpl },
      });
      const outcome = await service.refresh(clock.now());
      expect(outcome.kind).toBe('failed');
      expect((await service.read(database.db)).coins).toEqual(before.coins);
    }
    clock.advance(60_000);
    const good = createPriceService({
      database,
      clock,
      source: {
        kind: 'feed',
        url: 'http://127.0.0.1:9/prices',
        fetch: answering(200, JSON.stringify({ prices: { BTC: '90000' }, rates: { CNY: '7' } })),
      },
    });
    const outcome = await good.refresh(clock.now());
    expect(outcome).toEqual({ kind: 'updated', assets: 2, skipped: [] });
    const after = await good.read(database.db);
    expect(after.coins.get('btc')).toEqual({ usd: '90000', updatedMs: clock.now() });
    expect(priceCny(after, 'btc')).toBe('630000');
    // Coins the feed did not carry keep their last price.
    expect(after.coins.get('ltc')).toEqual(before.coins.get('ltc'));
  });

  it('should read a real HTTP feed and give up on one that does not answer in time', async () => {
    let server: Server | undefined;
    let delayMs = 0;
    try {
      server = createServer((_request, response) => {
        setTimeout(() => {
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify({ prices: { ltc: '101.5' }, rates: { EUR: '0.9' } }));
        }, delayMs);
      });
      await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}/latest`;
      const feed = await readFeed(url);
      expect(Object.fromEntries(feed.coins)).toEqual({ ltc: '101.5' });
      delayMs = 500;
      await expect(readFeed(url, fetch, 50)).rejects.toThrow(FeedError);
    } finally {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    }
  });
});
