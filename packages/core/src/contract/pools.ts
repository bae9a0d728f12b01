/**
 * Pools and coins: the pool list (main and lab), the coin list and coin pages, pool statistics,
 * pool blocks and pool hashrates. Shared by address mining (family A) and the pool pages
 * (family B).
 */
import { z } from 'zod';
import {
  coinIdSchema,
  hashrateSchema,
  isoDateTimeSchema,
  luckSchema,
  moneySchema,
  paginatedSchema,
  paginationQueryShape,
  payoutModelSchema,
  percentSchema,
  poolNameSchema,
  searchQuerySchema,
  sortOrderSchema,
} from './common';

/** Path parameters `{pool}`. */
export const poolParamsSchema = z.object({ pool: poolNameSchema }).strict();
/** Path parameters `{pool}` as a caller sends them. */
export type PoolParams = z.input<typeof poolParamsSchema>;

/**
 * What a short algorithm name leaves out (a variant, a past algorithm), e.g. `'Since DCP-0011;
 * BLAKE-256 (14 rounds) before'` beside `BLAKE3`; shown as a hint. `null` when nothing.
 */
export const algorithmNoteSchema = z.string().min(1).max(128).nullable();

/** A stratum endpoint miners connect to. */
export const stratumEndpointSchema = z.object({
  /** Region label shown next to the URL, e.g. `Asia`, `Europe`. */
  region: z.string().min(1).max(32),
  /** Connection URL, e.g. `stratum+tcp://btc.pool.example:3333`. */
  url: z
    .string()
    .max(256)
    .regex(/^stratum\+(tcp|ssl):\/\/\S+$/, 'Expected a stratum+tcp:// or stratum+ssl:// URL'),
});
/** A stratum endpoint. */
export type StratumEndpoint = z.infer<typeof stratumEndpointSchema>;

/** One pool of `GET /pools`, `GET /pools/lab` and `GET /address-mining/pools`. */
export const poolInfoSchema = z.object({
  /** Pool name used in paths (`/pools/{pool}`); equals the coin id for main pools. */
  name: poolNameSchema,
  coin: coinIdSchema,
  /** Display name, e.g. `Bitcoin`. */
  label: z.string().min(1).max(64),
  /** Mining algorithm, short, e.g. `SHA-256d`. */
  algorithm: z.string().min(1).max(64),
  algorithm_note: algorithmNoteSchema,
  /** Settlement models the pool offers; PPS+ first. */
  payout_models: z.array(payoutModelSchema).min(1),
  /** Pool fee under PPS+, in percent. */
  fee_percent: percentSchema,
  /** Fee under SOLO in percent (spec: 0.5 %), `null` when SOLO is not offered. */
  solo_fee_percent: percentSchema.nullable(),
  /** Smallest automatic payout, in the coin. */
  min_payout: moneySchema,
  stratum: z.array(stratumEndpointSchema),
  /** True for an experimental (lab) pool. */
  lab: z.boolean(),
  /** True when miners may mine to a bare address, without an account. */
  address_mining: z.boolean(),
});
/** A pool as listed. */
export type PoolInfo = z.infer<typeof poolInfoSchema>;

/** The answer of the pool lists: `{ list }`. */
export const poolListSchema = z.object({ list: z.array(poolInfoSchema) });
/** A pool list. */
export type PoolList = z.infer<typeof poolListSchema>;

/** The next halving (or reward step) of a coin, for countdowns; `null` for coins without one. */
export const halvingSchema = z.object({
  /** Blocks between halvings. */
  interval_blocks: z.number().int().positive(),
  /** Height at which the reward next changes. */
  next_height: z.number().int().nonnegative(),
  /** Estimated time of that block, from the current height and the block time. */
  estimated_at: isoDateTimeSchema,
  /** Block reward after the halving, in the coin. */
  next_reward: moneySchema,
});
/** A coin's next halving. */
export type Halving = z.infer<typeof halvingSchema>;

/** The figures of a coin-list row that can be marked unverified. */
export const coinListFactSchema = z.enum(['algorithm', 'block_time_s', 'block_reward', 'halving']);
/** A figure of a coin-list row. */
export type CoinListFact = z.infer<typeof coinListFactSchema>;

/** One coin of the coin list (`GET /coins`): the facts of `data/coins.json` plus live price. */
export const coinListItemSchema = z.object({
  coin: coinIdSchema,
  /** Ticker, e.g. `BTC`. */
  symbol: z.string().min(1).max(16),
  name: z.string().min(1).max(64),
  /** Mining algorithm, short, e.g. `BLAKE3`. */
  algorithm: z.string().min(1).max(64),
  algorithm_note: algorithmNoteSchema,
  /** Chain precision (smallest unit), e.g. 8 for BTC. */
  decimals: z.number().int().min(0).max(24),
  /** Decimals shown in the interface (spec: 4 or 6 per coin). */
  display_decimals: z.number().int().min(0).max(18),
  /** Unit hashrates are usually shown in for this coin, e.g. `TH/s`; values stay in H/s. */
  hashrate_unit: z.string().min(1).max(16),
  /** Target block time in seconds. */
  block_time_s: z.number().positive(),
  /** Current block reward, in the coin. */
  block_reward: moneySchema,
  /** Current price in CNY; `null` when no market price is known. */
  price: moneySchema.nullable(),
  halving: halvingSchema.nullable(),
  /** True when the coin is mined by address (no account). */
  address_mining: z.boolean(),
  /**
   * Figures of this row that no primary source confirms yet (estimated, contradicted or
   * possibly outdated); a page marks them as unverified. Empty when all are confirmed.
   */
  unverified: z.array(coinListFactSchema),
});
/** A coin of the coin list. */
export type CoinListItem = z.infer<typeof coinListItemSchema>;

