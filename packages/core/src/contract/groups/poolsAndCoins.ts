/**
 * Pools and coins: coin pages, coins, lab pools, blogroll, pool statistics, blocks and hashrates.
 * Family B of the API contract; `../endpoints.ts` merges every group into `endpoints`.
 */
import { hashrateSeriesQuerySchema, hashrateSeriesSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  blockListQuerySchema,
  blockListSchema,
  coinListSchema,
  coinPagesQuerySchema,
  coinPagesSchema,
  poolListSchema,
  poolParamsSchema,
  poolStatsSchema,
} from '../pools';
import { blogrollListSchema } from '../site';

/** The pools and coins calls. */
export const poolsAndCoinsEndpoints = {
  /** Coin table of the home page, paged. */
  coinPages: defineEndpoint({
    id: 'coinPages',
    family: 'B',
    method: 'GET',
    path: '/pools/coin-pages',
    auth: 'optional',
    query: coinPagesQuerySchema,
    response: coinPagesSchema,
    summary: 'Coin table with pool and network figures',
  }),
  /**
   * Not shown: the coin list (facts, price, halving) of the mineable coins. ETH, which left proof
   * of work and has no block reward, is not in it.
   */
  coins: defineEndpoint({
    id: 'coins',
    family: 'B',
    method: 'GET',
    path: '/coins',
    auth: 'optional',
    response: coinListSchema,
    summary: 'Coins with price and halving',
  }),
  /** Not shown: the lab (experimental) pools. */
  labPools: defineEndpoint({
    id: 'labPools',
    family: 'B',
    method: 'GET',
    path: '/pools/lab',
    auth: 'optional',
    response: poolListSchema,
    summary: 'Lab pools',
  }),
  /** Not shown: the blogroll (friendly sites). */
  blogroll: defineEndpoint({
    id: 'blogroll',
    family: 'B',
    method: 'GET',
    path: '/media/blogroll/list',
    auth: 'optional',
    response: blogrollListSchema,
    summary: 'Blogroll links',
  }),
  /** Not shown: statistics of a pool (the `/pool/:type/stat` page). */
  poolStats: defineEndpoint({
    id: 'poolStats',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/stats',
    auth: 'optional',
    params: poolParamsSchema,
    response: poolStatsSchema,
    summary: 'Statistics of a pool',
  }),
  /** Blocks found by a pool, newest first. */
  poolBlocks: defineEndpoint({
    id: 'poolBlocks',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/blocks',
    auth: 'optional',
    params: poolParamsSchema,
    query: blockListQuerySchema,
    response: blockListSchema,
    summary: 'Blocks found by a pool',
  }),
  /** Hashrate series of a pool. */
  poolHashrates: defineEndpoint({
    id: 'poolHashrates',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/hashrates',
    auth: 'optional',
    params: poolParamsSchema,
    query: hashrateSeriesQuerySchema,
    response: hashrateSeriesSchema,
    summary: 'Hashrate series of a pool',
  }),
} as const;
