import {
  BASE_CURRENCY,
  type CatalogueMiner,
  type CatalogueSeller,
  type CoinId,
  compareDecimal,
} from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, endpoints } from '../../contract';
import { pageOf } from '../../domain/paging';
import { findPool } from '../../engine/poolCatalog';
import { queryRows, type SqlExecutor, toNullableNumber } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { registerEndpoint } from '../../http/registerEndpoint';
import { createPublicCache } from '../pools/publicCache';
import { networkState } from '../pools/queries';
import { type PriceService, pricesCny } from '../prices/service';
import { registerAdminSellers } from './adminSellers';
import { CATALOGUE_MACHINES, type CatalogueMachine } from './catalogueData';
import { type EstimateInput, estimateMachine, machineDetail, revenueCoins } from './estimate';

const MACHINES_BY_ID: ReadonlyMap<string, CatalogueMachine> = new Map(
  CATALOGUE_MACHINES.map((machine) => [machine.id, machine]),
);

const NETWORK_COINS: readonly CoinId[] = [
  ...new Set(CATALOGUE_MACHINES.flatMap((machine) => revenueCoins(machine))),
];

/** The engine's current network difficulty and height of every coin the catalogue values. */
async function networkStates(
  db: SqlExecutor,
  nowMs: number,
): Promise<Pick<EstimateInput, 'difficulty' | 'heights'>> {
  const difficulty = new Map<CoinId, number>();
  const heights = new Map<CoinId, number>();
  for (const coin of NETWORK_COINS) {
    const pool = findPool(coin);
    if (pool === undefined) continue;
    const state = await networkState(db, pool, nowMs);
    difficulty.set(coin, state.difficulty);
    heights.set(coin, Math.round(state.height));
  }
  return { difficulty, heights };
}

/**
 * The sellers of every machine (`catalogue_sellers`), cheapest first (on request last), by
 * machine id. Prices are CNY, the catalogue's only currency so far.
 */
export async function readSellers(
  db: SqlExecutor,
): Promise<ReadonlyMap<string, CatalogueSeller[]>> {
  const rows = await queryRows<{
    machine_id: string;
    store: string;
    country_region: string;
    price: string | null;
    stock: unknown;
    url: string | null;
  }>(
    db,
    sql`SELECT machine_id, store, country_region, price::text AS price, stock, url
      FROM catalogue_sellers ORDER BY machine_id, price NULLS LAST, store`,
  );
  const byMachine = new Map<string, CatalogueSeller[]>();
  for (const row of rows) {
    const list = byMachine.get(row.machine_id) ?? [];
    list.push({
      store: row.store,
      country_region: row.country_region,
      price: row.price === null ? null : Number(row.price).toFixed(2),
      stock: toNullableNumber(row.stock),
      url: row.url,
    });
    byMachine.set(row.machine_id, list);
  }
  return byMachine;
}

/**
 * Demo sellers (development with `DEMO` on, like the other demo seeds): a few shops for some
 * machines, so the Sales page has something to show. Kept as they are when rows exist.
 */
export async function seedDemoSellers(db: SqlExecutor): Promise<void> {
  const shops = [
    ['bitmain-antminer-s21', 'PoolKit demo shop', 'Hong Kong', '16800.00', 12],
    ['bitmain-antminer-s21', 'Demo Mining Supply', 'Kazakhstan', '17250.00', 4],
    ['bitmain-antminer-s21-pro', 'PoolKit demo shop', 'Hong Kong', '24900.00', 6],
    ['bitmain-antminer-s21-plus-hydro', 'Demo Hydro Rigs', 'Norway', null, null],
  ] as const;
  for (const [machine, store, region, price, stock] of shops) {
    if (!MACHINES_BY_ID.has(machine)) continue;
    await queryRows(
      db,
      sql`INSERT INTO catalogue_sellers (machine_id, store, country_region, price, stock)
        VALUES (${machine}, ${store}, ${region}, ${price}::numeric, ${stock}::int)
        ON CONFLICT (machine_id, store) DO NOTHING`,
    );
  }
}

/**
 * Only CNY so far: an estimate in another currency needs the electricity price converted in and
 * every figure converted out at the rate list's rate, which is not done yet, so other codes are
 * refused (HTTP 400 naming `currency`) rather than answered in CNY under another name.
 */
function requireBaseCurrency(currency: string): void {
  if (currency === BASE_CURRENCY) return;
  const message = `Only ${BASE_CURRENCY} is available for the catalogue's estimates`;
  throw new HttpError(400, ERROR_CODES.validation, `currency: ${message}`, {
    fields: [{ field: 'currency', message }],
  });
}

