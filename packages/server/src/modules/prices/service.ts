/**
 * The price service: the latest coin prices (USD) and currency rates (units per USD) in
 * `market_prices`, written by one feed and read by every server process, plus the CNY values
 * the contract's `price` fields and the rate list answer.
 *
 * Feeds: the demo's random walk around reference values (`demoWalk.ts`, `referencePrices.ts`),
 * or an HTTP feed (`httpFeed.ts`) when `PRICE_FEED_URL` is set. A read that fails writes
 * nothing, so the last good prices stay and the server goes on.
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { CoinId } from '../../contract';
import type { Database } from '../../db/connect';
import { execute, queryRows, type SqlExecutor } from '../../engine/sql';
import { createPublicCache } from '../pools/publicCache';
import {
  COIN_BAND,
  COIN_STEP,
  CURRENCY_BAND,
  CURRENCY_STEP,
  type WalkShape,
  walkPrice,
} from './demoWalk';
import { type FeedPrices, readFeed } from './httpFeed';
import { REFERENCE_COIN_USD, REFERENCE_CURRENCY_PER_USD } from './referencePrices';

/** How long the public reads reuse the prices, in clock milliseconds. */
export const PRICE_CACHE_TTL_MS = 5_000;
/** Prices older than this are not quoted for an exchange (the feed has been failing). */
export const PRICE_MAX_AGE_MS = 15 * 60_000;
/** Decimal places of a price in CNY. */
const CNY_PRICE_DECIMALS = 8;
/** Decimal places of the rate list (spec: `1.000000`). */
const RATE_DECIMALS = 6;

/** One coin's latest price. */
export interface CoinPrice {
  /** USD per coin, a decimal string. */
  readonly usd: string;
  /** When it was written, epoch milliseconds. */
  readonly updatedMs: number;
}

/** The latest prices as one read saw them. */
export interface PriceSnapshot {
  readonly coins: ReadonlyMap<CoinId, CoinPrice>;
  /** Units of each currency per USD, by ISO code. */
  readonly currencies: ReadonlyMap<string, string>;
}

/** Where prices come from. */
export type PriceSource =
  | { readonly kind: 'demo'; readonly seed: number }
  | {
      readonly kind: 'feed';
      readonly url: string;
      readonly fetch?: typeof fetch;
      readonly timeoutMs?: number;
    }
  /** The same prices at every turn (tests, and a deployment that pins them by hand). */
  | {
      readonly kind: 'fixed';
      readonly coins: Readonly<Record<string, string>>;
      readonly currencies: Readonly<Record<string, string>>;
    }
  | { readonly kind: 'none' };

/** What one {@link PriceService.refresh} did. */
export type RefreshOutcome =
  | { readonly kind: 'updated'; readonly assets: number; readonly skipped: readonly string[] }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'failed'; readonly error: unknown };

/** The price service; see the module's comment. */
export interface PriceService {
  readonly source: PriceSource['kind'];
  /** The latest prices through a short per-process cache (public reads). */
  current(): Promise<PriceSnapshot>;
  /** The latest prices straight from the database (inside a caller's transaction). */
  read(executor: SqlExecutor): Promise<PriceSnapshot>;
  /**
   * One turn of the feed at `nowMs`: the demo walks to the clock's minute; the HTTP feed is
   * read. Never throws: a failure is answered as `failed` and the last good prices stay.
   */
  refresh(nowMs: number): Promise<RefreshOutcome>;
}

/** The price of `coin` in CNY (8 decimals, half up), `null` without a coin or CNY price. */
export function priceCny(snapshot: PriceSnapshot, coin: CoinId): string | null {
  const usd = snapshot.coins.get(coin)?.usd;
  const cnyPerUsd = snapshot.currencies.get('CNY');
  if (usd === undefined || cnyPerUsd === undefined) return null;
  return new Big(usd).times(cnyPerUsd).round(CNY_PRICE_DECIMALS, Big.roundHalfUp).toFixed();
}

/** Every coin's price in CNY that {@link priceCny} knows. */
export function pricesCny(snapshot: PriceSnapshot): Map<CoinId, string> {
  const prices = new Map<CoinId, string>();
  for (const coin of snapshot.coins.keys()) {
    const price = priceCny(snapshot, coin);
    if (price !== null) prices.set(coin, price);
  }
  return prices;
}

