import {
  COIN_IDS,
  COINS,
  type CoinFact,
  type CoinListFact,
  type CoinListItem,
  type CoinPageRow,
  calculateProfit,
  coinHalvingCountdown,
  endpoints,
  type HashrateSeries,
  halvingRewardAt,
  multiplyDecimal,
  type PoolInfo,
  type SeriesInterval,
  type SeriesRange,
} from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pageOf } from '../../domain/paging';
import {
  COIN_ENGINE_PARAMS,
  estimatedHeight,
  findPool,
  hashrateFromDifficulty,
  hashrateUnitLabel,
  POOLS,
  type PoolDefinition,
  PPS_PLUS_FEE_PERCENT,
  SOLO_FEE_PERCENT,
  subsidyAt,
} from '../../engine/poolCatalog';
import { queryRows, type SqlExecutor, toNumber } from '../../engine/sql';
import { registerEndpoint } from '../../http/registerEndpoint';
import { type PriceService, type PriceSnapshot, priceCny } from '../prices/service';
import { requirePool } from './access';
import type { PublicCache } from './publicCache';
import {
  isoTime,
  networkHashrate,
  networkState,
  readBlockPage,
  readPoolStats,
  readSeries,
} from './queries';

/** A pool's own hashrate series (no reject rates). */
export async function readPoolSeries(
  db: SqlExecutor,
  pool: PoolDefinition,
  interval: SeriesInterval,
  range: SeriesRange,
  nowMs: number,
): Promise<HashrateSeries> {
  const series = await readSeries(db, { pool, miner: '', workerId: 0 }, interval, range, nowMs);
  return {
    interval: series.interval,
    points: series.points.map(({ time, hashrate }) => ({ time, hashrate })),
  };
}

/** The wire form of a pool of the pool lists. */
export function poolInfo(pool: PoolDefinition): PoolInfo {
  const host = pool.name.replace(/[^a-z0-9-]/g, '');
  return {
    name: pool.name,
    coin: pool.coin,
    label: pool.info.name,
    algorithm: pool.info.algorithm.slice(0, 64),
    algorithm_note: pool.info.algorithmNote,
    payout_models: [...pool.payoutModels],
    fee_percent: PPS_PLUS_FEE_PERCENT,
    solo_fee_percent: pool.payoutModels.includes('SOLO') ? SOLO_FEE_PERCENT : null,
    min_payout: pool.minPayout,
    stratum: [
      { region: 'Asia', url: `stratum+tcp://${host}.poolkit.example:3333` },
      { region: 'Europe', url: `stratum+tcp://${host}-eu.poolkit.example:3333` },
    ],
    lab: pool.lab,
    address_mining: pool.addressMining,
  };
}

/**
 * The coin-list figures that rest on an unverified fact: the reward on the reward or the
 * emission rule, the halving countdown on the interval or the reference height (its date is not
 * used). Symbol, units and decimals have no column of their own to mark.
 */
const LIST_FACT_OF: Partial<Record<CoinFact, CoinListFact>> = {
  algorithm: 'algorithm',
  blockTimeSec: 'block_time_s',
  blockReward: 'block_reward',
  emissionRule: 'block_reward',
  halvingIntervalBlocks: 'halving',
  referenceHeight: 'halving',
};

/** The coin-list figures to mark unverified, once each, in the contract's order. */
function coinListFacts(facts: readonly CoinFact[]): CoinListFact[] {
  const marked = new Set(facts.map((fact) => LIST_FACT_OF[fact]));
  return (['algorithm', 'block_time_s', 'block_reward', 'halving'] as const).filter((fact) =>
    marked.has(fact),
  );
}

