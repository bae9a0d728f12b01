import { endpoints } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashrateFromDifficulty, POOLS } from '../../engine/poolCatalog';
import { DEFAULT_SIMULATOR_SEED, demoAddresses } from '../../engine/simulator';
import { queryRows, toDecimalString, toNullableNumber, toNumber } from '../../engine/sql';
import { registerEndpoint } from '../../http/registerEndpoint';
import { type PriceService, priceCny } from '../prices/service';
import { notFoundError, requireAddress, requireAddressPool } from './access';
import { readMinerWindows, readProfitPage, readProfitTotals } from './minerQueries';
import { poolInfo, readPoolSeries } from './poolRoutes';
import type { PublicCache } from './publicCache';
import {
  isoTime,
  isoTimeOrNull,
  readBlockPage,
  readPoolStats,
  readSeries,
  readWorker,
  readWorkerPage,
} from './queries';
import { readWorkerCounts } from './workerCounts';

/** Registers the family-A address-mining calls (public; alph, kas, sumo, zeph, aleo). */
export function registerAddressMiningRoutes(
  app: FastifyInstance,
  cache: PublicCache,
  prices: PriceService,
): void {
  registerEndpoint(app, endpoints.addressMiningPools, async () => ({
    list: [...POOLS.values()].filter((pool) => pool.addressMining).map(poolInfo),
  }));
  registerEndpoint(
    app,
    endpoints.addressMiningPoolStats,
    async ({ params }, { database, clock }) => {
      const pool = requireAddressPool(params.coin);
      return cache.get(`stats:${pool.name}`, async () => ({
        ...(await readPoolStats(database.db, pool, clock.now())),
        price: priceCny(await prices.current(), pool.coin),
      }));
    },
    { hotRead: 'public' },
  );
  // The addresses the demo simulator mines on (main.ts runs it with the default seed), so a
  // visitor has one to try; none when the server runs without the demo.
  registerEndpoint(app, endpoints.addressMiningDemoAddresses, async ({ params }, { config }) => {
    const pool = requireAddressPool(params.coin);
    if (!config.demo) return { list: [] };
    return {
      list: demoAddresses(DEFAULT_SIMULATOR_SEED)
        .filter((entry) => entry.coin === pool.coin)
        .map((entry) => entry.address),
    };
  });
  registerEndpoint(
    app,
    endpoints.addressMiningBlocks,
    async ({ params, query }, { database, clock }) =>
      readBlockPage(database.db, requireAddressPool(params.coin), query, clock.now()),
  );
  registerEndpoint(
    app,
    endpoints.addressMiningHashrates,
    async ({ params, query }, { database, clock }) => {
      const pool = requireAddressPool(params.coin);
      return cache.get(`series:${pool.name}:${query.interval}:${query.range}`, () =>
        readPoolSeries(database.db, pool, query.interval, query.range, clock.now()),
      );
    },
    { hotRead: 'public' },
  );
  registerEndpoint(
    app,
    endpoints.addressMiningPayments,
    async ({ params, query }, { database }) => {
      const pool = requireAddressPool(params.coin);
      const address = requireAddress(pool, params.addr);
      const offset = (query.page - 1) * query.page_size;
      const totalRows = await queryRows<{ total: unknown }>(
        database.db,
        sql`SELECT count(*)::int AS total FROM payments WHERE pool = ${pool.name} AND miner = ${address}`,
      );
      const rows = await queryRows<Record<string, unknown>>(
        database.db,
        sql`SELECT id::text AS id, created_ms::float8 AS created_ms, amount, fee, tx_id, status
          FROM payments WHERE pool = ${pool.name} AND miner = ${address}
          ORDER BY created_ms DESC, id DESC LIMIT ${query.page_size} OFFSET ${offset}`,
      );
      return {
        list: rows.map((row) => ({
          id: String(row.id),
          time: isoTime(toNumber(row.created_ms)),
          amount: toDecimalString(row.amount),
          fee: toDecimalString(row.fee),
          tx_id: typeof row.tx_id === 'string' ? row.tx_id : null,
          status: row.status === 'pending' ? ('pending' as const) : ('confirmed' as const),
        })),
        total: toNumber(totalRows[0]?.total),
        page: query.page,
        page_size: query.page_size,
      };
    },
  );
  registerEndpoint(app, endpoints.addressMinerInfo, async ({ params }, { database, clock }) => {
    const pool = requireAddressPool(params.coin);
    const address = requireAddress(pool, params.addr);
    const now = clock.now();
    const windows = await readMinerWindows(database.db, pool, address);
    const counts = await readWorkerCounts(database.db, pool, address, now);
    const totals = await readProfitTotals(database.db, pool, address, now);
    return {
      coin: pool.coin,
      address,
      accept_15m: windows.accept_15m,
      accept_1h: windows.accept_1h,
      accept_24h: windows.accept_24h,
      reject_rate: windows.reject_rate,
      workers: {
        active: counts.active,
        inactive: counts.inactive,
        dead: counts.dead,
        total: counts.total,
      },
      balance: totals.balance,
      today_estimated: totals.today_estimated,
      yesterday_profit: totals.yesterday_profit,
      total_profit: totals.total_profit,
      total_paid: totals.total_paid,
      min_payout: pool.minPayout,
      first_share_time: isoTimeOrNull(windows.first_share_ms),
      last_share_time: isoTimeOrNull(windows.last_share_ms),
    };
  });
  registerEndpoint(
    app,
    endpoints.addressMinerHashrates,
    async ({ params, query }, { database, clock }) => {
      const pool = requireAddressPool(params.coin);
      const address = requireAddress(pool, params.addr);
      return readSeries(
        database.db,
        { pool, miner: address, workerId: 0 },
        query.interval,
        query.range,
        clock.now(),
      );
    },
  );
  registerEndpoint(app, endpoints.addressMinerProfits, async ({ params, query }, { database }) => {
    const pool = requireAddressPool(params.coin);
    const address = requireAddress(pool, params.addr);
    return readProfitPage(database.db, pool, address, query);
  });
  registerEndpoint(
    app,
    endpoints.addressMinerWorkers,
    async ({ params, query }, { database, clock }) => {
      const pool = requireAddressPool(params.coin);
      const address = requireAddress(pool, params.addr);
      const page = await readWorkerPage(database.db, pool, address, query, clock.now());
      return { ...page, list: page.list.map((row) => ({ ...row, group: null })) };
    },
  );
  registerEndpoint(
    app,
    endpoints.addressWorkerHashrates,
    async ({ params }, { database, clock }) => {
      const pool = requireAddressPool(params.coin);
      const address = requireAddress(pool, params.addr);
      const worker = await readWorker(database.db, pool, address, params.worker);
      if (worker === undefined) throw notFoundError('worker', 'No such worker');
      return readSeries(
        database.db,
        { pool, miner: address, workerId: toNumber(worker.id) },
        '10m',
        '24h',
        clock.now(),
      );
    },
  );
  registerEndpoint(
    app,
    endpoints.addressMiningWorkerStats,
    async ({ params }, { database, clock }) => {
      const pool = requireAddressPool(params.coin);
      const counts = await readWorkerCounts(database.db, pool, null, clock.now());
      return {
        miners: counts.miners,
        workers: {
          active: counts.active,
          inactive: counts.inactive,
          dead: counts.dead,
          total: counts.total,
        },
      };
    },
  );
  registerEndpoint(
    app,
    endpoints.addressMinerIps,
    async ({ params, query }, { database, clock }) => {
      const pool = requireAddressPool(params.coin);
      const address = requireAddress(pool, params.addr);
      const dayAgo = clock.now() - 86_400_000;
      const offset = (query.page - 1) * query.page_size;
      const where = sql`pool = ${pool.name} AND miner = ${address} AND NOT hidden
      AND rolled_ms IS NOT NULL AND last_ip IS NOT NULL`;
      const totalRows = await queryRows<{ total: unknown }>(
        database.db,
        sql`SELECT count(DISTINCT last_ip)::int AS total FROM workers WHERE ${where}`,
      );
      const rows = await queryRows<Record<string, unknown>>(
        database.db,
        sql`SELECT last_ip,
          count(*) FILTER (WHERE last_share_ms >= ${dayAgo}::bigint)::int AS workers,
          sum(diff_24h) AS diff, max(last_share_ms)::float8 AS last_ms
        FROM workers WHERE ${where}
        GROUP BY last_ip ORDER BY sum(diff_24h) DESC, last_ip
        LIMIT ${query.page_size} OFFSET ${offset}`,
      );
      return {
        list: rows.map((row) => ({
          ip: String(row.last_ip).slice(0, 45),
          workers: toNumber(row.workers),
          accept_24h: { value: hashrateFromDifficulty(pool, toNumber(row.diff), 86_400) },
          last_share_time: isoTimeOrNull(toNullableNumber(row.last_ms)),
        })),
        total: toNumber(totalRows[0]?.total),
        page: query.page,
        page_size: query.page_size,
      };
    },
  );
}