/** Units of `currency` one CNY buys, 6 decimals (the rate list's form), or `undefined`. */
export function ratePerCny(snapshot: PriceSnapshot, currency: string): string | undefined {
  const perUsd = snapshot.currencies.get(currency);
  const cnyPerUsd = snapshot.currencies.get('CNY');
  if (perUsd === undefined || cnyPerUsd === undefined) return undefined;
  return new Big(perUsd)
    .div(cnyPerUsd)
    .round(RATE_DECIMALS, Big.roundHalfUp)
    .toFixed(RATE_DECIMALS);
}

async function readSnapshot(executor: SqlExecutor): Promise<PriceSnapshot> {
  const rows = await queryRows<{ asset: string; kind: string; usd: string; updated_ms: number }>(
    executor,
    sql`SELECT asset, kind, usd::text AS usd,
          (extract(epoch from updated_at) * 1000)::float8 AS updated_ms
        FROM market_prices`,
  );
  const coins = new Map<CoinId, CoinPrice>();
  // The prices' own unit.
  const currencies = new Map<string, string>([['USD', '1']]);
  for (const row of rows) {
    if (row.kind === 'coin') {
      coins.set(row.asset as CoinId, { usd: row.usd, updatedMs: Number(row.updated_ms) });
    } else {
      currencies.set(row.asset, row.usd);
    }
  }
  return { coins, currencies };
}

/**
 * Makes the writers of prices (the feed's turns of several nodes, a turn and a test) take turns
 * for the whole transaction: a writer that read the prices before another's commit would
 * otherwise write a rate list of the older prices over the newer one. Readers do not wait.
 */
async function lockPrices(executor: SqlExecutor): Promise<void> {
  await execute(executor, sql`LOCK TABLE market_prices IN SHARE ROW EXCLUSIVE MODE`);
}

/** Writes the rate list's rates (per CNY) from the currencies' rates per USD. */
async function writeRateList(executor: SqlExecutor, nowMs: number): Promise<void> {
  const snapshot = await readSnapshot(executor);
  const entries = [...snapshot.currencies.keys()]
    .filter((currency) => currency !== 'CNY')
    .flatMap((currency) => {
      const rate = ratePerCny(snapshot, currency);
      return rate === undefined ? [] : [[currency, rate] as const];
    });
  if (entries.length === 0) return;
  await execute(
    executor,
    sql`UPDATE currency_rates c SET rate = v.rate, updated_at = ${new Date(nowMs).toISOString()}::timestamptz
        FROM unnest(${sql.param(entries.map(([currency]) => currency))}::text[],
                    ${sql.param(entries.map(([, rate]) => rate))}::numeric[]) AS v(currency, rate)
        WHERE c.currency = v.currency AND c.rate <> v.rate`,
  );
}

type DemoShape = WalkShape & { readonly kind: 'coin' | 'currency' };

const demoShapes: ReadonlyMap<string, DemoShape> = new Map<string, DemoShape>([
  ...Object.entries(REFERENCE_COIN_USD).map(([asset, reference]): [string, DemoShape] => [
    asset,
    { kind: 'coin', reference, band: COIN_BAND, step: COIN_STEP },
  ]),
  ...Object.entries(REFERENCE_CURRENCY_PER_USD)
    .filter(([asset]) => asset !== 'USD')
    .map(([asset, reference]): [string, DemoShape] => [
      asset,
      { kind: 'currency', reference, band: CURRENCY_BAND, step: CURRENCY_STEP },
    ]),
]);

/**
 * The demo's turn: opens every reference asset at its reference value (first run), then walks
 * each demo price to the clock's minute. Rows are locked, so two processes never walk twice.
 */