async function coinList(
  db: SqlExecutor,
  nowMs: number,
  prices: PriceSnapshot,
): Promise<CoinListItem[]> {
  const heights = new Map(
    (
      await queryRows<{ pool: string; height: unknown }>(
        db,
        sql`SELECT pool, height::float8 AS height FROM pool_network`,
      )
    ).map((row) => [row.pool, toNumber(row.height)]),
  );
  // Only mineable coins: the list is the pool's coin facts (algorithm, block time, reward,
  // halving) and links each coin to its pool. ETH left proof of work at the Merge, has no block
  // reward and no pool, so a row for it could only read "0 ETH" and lead nowhere; it stays a
  // wallet coin (deposits, withdrawals) but is no coin to mine.
  return COIN_IDS.filter((coin) => COINS[coin].mineable).map((coin) => {
    const info = COINS[coin];
    const params = COIN_ENGINE_PARAMS[coin];
    const pool = findPool(coin);
    const blockTime = info.blockTimeSec ?? 60;
    // The height the pool pages use (`networkState`): the engine's, else the estimated one.
    const fallbackHeight =
      pool === undefined ? (info.referenceHeight ?? 0) : estimatedHeight(pool, nowMs);
    const height = Math.max(0, Math.round(heights.get(coin) ?? fallbackHeight));
    // A coin that halves pays the reward of its current height's halving period (RVN 1,250 past
    // 4,200,000), so the reward, the next halving's height and the reward after it agree; the
    // pool's own figures (blocks, PPS, daily profit) use the same `subsidyAt`.
    const reward =
      pool === undefined
        ? (halvingRewardAt(info, height) ?? info.blockReward ?? params.demoSubsidy)
        : subsidyAt(pool, height);
    const countdown =
      info.blockReward === null
        ? null
        : coinHalvingCountdown({ ...info, blockTimeSec: blockTime }, height, nowMs);
    return {
      coin,
      symbol: info.symbol,
      name: info.name,
      algorithm: info.algorithm.slice(0, 64),
      algorithm_note: info.algorithmNote,
      // The contract caps chain precision at 24 (SCP counts 27 decimals): shown capped.
      decimals: Math.min(24, info.chainDecimals),
      display_decimals: info.displayDecimals,
      hashrate_unit: pool === undefined ? info.hashrateUnit : hashrateUnitLabel(pool),
      block_time_s: blockTime,
      block_reward: reward,
      price: priceCny(prices, coin),
      halving:
        countdown === null
          ? null
          : {
              interval_blocks: info.halvingIntervalBlocks ?? 1,
              next_height: countdown.nextHalvingHeight,
              estimated_at: isoTime(countdown.estimatedAtMs),
              // On the coin's schedule: ETC's era step cuts the reward by 20 %, the others halve it.
              next_reward:
                halvingRewardAt(info, countdown.nextHalvingHeight) ??
                multiplyDecimal(reward, '0.5'),
            },
      address_mining: info.addressMining,
      unverified: coinListFacts(info.unverified),
    };
  });
}

async function coinPageRows(
  db: SqlExecutor,
  nowMs: number,
  prices: PriceSnapshot,
): Promise<CoinPageRow[]> {
  const stats = new Map(
    (
      await queryRows<{ pool: string; diff_15m: unknown; miners: unknown }>(
        db,
        sql`SELECT pool, diff_15m, miners FROM pool_stats`,
      )
    ).map((row) => [row.pool, row]),
  );
  const rows: CoinPageRow[] = [];
  for (const pool of POOLS.values()) {
    const { difficulty, height } = await networkState(db, pool, nowMs);
    const stat = stats.get(pool.name);
    const profit = calculateProfit({
      hashrate: pool.params.unitHashrate,
      networkDifficulty: difficulty,
      hashesPerDifficulty: pool.params.hashesPerDifficulty,
      // The subsidy at the current height, as the coin list's block reward.
      blockReward: subsidyAt(pool, Math.round(height)),
      blockTimeSec: pool.info.blockTimeSec ?? 60,
      coinPrice: 0,
      powerW: 0,
      electricityPricePerKwh: 0,
      poolFeeRate: String(Number(PPS_PLUS_FEE_PERCENT) / 100),
      coinDecimals: pool.info.chainDecimals,
    });
    rows.push({
      coin: pool.coin,
      symbol: pool.info.symbol,
      name: pool.info.name,
      algorithm: pool.info.algorithm.slice(0, 64),
      algorithm_note: pool.info.algorithmNote,
      price: priceCny(prices, pool.coin),
      pool_hashrate: hashrateFromDifficulty(pool, toNumber(stat?.diff_15m), 900),
      network_hashrate: networkHashrate(pool, difficulty),
      network_difficulty: difficulty,
      miners: toNumber(stat?.miners),
      profit_unit_hashrate: pool.params.unitHashrate,
      daily_profit: profit.daily.coins,
      payout_models: [...pool.payoutModels],
    });
  }
  return rows;
}

