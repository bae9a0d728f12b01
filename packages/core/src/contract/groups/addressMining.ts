/**
 * Address mining (public): a coin's address-mining pools, and a miner's address, workers, payments and profits.
 * Family A of the API contract; `../endpoints.ts` merges every group into `endpoints`.
 */
import {
  addressIpListSchema,
  addressMinerInfoSchema,
  addressParamsSchema,
  addressWorkerParamsSchema,
  coinParamsSchema,
  demoAddressListSchema,
  poolWorkerStatsSchema,
} from '../addressMining';
import {
  hashrateSeriesQuerySchema,
  hashrateSeriesSchema,
  minerHashrateSeriesSchema,
  pagedDateRangeQuerySchema,
  paginationQuerySchema,
} from '../common';
import { defineEndpoint } from '../endpoint';
import { addressWorkerListQuerySchema, workerListSchema } from '../miners';
import { blockListQuerySchema, blockListSchema, poolListSchema, poolStatsSchema } from '../pools';
import { paymentListSchema, profitListSchema } from '../profits';

/** The address mining (public) calls. */
export const addressMiningEndpoints = {
  /** Pools that can be mined by address (alph, kas, sumo, zeph, aleo). */
  addressMiningPools: defineEndpoint({
    id: 'addressMiningPools',
    family: 'A',
    method: 'GET',
    path: '/address-mining/pools',
    auth: 'public',
    response: poolListSchema,
    summary: 'Pools that can be mined by address',
  }),
  /** Statistics of an address-mining pool. */
  addressMiningPoolStats: defineEndpoint({
    id: 'addressMiningPoolStats',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/pool/stats',
    auth: 'public',
    params: coinParamsSchema,
    response: poolStatsSchema,
    summary: 'Statistics of an address-mining pool',
  }),
  /** Blocks found by an address-mining pool, newest first. */
  addressMiningBlocks: defineEndpoint({
    id: 'addressMiningBlocks',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/blocks',
    auth: 'public',
    params: coinParamsSchema,
    query: blockListQuerySchema,
    response: blockListSchema,
    summary: 'Blocks found by an address-mining pool',
  }),
  /** Hashrate series of an address-mining pool. */
  addressMiningHashrates: defineEndpoint({
    id: 'addressMiningHashrates',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/hashrates',
    auth: 'public',
    params: coinParamsSchema,
    query: hashrateSeriesQuerySchema,
    response: hashrateSeriesSchema,
    summary: 'Hashrate series of an address-mining pool',
  }),
  /** Payouts to a mining address, newest first. */
  addressMiningPayments: defineEndpoint({
    id: 'addressMiningPayments',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/payments/{addr}',
    auth: 'public',
    params: addressParamsSchema,
    query: paginationQuerySchema,
    response: paymentListSchema,
    summary: 'Payouts to a mining address',
  }),
  /** Summary of a mining address: hashrates, workers, balance and income. */
  addressMinerInfo: defineEndpoint({
    id: 'addressMinerInfo',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/miner/{addr}/info',
    auth: 'public',
    params: addressParamsSchema,
    response: addressMinerInfoSchema,
    summary: 'Summary of a mining address',
  }),
  /** Hashrate series of a mining address. */
  addressMinerHashrates: defineEndpoint({
    id: 'addressMinerHashrates',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/miner/{addr}/hashrates',
    auth: 'public',
    params: addressParamsSchema,
    query: hashrateSeriesQuerySchema,
    response: minerHashrateSeriesSchema,
    summary: 'Hashrate series of a mining address',
  }),
  /** Daily income of a mining address, newest first. */
  addressMinerProfits: defineEndpoint({
    id: 'addressMinerProfits',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/miner/{addr}/profits',
    auth: 'public',
    params: addressParamsSchema,
    query: pagedDateRangeQuerySchema,
    response: profitListSchema,
    summary: 'Daily income of a mining address',
  }),
  /** Workers of a mining address. */
  addressMinerWorkers: defineEndpoint({
    id: 'addressMinerWorkers',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/miner/{addr}/workers',
    auth: 'public',
    params: addressParamsSchema,
    query: addressWorkerListQuerySchema,
    response: workerListSchema,
    summary: 'Workers of a mining address',
  }),
  /**
   * Hashrate series of one worker of an address. The spec gives this call no query: it answers
   * the last 24 hours at 10-minute steps.
   */
  addressWorkerHashrates: defineEndpoint({
    id: 'addressWorkerHashrates',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/miner/{addr}/workers/{worker}/hashrates',
    auth: 'public',
    params: addressWorkerParamsSchema,
    response: minerHashrateSeriesSchema,
    summary: 'Hashrate series of one worker of an address (24 h, 10 min)',
  }),
  /** Addresses and workers of the whole address-mining pool, by state. */
  addressMiningWorkerStats: defineEndpoint({
    id: 'addressMiningWorkerStats',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/workers/stats',
    auth: 'public',
    params: coinParamsSchema,
    response: poolWorkerStatsSchema,
    summary: 'Worker counts of an address-mining pool',
  }),
  /**
   * Not in the spec: addresses the demo simulator mines on, for a visitor to try the address
   * pages; an empty list when the server runs without the demo (production).
   */
  addressMiningDemoAddresses: defineEndpoint({
    id: 'addressMiningDemoAddresses',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/demo-addresses',
    auth: 'public',
    params: coinParamsSchema,
    response: demoAddressListSchema,
    summary: 'Demo addresses of an address-mining pool',
  }),
  /** Not shown: the IP statistics page (aleo) lists an address's workers by remote IP. */
  addressMinerIps: defineEndpoint({
    id: 'addressMinerIps',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/miner/{addr}/ips',
    auth: 'public',
    params: addressParamsSchema,
    query: paginationQuerySchema,
    response: addressIpListSchema,
    summary: 'Workers of a mining address grouped by IP',
  }),
} as const;