/** The answer of `GET /coins`. */
export const coinListSchema = z.object({ list: z.array(coinListItemSchema) });
/** The coin list. */
export type CoinList = z.infer<typeof coinListSchema>;

/** Sort keys of the coin pages. */
export const coinPageSortSchema = z.enum([
  'coin',
  'price',
  'pool_hashrate',
  'network_hashrate',
  'daily_profit',
]);

/** Query of `GET /pools/coin-pages`: pagination, sort (default pool hashrate, desc) and search. */
export const coinPagesQuerySchema = z
  .object({
    ...paginationQueryShape,
    sort: coinPageSortSchema.default('pool_hashrate'),
    order: sortOrderSchema.default('desc'),
    /** Matches coin id, symbol or name. */
    search: searchQuerySchema.optional(),
  })
  .strict();
/** Coin pages query as a caller sends it. */
export type CoinPagesQuery = z.input<typeof coinPagesQuerySchema>;

/** One row of the coin pages (the home-page coin table). */
export const coinPageRowSchema = z.object({
  coin: coinIdSchema,
  symbol: z.string().min(1).max(16),
  name: z.string().min(1).max(64),
  /** Mining algorithm, short, e.g. `BLAKE3`. */
  algorithm: z.string().min(1).max(64),
  algorithm_note: algorithmNoteSchema,
  /** Price in CNY; `null` when unknown. */
  price: moneySchema.nullable(),
  pool_hashrate: hashrateSchema,
  network_hashrate: hashrateSchema,
  network_difficulty: z.number().finite().nonnegative(),
  /** Accounts or addresses with an active worker. */
  miners: z.number().int().nonnegative(),
  /** The hashrate the daily profit is quoted for, in H/s (e.g. 1e12 for 1 TH/s). */
  profit_unit_hashrate: hashrateSchema,
  /** Estimated coins per day for `profit_unit_hashrate` under PPS+, after fee. */
  daily_profit: moneySchema,
  payout_models: z.array(payoutModelSchema).min(1),
});
/** A coin page row. */
export type CoinPageRow = z.infer<typeof coinPageRowSchema>;

/** The answer of `GET /pools/coin-pages`. */
export const coinPagesSchema = paginatedSchema(coinPageRowSchema);
/** Coin pages. */
export type CoinPages = z.infer<typeof coinPagesSchema>;

/**
 * Statistics of one pool (spec: fields not shown; these are what a pool page shows).
 */
export const poolStatsSchema = z.object({
  coin: coinIdSchema,
  /** Pool hashrate over the last 15 minutes, H/s. */
  pool_hashrate: hashrateSchema,
  /** Pool hashrate over the last 24 hours, H/s. */
  pool_hashrate_24h: hashrateSchema,
  /** Accounts (or addresses) with at least one active worker. */
  miners: z.number().int().nonnegative(),
  /** Active workers. */
  workers: z.number().int().nonnegative(),
  network_difficulty: z.number().finite().nonnegative(),
  network_hashrate: hashrateSchema,
  /** Current chain height. */
  block_height: z.number().int().nonnegative(),
  /** Coin price in CNY; `null` when unknown. */
  price: moneySchema.nullable(),
  /** Fee of the default payout model, in percent. */
  fee_percent: percentSchema,
  /** Default payout model of the pool. */
  payout_model: payoutModelSchema,
  /** Smallest automatic payout, in the coin. */
  min_payout: moneySchema,
  /** Time of the pool's last found block; `null` before the first. */
  last_block_time: isoDateTimeSchema.nullable(),
  /** Blocks found in the last 24 hours. */
  blocks_24h: z.number().int().nonnegative(),
  /** Luck over the last 24 hours and 7 days (1 = 100 %). */
  luck_24h: luckSchema,
  luck_7d: luckSchema,
});
/** Pool statistics. */
export type PoolStats = z.infer<typeof poolStatsSchema>;

/** A block's state: `pending` (waiting for confirmations), `confirmed`, `orphaned`. */
export const blockStatusSchema = z.enum(['pending', 'confirmed', 'orphaned']);
/** A block state. */
export type BlockStatus = z.infer<typeof blockStatusSchema>;

/** One block found by the pool (spec: fields not shown). */
export const poolBlockSchema = z.object({
  height: z.number().int().nonnegative(),
  /** Block hash as the chain writes it (hex for most coins). */
  hash: z.string().min(1).max(128),
  /** Block reward including fees, in the coin. */
  reward: moneySchema,
  /** Time the pool found the block. */
  time: isoDateTimeSchema,
  /** Luck of this block's round (1 = 100 %). */
  luck: luckSchema,
  status: blockStatusSchema,
  /** Confirmations so far. */
  confirmations: z.number().int().nonnegative(),
  /** Confirmations needed before the reward is final. */
  required_confirmations: z.number().int().nonnegative(),
});
/** A pool block. */
export type PoolBlock = z.infer<typeof poolBlockSchema>;

/** Query of the block lists: pagination and an optional status filter. Newest first. */
export const blockListQuerySchema = z
  .object({ ...paginationQueryShape, status: blockStatusSchema.optional() })
  .strict();
/** Block list query as a caller sends it. */
export type BlockListQuery = z.input<typeof blockListQuerySchema>;

/** The answer of the block lists. */
export const blockListSchema = paginatedSchema(poolBlockSchema);
/** A page of blocks. */
export type BlockList = z.infer<typeof blockListSchema>;