/** Registers the pool lists, coins, coin pages and the public pool statistics, blocks and series. */
export function registerPoolRoutes(
  app: FastifyInstance,
  cache: PublicCache,
  prices: PriceService,
): void {
  registerEndpoint(app, endpoints.pools, async () => ({
    list: [...POOLS.values()].filter((pool) => !pool.lab).map(poolInfo),
  }));
  registerEndpoint(app, endpoints.labPools, async () => ({
    list: [...POOLS.values()].filter((pool) => pool.lab).map(poolInfo),
  }));
  registerEndpoint(app, endpoints.coins, async (_input, { database, clock }) => ({
    list: await cache.get('coins', async () =>
      coinList(database.db, clock.now(), await prices.current()),
    ),
  }));
  registerEndpoint(app, endpoints.coinPages, async ({ query }, { database, clock }) => {
    let rows = [
      ...(await cache.get('coin-pages', async () =>
        coinPageRows(database.db, clock.now(), await prices.current()),
      )),
    ];
    const search = query.search?.toLowerCase();
    if (search !== undefined && search !== '') {
      rows = rows.filter(
        (row) =>
          row.coin.includes(search) ||
          row.symbol.toLowerCase().includes(search) ||
          row.name.toLowerCase().includes(search),
      );
    }
    const direction = query.order === 'asc' ? 1 : -1;
    const key = query.sort;
    rows.sort((a, b) => {
      let compared: number;
      switch (key) {
        case 'coin':
          compared = a.coin.localeCompare(b.coin);
          break;
        case 'price':
          compared = Number(a.price ?? -1) - Number(b.price ?? -1);
          break;
        case 'pool_hashrate':
          compared = a.pool_hashrate - b.pool_hashrate;
          break;
        case 'network_hashrate':
          compared = a.network_hashrate - b.network_hashrate;
          break;
        case 'daily_profit':
          compared = Number(a.daily_profit) - Number(b.daily_profit);
          break;
        default:
          compared = key satisfies never;
      }
      return compared * direction || a.coin.localeCompare(b.coin);
    });
    return pageOf(rows, query);
  });
  registerEndpoint(
    app,
    endpoints.poolStats,
    async ({ params }, { database, clock }) => {
      const pool = requirePool(params.pool);
      return cache.get(`stats:${pool.name}`, async () => ({
        ...(await readPoolStats(database.db, pool, clock.now())),
        price: priceCny(await prices.current(), pool.coin),
      }));
    },
    { hotRead: 'public' },
  );
  registerEndpoint(app, endpoints.poolBlocks, async ({ params, query }, { database, clock }) =>
    readBlockPage(database.db, requirePool(params.pool), query, clock.now()),
  );
  registerEndpoint(
    app,
    endpoints.poolHashrates,
    async ({ params, query }, { database, clock }) => {
      const pool = requirePool(params.pool);
      return cache.get(`series:${pool.name}:${query.interval}:${query.range}`, () =>
        readPoolSeries(database.db, pool, query.interval, query.range, clock.now()),
      );
    },
    { hotRead: 'public' },
  );
}
