import type { CatalogueList, CatalogueMinerDetail, ContractProductList } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock, type ManualClock } from '../../clock';
import type { Database } from '../../db/connect';
import { createIngest } from '../../engine/ingest';
import { baseNetworkDifficulty, findPool } from '../../engine/poolCatalog';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { fixedPrices } from '../../testing/testPrices';

const T0 = Date.UTC(2026, 0, 15, 12, 0);
const S21 = 'bitmain-antminer-s21';

describe.each(testDrivers)('miner catalogue on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let clock: ManualClock;

  async function get<T>(url: string): Promise<T> {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, `GET ${url}: ${response.body}`).toBe(200);
    return (response.json() as { data: T }).data;
  }

  const list = (query = '') => get<CatalogueList>(`/api/catalogue/miners${query}`);

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    clock = createManualClock(T0);
    app = await buildApp({
      config: testConfig(),
      db: database,
      clock,
      priceSource: fixedPrices(),
    });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('lists every machine with figures, most profitable first, keeping the "not verified" mark', async () => {
    const page = await list('?page_size=100');
    expect(page.total).toBe(32);
    expect(page.list).toHaveLength(32);
    expect(page.list.map((row) => row.id)).not.toContain('goldshell-hs6-se');
    const profits = page.list.map((row) => Number(row.profit));
    expect(profits).toEqual([...profits].sort((a, b) => b - a));
    expect(page.list.every((row) => row.specs_verified === false)).toBe(true);
    expect(page.list.every((row) => row.currency === 'CNY')).toBe(true);
    for (const row of page.list) {
      expect(row.profit).toMatch(/^-?\d+\.\d{2}$/);
      expect(Number(row.profit)).toBeCloseTo(Number(row.daily_revenue) - Number(row.daily_cost), 6);
    }
  });

  it('computes the Antminer S21 by hand: 200 TH/s at 700 EH/s, 3.125 BTC, 2.5 % fee, 700 000 CNY', async () => {
    // 200e12 / 700e18 × 144 blocks × 3.125 BTC × 0.975 = 0.00012535714 BTC × 700 000 = 87.75 CNY
    // 3 500 W × 24 h / 1000 × 0.35 = 29.40 CNY; profit 58.35; break-even 87.75 / 84 kWh.
    const detail = await get<CatalogueMinerDetail>(`/api/catalogue/miners/${S21}`);
    expect(detail).toMatchObject({
      id: S21,
      vendor: 'Bitmain',
      model: 'Antminer S21',
      release_date: '2024-02',
      algorithms: ['SHA-256'],
      coins: ['btc'],
      hashrate: 200e12,
      power: 3500,
      unit_power: 17.5,
      unit_power_unit: 'J/TH',
      daily_revenue: '87.75',
      daily_cost: '29.40',
      profit: '58.35',
      cost_rate: '33.50',
      coin_price: '700000.00',
      break_even: '1.0446',
      currency: 'CNY',
      noise_level: 75,
      size: '400x195x290',
      weight: 15.4,
      fans: 4,
      specs_verified: false,
      sellers: [],
    });
    expect(detail.sources.length).toBeGreaterThan(0);

    const dear = await get<CatalogueMinerDetail>(
      `/api/catalogue/miners/${S21}?electricity_price=1.5`,
    );
    expect(dear).toMatchObject({ daily_cost: '126.00', profit: '-38.25', cost_rate: '100.00' });
  });

  it('names the figures no manufacturer source confirms, keeping the ones the data checked', async () => {
    const s21 = await get<CatalogueMinerDetail>(`/api/catalogue/miners/${S21}`);
    // Algorithm and fans are checked against pyasic; the rest come from listings.
    expect(s21.unverified_specs).not.toContain('algorithms');
    expect(s21.unverified_specs).not.toContain('fans');
    expect(s21.unverified_specs).toEqual(expect.arrayContaining(['hashrate', 'power', 'size']));
    // Not in pyasic: nothing of it is checked.
    const al1 = await get<CatalogueMinerDetail>('/api/catalogue/miners/bitmain-antminer-al1');
    expect(al1.unverified_specs).toEqual(
      expect.arrayContaining(['algorithms', 'fans', 'hashrate']),
    );
    const page = await list('?page_size=100');
    for (const row of page.list)
      expect(row.unverified_specs.length > 0, row.id).toBe(!row.specs_verified);
  });

  it('adds the merge-mined DOGE to a Scrypt machine', async () => {
    // L9, 16 GH/s at 2 PH/s: LTC 8e-6 × 576 × 6.25 × 0.975 × 700 = 19.656
    //                        DOGE 8e-6 × 1440 × 10 000 × 0.975 × 1.5 = 168.48
    const detail = await get<CatalogueMinerDetail>('/api/catalogue/miners/bitmain-antminer-l9');
    expect(detail).toMatchObject({
      coins: ['ltc', 'doge'],
      daily_revenue: '188.14',
      daily_cost: '28.22',
      profit: '159.92',
      coin_price: '700.00',
    });
  });

  it("agrees with the pool pages and follows the engine's network difficulty", async () => {
    const coins = await get<{ list: { coin: string; daily_profit: string }[] }>(
      '/api/pools/coin-pages?search=btc',
    );
    // The coin table quotes BTC per 1 TH/s per day at 8 decimals; the S21 has 200 TH/s.
    const perTh = coins.list.find((row) => row.coin === 'btc')?.daily_profit;
    const before = await get<CatalogueMinerDetail>(`/api/catalogue/miners/${S21}`);
    expect((Number(before.daily_revenue) / 700_000 / 200).toFixed(8)).toBe(perTh);

    const btc = findPool('btc');
    if (btc === undefined) throw new Error('no btc pool');
    await createIngest(database).recordNetwork({
      coin: 'btc',
      height: 900_000,
      difficulty: baseNetworkDifficulty(btc) * 2,
      at: T0,
    });
    clock.advance(10_000);
    const after = await get<CatalogueMinerDetail>(`/api/catalogue/miners/${S21}`);
    expect(after.daily_revenue).toBe('43.88');
    await createIngest(database).recordNetwork({
      coin: 'btc',
      height: 900_001,
      difficulty: baseNetworkDifficulty(btc),
      at: T0 + 1,
    });
    clock.advance(10_000);
    expect((await get<CatalogueMinerDetail>(`/api/catalogue/miners/${S21}`)).daily_revenue).toBe(
      '87.75',
    );
  });

  it('prices electricity from the query', async () => {
    const cheap = await list(`?search=antminer%20s21&electricity_price=0`);
    const s21 = cheap.list.find((row) => row.id === S21);
    expect(s21).toMatchObject({ daily_cost: '0.00', profit: '87.75' });
    const dear = await list(`?search=antminer%20s21&electricity_price=0.5`);
    expect(dear.list.find((row) => row.id === S21)).toMatchObject({
      daily_cost: '42.00',
      profit: '45.75',
    });
  });

  it('sorts by every key in both orders', async () => {
    const ids = async (query: string) =>
      (await list(`?page_size=100&${query}`)).list.map((row) => row.id);
    const rows = (await list('?page_size=100')).list;
    const byId = new Map(rows.map((row) => [row.id, row]));

    const hashAsc = await ids('sort=hashrate&order=asc');
    const hashrates = hashAsc.map((id) => byId.get(id)?.hashrate ?? -1);
    expect(hashrates).toEqual([...hashrates].sort((a, b) => a - b));

    const power = (await ids('sort=power&order=desc')).map((id) => byId.get(id)?.power ?? -1);
    expect(power).toEqual([...power].sort((a, b) => b - a));
    expect(power[0]).toBe(5513);

    const unit = (await ids('sort=unit_power&order=asc')).map(
      (id) => byId.get(id)?.unit_power ?? -1,
    );
    expect(unit).toEqual([...unit].sort((a, b) => a - b));

    const released = (await ids('sort=release_date&order=desc')).map(
      (id) => byId.get(id)?.release_date ?? null,
    );
    const known = released.filter((date) => date !== null);
    expect(known).toEqual([...known].sort().reverse());
    // Year-only dates (DR5 2020, KA Box 2023, ...) are unknown months: last in both orders.
    expect(released.slice(known.length).every((date) => date === null)).toBe(true);
    const releasedAsc = (await ids('sort=release_date&order=asc')).map(
      (id) => byId.get(id)?.release_date ?? null,
    );
    expect(releasedAsc[0]).toBe('2021-11');
    expect(releasedAsc.at(-1)).toBeNull();

    const profitAsc = (await ids('sort=profit&order=asc')).map((id) =>
      Number(byId.get(id)?.profit),
    );
    expect(profitAsc).toEqual([...profitAsc].sort((a, b) => a - b));
  });

  it('filters by algorithm, coin and vendor or model', async () => {
    const sha = await list('?algorithm=sha-256&page_size=100');
    expect(sha.total).toBe(10);
    expect(sha.list.every((row) => row.algorithms.includes('SHA-256'))).toBe(true);

    const kas = await list('?coin=kas&page_size=100');
    expect(kas.total).toBe(6);
    expect(kas.list.every((row) => row.coins.includes('kas'))).toBe(true);

    const goldshell = await list('?search=GOLDSHELL&page_size=100');
    expect(goldshell.list.map((row) => row.model).sort()).toEqual([
      'AL Box',
      'KA Box',
      'KD Box Pro',
      'KD Max',
    ]);
    expect((await list('?search=s21&coin=btc')).total).toBe(5);
    expect((await list('?search=nothing-like-this')).total).toBe(0);
  });

  it('pages the ranking', async () => {
    const all = (await list('?page_size=100')).list.map((row) => row.id);
    const second = await list('?page=2&page_size=5');
    expect(second).toMatchObject({ total: 32, page: 2, page_size: 5 });
    expect(second.list.map((row) => row.id)).toEqual(all.slice(5, 10));
    const last = await list('?page=7&page_size=5');
    expect(last.list.map((row) => row.id)).toEqual(all.slice(30));
    expect((await list('?page=9&page_size=5')).list).toEqual([]);
  });

  it('answers 404 in the error envelope for an unknown machine', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/catalogue/miners/no-such-rig' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 40400, msg: expect.stringMatching(/^id: /) });
  });

  it.each([
    ['/api/catalogue/miners?electricity_price=abc', 'electricity_price'],
    ['/api/catalogue/miners?sort=x', 'sort'],
    ['/api/catalogue/miners?page=0', 'page'],
    ['/api/catalogue/miners?order=up', 'order'],
    ['/api/catalogue/miners?coin=nope', 'coin'],
    ['/api/catalogue/miners?currency=USD', 'currency'],
    [`/api/catalogue/miners/${S21}?electricity_price=-1`, 'electricity_price'],
    [`/api/catalogue/miners/${S21}?currency=USD`, 'currency'],
  ])('answers 400 naming the field for %s', async (url, field) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { code: number; msg: string; fields?: { field: string }[] };
    expect(body.code).toBe(40000);
    expect(body.msg.startsWith(`${field}: `)).toBe(true);
    expect(body.fields?.map((entry) => entry.field)).toContain(field);
  });

  it('lists the machines on sale with their sellers, cheapest first, by coin and algorithm', async () => {
    await database.db.execute(sql`
      INSERT INTO catalogue_sellers (machine_id, store, country_region, price, stock, url) VALUES
        (${S21}, 'Shop B', 'Kazakhstan', 17250, 4, NULL),
        (${S21}, 'Shop A', 'Hong Kong', 16800, 12, 'https://shop-a.example/s21'),
        (${S21}, 'Shop C', 'Norway', NULL, NULL, NULL),
        ('goldshell-kd-max', 'Shop D', 'Singapore', 1999.5, 0, NULL)`);
    // Past the 5-second public cache.
    clock.advance(10_000);
    const sale = await list('?for_sale=true&page_size=100');
    expect(sale.list.map((row) => row.id).sort()).toEqual([S21, 'goldshell-kd-max'].sort());
    const s21 = sale.list.find((row) => row.id === S21);
    expect(s21?.sellers).toEqual([
      {
        store: 'Shop A',
        country_region: 'Hong Kong',
        price: '16800.00',
        stock: 12,
        url: 'https://shop-a.example/s21',
      },
      { store: 'Shop B', country_region: 'Kazakhstan', price: '17250.00', stock: 4, url: null },
      { store: 'Shop C', country_region: 'Norway', price: null, stock: null, url: null },
    ]);
    const sha = await list('?for_sale=true&algorithm=sha-256&page_size=100');
    expect(sha.list.map((row) => row.id)).toEqual([S21]);
    expect((await list('?for_sale=true&coin=btc&page_size=100')).list.map((row) => row.id)).toEqual(
      [S21],
    );
    expect((await list('?for_sale=true&coin=kas')).list).toEqual([]);
    // Without the filter, machines nobody sells are listed too, with no sellers.
    const all = await list('?page_size=100');
    expect(all.total).toBe(32);
    expect(all.list.filter((row) => row.sellers.length > 0).length).toBe(sale.total);
    const detail = await get<CatalogueMinerDetail>(`/api/catalogue/miners/${S21}`);
    expect(detail.sellers.map((seller) => seller.store)).toEqual(['Shop A', 'Shop B', 'Shop C']);
  });

  it('answers the contract products on sale to visitors', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/sales/contracts' });
    expect(response.statusCode, response.body).toBe(200);
    const page = (response.json() as { data: ContractProductList }).data;
    const signedIn = await app.inject({ method: 'GET', url: '/api/contracts/products' });
    expect(signedIn.statusCode).toBe(401);
    expect(page.list.every((product) => product.status !== 'off_shelf')).toBe(true);
    const bad = await app.inject({ method: 'GET', url: '/api/sales/contracts?coin=nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^coin: /);
  });
});