async function walkDemo(database: Database, seed: number, nowMs: number): Promise<number> {
  const minute = Math.floor(nowMs / 60_000);
  const at = new Date(nowMs).toISOString();
  return database.db.transaction(async (tx) => {
    await lockPrices(tx);
    const assets = [...demoShapes];
    await execute(
      tx,
      sql`INSERT INTO market_prices (asset, kind, usd, source, walk_minute, updated_at)
          SELECT a, k, u, 'demo', ${minute}::bigint, ${at}::timestamptz FROM unnest(
            ${sql.param(assets.map(([asset]) => asset))}::text[],
            ${sql.param(assets.map(([, shape]) => shape.kind))}::text[],
            ${sql.param(assets.map(([, shape]) => shape.reference))}::numeric[]) AS r(a, k, u)
          ON CONFLICT (asset) DO NOTHING`,
    );
    const rows = await queryRows<{ asset: string; usd: string; walk_minute: string }>(
      tx,
      sql`SELECT asset, usd::text AS usd, walk_minute::text AS walk_minute FROM market_prices
          WHERE source = 'demo' AND walk_minute < ${minute}::bigint
          ORDER BY asset FOR UPDATE`,
    );
    const moved = rows.flatMap((row) => {
      const shape = demoShapes.get(row.asset);
      if (shape === undefined) return [];
      const usd = walkPrice(shape, row.usd, seed, row.asset, Number(row.walk_minute), minute);
      return [[row.asset, usd] as const];
    });
    if (moved.length > 0) {
      await execute(
        tx,
        sql`UPDATE market_prices m SET usd = v.usd, walk_minute = ${minute}::bigint,
              updated_at = ${at}::timestamptz
            FROM unnest(${sql.param(moved.map(([asset]) => asset))}::text[],
                        ${sql.param(moved.map(([, usd]) => usd))}::numeric[]) AS v(asset, usd)
            WHERE m.asset = v.asset`,
      );
    }
    await writeRateList(tx, nowMs);
    return moved.length;
  });
}

/** Writes one good feed read: every price it carried, the others kept as they were. */
async function writeFeed(database: Database, prices: FeedPrices, nowMs: number): Promise<number> {
  const at = new Date(nowMs).toISOString();
  const rows = [
    ...[...prices.coins].map(([asset, usd]) => ({ asset, kind: 'coin', usd })),
    ...[...prices.currencies].map(([asset, usd]) => ({ asset, kind: 'currency', usd })),
  ];
  await database.db.transaction(async (tx) => {
    await lockPrices(tx);
    await execute(
      tx,
      sql`INSERT INTO market_prices (asset, kind, usd, source, walk_minute, updated_at)
          SELECT a, k, u, 'feed', NULL, ${at}::timestamptz FROM unnest(
            ${sql.param(rows.map((row) => row.asset))}::text[],
            ${sql.param(rows.map((row) => row.kind))}::text[],
            ${sql.param(rows.map((row) => row.usd))}::numeric[]) AS r(a, k, u)
          ON CONFLICT (asset) DO UPDATE SET kind = EXCLUDED.kind, usd = EXCLUDED.usd,
            source = 'feed', walk_minute = NULL, updated_at = EXCLUDED.updated_at`,
    );
    await writeRateList(tx, nowMs);
  });
  return rows.length;
}

/** Options of {@link createPriceService}. */
export interface PriceServiceOptions {
  readonly database: Database;
  readonly clock: Clock;
  readonly source: PriceSource;
}

/** Creates the {@link PriceService} of a source. */
export function createPriceService(options: PriceServiceOptions): PriceService {
  const { database, clock, source } = options;
  const cache = createPublicCache(clock, PRICE_CACHE_TTL_MS);
  return {
    source: source.kind,
    current: () => cache.get('prices', () => readSnapshot(database.db)),
    read: readSnapshot,
    async refresh(nowMs) {
      try {
        switch (source.kind) {
          case 'none':
            return { kind: 'unchanged' };
          case 'demo': {
            const moved = await walkDemo(database, source.seed, nowMs);
            return moved === 0
              ? { kind: 'unchanged' }
              : { kind: 'updated', assets: moved, skipped: [] };
          }
          case 'fixed': {
            const prices = {
              coins: new Map(Object.entries(source.coins)) as Map<CoinId, string>,
              currencies: new Map(Object.entries(source.currencies)),
              skipped: [],
            };
            const assets = await writeFeed(database, prices, nowMs);
            return { kind: 'updated', assets, skipped: [] };
          }
          case 'feed': {
            const prices = await readFeed(source.url, source.fetch, source.timeoutMs);
            const assets = await writeFeed(database, prices, nowMs);
            return { kind: 'updated', assets, skipped: prices.skipped };
          }
          default:
            return source satisfies never;
        }
      } catch (error) {
        return { kind: 'failed', error };
      }
    },
  };
}