type SortKey = 'profit' | 'release_date' | 'hashrate' | 'power' | 'unit_power';

function releaseKey(machine: CatalogueMiner): string | null {
  return machine.release_date;
}

/** Compares two rows by `key`, ascending; unknown release dates sort last in both orders. */
function compareBy(key: SortKey, a: CatalogueMiner, b: CatalogueMiner): number {
  switch (key) {
    case 'profit':
      return compareDecimal(a.profit, b.profit);
    case 'release_date':
      return (releaseKey(a) ?? '').localeCompare(releaseKey(b) ?? '');
    case 'hashrate':
      return a.hashrate - b.hashrate;
    case 'power':
      return a.power - b.power;
    case 'unit_power':
      return a.unit_power - b.unit_power;
    default:
      return key satisfies never;
  }
}

/**
 * The miner catalogue (`GET /catalogue/miners`, `GET /catalogue/miners/{id}`): the machines of
 * `catalogueData.ts` with a daily estimate at the caller's electricity price, valued with the
 * pool engine's network difficulty, block subsidy and PPS+ fee (see `estimate.ts` and the
 * README's "Miner catalogue"), each with its sellers (`catalogue_sellers`); `for_sale=true`
 * keeps the machines some seller offers (the Sales page).
 */
export function registerCatalogueModule(app: FastifyInstance, prices: PriceService): void {
  const { config } = app.platform;
  app.addHook('onReady', async () => {
    if (config.demo && config.env !== 'test') await seedDemoSellers(app.platform.database.db);
  });
  // The network difficulty changes at most once a minute; reuse it for 5 s like the pool pages.
  const cache = createPublicCache(app.platform.clock);
  const estimateInput = async (
    electricityPrice: string,
    db: SqlExecutor,
    nowMs: number,
  ): Promise<EstimateInput> => ({
    electricityPrice,
    ...(await cache.get('catalogue-network', () => networkStates(db, nowMs))),
    prices: pricesCny(await prices.current()),
  });
  // The sellers are cached under a generation key: an operator's change (`/admin/sellers`)
  // starts a new generation, so this process's public answers show it at once (other API
  // nodes within the cache's 5 s).
  let sellersGeneration = 0;
  const cachedSellers = (db: SqlExecutor) =>
    cache.get(`catalogue-sellers-${sellersGeneration}`, () => readSellers(db));
  registerAdminSellers(app, () => {
    sellersGeneration += 1;
  });

  registerEndpoint(app, endpoints.catalogueMiners, async ({ query }, { database, clock }) => {
    requireBaseCurrency(query.currency);
    const input = await estimateInput(query.electricity_price, database.db, clock.now());
    const sellers = await cachedSellers(database.db);
    const algorithm = query.algorithm?.toLowerCase();
    const search = query.search?.toLowerCase();
    let machines = CATALOGUE_MACHINES.filter(
      (machine) =>
        (algorithm === undefined ||
          algorithm === '' ||
          machine.algorithm.toLowerCase() === algorithm) &&
        (query.coin === undefined || machine.coins.includes(query.coin)) &&
        (search === undefined ||
          search === '' ||
          machine.vendor.toLowerCase().includes(search) ||
          machine.model.toLowerCase().includes(search) ||
          `${machine.vendor} ${machine.model}`.toLowerCase().includes(search)) &&
        (query.for_sale !== true || (sellers.get(machine.id)?.length ?? 0) > 0),
    ).map((machine) => ({
      ...estimateMachine(machine, input),
      sellers: sellers.get(machine.id) ?? [],
    }));
    const direction = query.order === 'asc' ? 1 : -1;
    machines = machines.sort((a, b) => {
      if (
        query.sort === 'release_date' &&
        (a.release_date === null) !== (b.release_date === null)
      ) {
        return a.release_date === null ? 1 : -1;
      }
      return compareBy(query.sort, a, b) * direction || a.id.localeCompare(b.id);
    });
    return pageOf(machines, query);
  });

  registerEndpoint(
    app,
    endpoints.catalogueMiner,
    async ({ params, query }, { database, clock }) => {
      const machine = MACHINES_BY_ID.get(params.id);
      if (machine === undefined) {
        throw new HttpError(404, ERROR_CODES.notFound, 'id: No such machine in the catalogue', {
          fields: [{ field: 'id', message: 'No such machine in the catalogue' }],
        });
      }
      requireBaseCurrency(query.currency);
      const sellers = await cachedSellers(database.db);
      return {
        ...machineDetail(
          machine,
          await estimateInput(query.electricity_price, database.db, clock.now()),
        ),
        sellers: sellers.get(machine.id) ?? [],
      };
    },
  );
}
