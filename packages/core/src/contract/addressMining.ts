/**
 * Address mining (family A, public): a miner looks up a payout address without an account.
 * Pool stats, blocks, payments, profits and worker rows reuse the shapes of pools.ts,
 * profits.ts and miners.ts.
 */
import { z } from 'zod';
import {
  coinIdSchema,
  hashrateValueSchema,
  isoDateTimeSchema,
  miningAddressSchema,
  moneySchema,
  paginatedSchema,
  ratioSchema,
  workerCountsSchema,
  workerNameSchema,
} from './common';

/** Path parameters `{coin}`. */
export const coinParamsSchema = z.object({ coin: coinIdSchema }).strict();
/** `{coin}` as a caller sends it. */
export type CoinParams = z.input<typeof coinParamsSchema>;

/** Path parameters `{coin}/{addr}`. */
export const addressParamsSchema = z
  .object({ coin: coinIdSchema, addr: miningAddressSchema })
  .strict();
/** `{coin}/{addr}` as a caller sends them. */
export type AddressParams = z.input<typeof addressParamsSchema>;

/** Path parameters `{coin}/{addr}/{worker}`. */
export const addressWorkerParamsSchema = z
  .object({ coin: coinIdSchema, addr: miningAddressSchema, worker: workerNameSchema })
  .strict();
/** `{coin}/{addr}/{worker}` as a caller sends them. */
export type AddressWorkerParams = z.input<typeof addressWorkerParamsSchema>;

/** The summary of one mining address (`GET /address-mining/{coin}/miner/{addr}/info`). */
export const addressMinerInfoSchema = z.object({
  coin: coinIdSchema,
  address: miningAddressSchema,
  /** Accepted hashrate over 15 minutes, 1 hour and 24 hours (H/s in `.value`). */
  accept_15m: hashrateValueSchema,
  accept_1h: hashrateValueSchema,
  accept_24h: hashrateValueSchema,
  /** Rejected share of the work over 24 hours, 0-1. */
  reject_rate: ratioSchema,
  workers: workerCountsSchema,
  /** Earned but not yet paid, in the coin. */
  balance: moneySchema,
  today_estimated: moneySchema,
  yesterday_profit: moneySchema,
  total_profit: moneySchema,
  total_paid: moneySchema,
  /** Smallest automatic payout. */
  min_payout: moneySchema,
  /** Time of the address's first and last accepted share; `null` when none was seen. */
  first_share_time: isoDateTimeSchema.nullable(),
  last_share_time: isoDateTimeSchema.nullable(),
});
/** An address summary. */
export type AddressMinerInfo = z.infer<typeof addressMinerInfoSchema>;

/** Answer of `GET /address-mining/{coin}/workers/stats`: the whole pool's addresses and workers. */
export const poolWorkerStatsSchema = z.object({
  /** Addresses with at least one active worker. */
  miners: z.number().int().nonnegative(),
  workers: workerCountsSchema,
});
/** Pool-wide worker counts. */
export type PoolWorkerStats = z.infer<typeof poolWorkerStatsSchema>;

/** One remote IP of an address's workers (the aleo IP-statistics page). */
export const addressIpRowSchema = z.object({
  /** IPv4 or IPv6 address. */
  ip: z.string().min(1).max(45),
  /** Workers connected from it in the last 24 hours. */
  workers: z.number().int().nonnegative(),
  accept_24h: hashrateValueSchema,
  last_share_time: isoDateTimeSchema.nullable(),
});
/** An IP-statistics row. */
export type AddressIpRow = z.infer<typeof addressIpRowSchema>;

/** A page of IP-statistics rows, highest hashrate first. */
export const addressIpListSchema = paginatedSchema(addressIpRowSchema);
/** A page of IP-statistics rows. */
export type AddressIpList = z.infer<typeof addressIpListSchema>;

/**
 * Answer of `GET /address-mining/{coin}/demo-addresses`: addresses the pool's demo simulator
 * mines on, so a visitor can try the address pages. Empty unless the server runs the demo (never
 * in production).
 */
export const demoAddressListSchema = z.object({ list: z.array(miningAddressSchema).max(16) });
/** The demo addresses of a coin. */
export type DemoAddressList = z.infer<typeof demoAddressListSchema>;
