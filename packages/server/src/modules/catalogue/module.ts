import { BASE_CURRENCY, type CatalogueMiner, type CoinId, compareDecimal } from '@poolkit/core';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, endpoints } from '../../contract';
import { findPool } from '../../engine/poolCatalog';
import type { SqlExecutor } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { pageOf } from '../../http/paging';
import { registerEndpoint } from '../../http/registerEndpoint';
import { createPublicCache } from '../pools/publicCache';
import { networkState } from '../pools/queries';
import { type PriceService, pricesCny } from '../prices/service';
import { CATALOGUE_MACHINES, type CatalogueMachine } from './catalogueData';
import { type EstimateInput, estimateMachine, machineDetail, revenueCoins } from './estimate';

const MACHINES_BY_ID: ReadonlyMap<string, CatalogueMachine> = new Map(
  CATALOGUE_MACHINES.map((machine) => [machine.id, machine]),
);

const NETWORK_COINS: readonly CoinId[] = [
  ...new Set(CATALOGUE_MACHINES.flatMap((machine) => revenueCoins(machine))),
];

/** The engine's current network difficulty of every coin the catalogue values. */
async function networkDifficulties(
  db: SqlExecutor,
  nowMs: number,
): Promise<ReadonlyMap<CoinId, number>> {
  const difficulty = new Map<CoinId, number>();
  for (const coin of NETWORK_COINS) {
    const pool = findPool(coin);
    if (pool === undefined) continue;
    difficulty.set(coin, (await networkState(db, pool, nowMs)).difficulty);
  }
  return difficulty;
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
 * README's "Miner catalogue").
 */
export function registerCatalogueModule(app: FastifyInstance, prices: PriceService): void {
  // The network difficulty changes at most once a minute; reuse it for 5 s like the pool pages.
  const cache = createPublicCache(app.platform.clock);
  const estimateInput = async (
    electricityPrice: string,
    db: SqlExecutor,
    nowMs: number,
  ): Promise<EstimateInput> => ({
    electricityPrice,
    difficulty: await cache.get('catalogue-network', () => networkDifficulties(db, nowMs)),
    prices: pricesCny(await prices.current()),
  });

  registerEndpoint(app, endpoints.catalogueMiners, async ({ query }, { database, clock }) => {
    requireBaseCurrency(query.currency);
    const input = await estimateInput(query.electricity_price, database.db, clock.now());
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
          `${machine.vendor} ${machine.model}`.toLowerCase().includes(search)),
    ).map((machine) => ({ ...estimateMachine(machine, input), sellers: [] }));
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
      return machineDetail(
        machine,
        await estimateInput(query.electricity_price, database.db, clock.now()),
      );
    },
  );
}
