import { COIN_IDS, COINS, splitDuration } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { DEFAULT_SIMULATOR_SEED, demoAddresses } from '../../engine/simulator';
import { testConfig } from '../../testing/testApp';
import { testDrivers } from '../../testing/testDatabase';
import { PUBLIC_CACHE_TTL_MS } from './publicCache';
import { ADDRESS, poolRoutesTestApp, T0 } from './testSetup';

describe.each(testDrivers)('pool and coin routes on %s', (driver) => {
  const t = poolRoutesTestApp(driver);

  it('should answer every read route within the contract', async () => {
    const account = '/api/pools/btc/accounts/alice01';
    const addr = `/api/address-mining/kas/miner/${ADDRESS}`;
    const urls: [string, string | undefined][] = [
      ['/api/address-mining/pools', undefined],
      ['/api/address-mining/kas/pool/stats', undefined],
      ['/api/address-mining/kas/blocks?page=1&page_size=5', undefined],
      ['/api/address-mining/kas/hashrates?interval=10m&range=24h', undefined],
      [`/api/address-mining/kas/payments/${ADDRESS}`, undefined],
      [`${addr}/info`, undefined],
      [`${addr}/hashrates?interval=1h&range=7d`, undefined],
      [`${addr}/profits?start_date=2026-01-01&end_date=2026-01-31`, undefined],
      [`${addr}/workers?sort=accept_24h&order=desc`, undefined],
      [`${addr}/workers/k1/hashrates`, undefined],
      ['/api/address-mining/kas/workers/stats', undefined],
      ['/api/address-mining/kas/demo-addresses', undefined],
      [`${addr}/ips`, undefined],
      ['/api/pools', undefined],
      ['/api/pools/coin-pages?sort=daily_profit&order=asc&search=bit', undefined],
      ['/api/coins', undefined],
      ['/api/pools/lab', undefined],
      ['/api/pools/btc/stats', 'alice'],
      ['/api/pools/btc/blocks?status=confirmed', undefined],
      ['/api/pools/btc/hashrates?interval=1d&range=30d', undefined],
      [`${account}/stats`, 'alice'],
      [`${account}/hashrates?interval=10m&range=7d`, 'alice'],
      [`${account}/miners`, 'alice'],
      [`${account}/miners/stats`, 'alice'],
      [`${account}/miners/w01`, 'alice'],
      [`${account}/miners/w01/hashrates`, 'alice'],
      [`${account}/groups`, 'alice'],
      [`${account}/profits/stats`, 'alice'],
      [`${account}/profits`, 'alice'],
      [`${account}/profits/solo`, 'alice'],
      [`${account}/profits/hashrates?range=7d`, 'alice'],
      [`${account}/profits/unit/hashrates`, 'alice'],
      [`${account}/rates?range=7d`, 'alice'],
      ['/api/accounts/alice01/pay-method', 'alice'],
      ['/api/accounts/alice01/pay-method?pool=ltc', 'alice'],
    ];
    for (const [url, token] of urls) await t.data('GET', url, token);

    const stats = await t.data<Record<string, unknown>>('GET', '/api/pools/btc/stats');
    expect(stats.workers).toBe(21);
    expect(stats.blocks_24h).toBe(2);
    const info = await t.data<Record<string, unknown>>('GET', `${addr}/info`);
    expect(info.workers).toEqual({ active: 2, inactive: 0, dead: 0, total: 2 });
    // Below the 1 KAS minimum payout: nothing paid yet, the balance is the settled income.
    expect(info.total_paid).toBe('0');
    expect(info.balance).toBe(info.total_profit);
    expect(Number(info.total_profit)).toBeGreaterThan(0);
    const profits = await t.data<{ list: { pps_amount: string; status: string }[] }>(
      'GET',
      `${account}/profits`,
      'alice',
    );
    expect(profits.list.map((row) => row.status)).toEqual(['pending', 'settled']);
    const solo = await t.data<{ list: { fee: string; amount: string }[] }>(
      'GET',
      `${account}/profits/solo`,
      'alice',
    );
    expect(solo.list).toEqual([
      expect.objectContaining({
        reward: '3.15',
        fee: '0.01575',
        amount: '3.13425',
        status: 'pending',
      }),
    ]);
    const ips = await t.data<{ list: { ip: string }[] }>('GET', `${addr}/ips`);
    expect(ips.list.map((row) => row.ip).sort()).toEqual(['192.168.1.5', '192.168.1.6']);
  });

  it('should list the demo addresses of an address-mining coin in demo mode', async () => {
    const kas = await t.data<{ list: string[] }>('GET', '/api/address-mining/kas/demo-addresses');
    expect(kas.list).toEqual(
      demoAddresses(DEFAULT_SIMULATOR_SEED)
        .filter((entry) => entry.coin === 'kas')
        .map((entry) => entry.address),
    );
    expect(kas.list).toHaveLength(3);
    const aleo = await t.data<{ list: string[] }>('GET', '/api/address-mining/aleo/demo-addresses');
    expect(aleo.list.every((address) => address.startsWith('aleo1'))).toBe(true);
    // Only address-mining coins have them.
    expect((await t.call('GET', '/api/address-mining/btc/demo-addresses')).statusCode).toBe(404);
  });

  it('should list no demo address when the server runs without the demo', async () => {
    const plain = await buildApp({
      config: testConfig({ DEMO: 'off' }),
      db: t.database,
      clock: t.clock,
      authenticate: t.authenticate,
    });
    try {
      const response = await plain.inject({
        method: 'GET',
        url: '/api/address-mining/kas/demo-addresses',
      });
      expect(response.json()).toMatchObject({ code: 0, data: { list: [] } });
    } finally {
      await plain.close();
    }
  });

  it('should give short algorithm names with their notes, and mark unverified coin facts', async () => {
    const pages = await t.data<{
      list: { coin: string; algorithm: string; algorithm_note: string | null }[];
    }>('GET', '/api/pools/coin-pages?page_size=50');
    const dcr = pages.list.find((row) => row.coin === 'dcr');
    expect(dcr).toMatchObject({
      algorithm: 'BLAKE3',
      algorithm_note: expect.stringContaining('DCP-0011'),
    });
    expect(pages.list.find((row) => row.coin === 'btc')?.algorithm_note).toBeNull();
    const pools = await t.data<{ list: { coin: string; algorithm_note: string | null }[] }>(
      'GET',
      '/api/pools',
    );
    expect(pools.list.find((pool) => pool.coin === 'doge')?.algorithm_note).toContain('LTC');
    const coins = await t.data<{ list: { coin: string; unverified: string[] }[] }>(
      'GET',
      '/api/coins',
    );
    const byCoin = new Map(coins.list.map((coin) => [coin.coin, coin.unverified]));
    // DOGE's reward rule is unverified; BTC's only unverified fact, a date, shows in no column.
    expect(byCoin.get('doge')).toEqual(['block_reward', 'halving']);
    expect(byCoin.get('btc')).toEqual([]);
    expect(byCoin.get('stc')).toEqual(['block_time_s']);
    expect(byCoin.get('scp')).toEqual(['algorithm', 'block_reward']);
  });

  it('should make every halving countdown, height and date agree, ZEC ~700 days from 3,600,000', async () => {
    type Coin = {
      coin: keyof typeof COINS;
      block_time_s: number;
      block_reward: string;
      halving: {
        interval_blocks: number;
        next_height: number;
        estimated_at: string;
        next_reward: string;
      } | null;
    };
    await t.database.db.execute(
      sql`INSERT INTO pool_network (pool, height, difficulty, updated_ms)
          VALUES ('zec', 3600000, 1, ${T0})
          ON CONFLICT (pool) DO UPDATE SET height = excluded.height`,
    );
    // Past the public cache, so the list is read with the new height (to a whole second: the
    // wire gives whole seconds); back to T0 afterwards.
    t.clock.advance(PUBLIC_CACHE_TTL_MS + 1000);
    try {
      const now = t.clock.now();
      const coins = await t.data<{ list: Coin[] }>('GET', '/api/coins');
      const halving = coins.list.filter((coin) => coin.halving !== null);
      expect(halving.map((coin) => coin.coin).sort()).toEqual(
        COIN_IDS.filter((id) => COINS[id].halvingIntervalBlocks !== null).sort(),
      );
      for (const {
        coin,
        block_time_s: blockTime,
        block_reward: reward,
        halving: next,
      } of halving) {
        if (next === null) continue;
        const facts = COINS[coin];
        // The reward after the halving is one step on from the reward shown now.
        expect(Number(next.next_reward), coin).toBeCloseTo(
          Number(reward) * Number(facts.halvingRewardFactor),
          12,
        );
        // The height is a halving of the coin's own schedule …
        expect(next.interval_blocks, coin).toBe(facts.halvingIntervalBlocks);
        expect(
          (next.next_height - (facts.halvingAnchorHeight ?? 0)) % next.interval_blocks,
          coin,
        ).toBe(0);
        // … the date is a whole number of blocks before it, at most one interval away …
        const leftMs = Date.parse(next.estimated_at) - now;
        const blocksLeft = leftMs / 1000 / blockTime;
        // (the wire's time has whole seconds)
        expect(Math.abs(leftMs - Math.round(blocksLeft) * blockTime * 1000), coin).toBeLessThan(
          1000,
        );
        expect(blocksLeft, coin).toBeGreaterThan(0);
        expect(blocksLeft, coin).toBeLessThanOrEqual(next.interval_blocks);
        // … and the days a countdown shows (the site counts to the date) are those blocks' days.
        expect(splitDuration(leftMs).days, coin).toBe(
          Math.floor((Math.round(blocksLeft) * blockTime) / 86_400),
        );
      }
      const zec = halving.find((coin) => coin.coin === 'zec')?.halving;
      expect(zec?.next_height).toBe(4_406_400);
      expect(splitDuration(Date.parse(zec?.estimated_at ?? '') - now).days).toBe(700);
    } finally {
      t.clock.set(T0);
    }
  });

  it('should list only mineable coins, so ETH (proof of stake) shows no 0 block reward', async () => {
    const coins = await t.data<{ list: { coin: keyof typeof COINS; block_reward: string }[] }>(
      'GET',
      '/api/coins',
    );
    const listed = coins.list.map((coin) => coin.coin);
    expect(listed).not.toContain('eth');
    expect(listed).toContain('etc');
    expect(listed).toEqual(COIN_IDS.filter((id) => COINS[id].mineable));
    for (const coin of coins.list) expect(Number(coin.block_reward), coin.coin).toBeGreaterThan(0);
  });
});
