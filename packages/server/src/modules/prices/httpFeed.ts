/**
 * The production price feed: one HTTP GET of a JSON document, parsed and checked entry by
 * entry. The document:
 *
 * ```json
 * { "prices": { "btc": "97000.5", "LTC": 98.1 }, "rates": { "CNY": "7.12", "EUR": 0.86 } }
 * ```
 *
 * `prices`: coin (id or symbol, any case) → price in USD; `rates`: ISO currency code → units of
 * it one USD buys. Values are positive decimal strings or finite positive numbers. Unknown coins
 * and malformed entries are left out (and counted); a document that is not of this shape, or
 * has no usable price at all, is refused as a whole.
 */
import Big from 'big.js';
import { z } from 'zod';
import { COINS, type CoinId } from '../../contract';

/** How long one read of the feed may take before it is given up. */
export const FEED_TIMEOUT_MS = 10_000;
/** The largest document read (a feed of every coin is a few kilobytes). */
const MAX_BYTES = 1_048_576;

/** What one good read of the feed gave. */
export interface FeedPrices {
  readonly coins: ReadonlyMap<CoinId, string>;
  readonly currencies: ReadonlyMap<string, string>;
  /** Entries left out: unknown coins, malformed values. */
  readonly skipped: readonly string[];
}

/** The feed's answer could not be used; the last good prices stay. */
export class FeedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FeedError';
  }
}

const documentSchema = z.object({
  prices: z.record(z.string(), z.unknown()),
  rates: z.record(z.string(), z.unknown()).optional(),
});

const coinBySymbol = new Map<string, CoinId>(
  (Object.keys(COINS) as CoinId[]).flatMap((coin) => [
    [coin, coin],
    [COINS[coin].symbol.toLowerCase(), coin],
  ]),
);

/** A positive decimal string of the value, or `undefined` when it is not a positive number. */
function positiveDecimal(value: unknown): string | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0) return undefined;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
    if (!/^\d{1,30}(\.\d{1,30})?$/.test(text)) return undefined;
  } else {
    return undefined;
  }
  try {
    const decimal = new Big(text);
    return decimal.gt(0) ? decimal.toFixed() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Parses a feed document (already decoded JSON).
 *
 * @throws {@link FeedError} when it is not of the feed's shape or has no usable coin price.
 */
export function parseFeedDocument(document: unknown): FeedPrices {
  const parsed = documentSchema.safeParse(document);
  if (!parsed.success) {
    throw new FeedError('The price feed answered a document without a "prices" object');
  }
  const coins = new Map<CoinId, string>();
  const currencies = new Map<string, string>();
  const skipped: string[] = [];
  for (const [key, value] of Object.entries(parsed.data.prices)) {
    const coin = coinBySymbol.get(key.toLowerCase());
    const price = positiveDecimal(value);
    if (coin === undefined || price === undefined) skipped.push(`prices.${key}`);
    else coins.set(coin, price);
  }
  for (const [key, value] of Object.entries(parsed.data.rates ?? {})) {
    const code = key.toUpperCase();
    const rate = positiveDecimal(value);
    if (!/^[A-Z]{3,5}$/.test(code) || rate === undefined) skipped.push(`rates.${key}`);
    else currencies.set(code, rate);
  }
  if (coins.size === 0) throw new FeedError('The price feed answered no usable coin price');
  return { coins, currencies, skipped };
}

/**
 * Reads the feed at `url` once.
 *
 * @throws {@link FeedError} on a network failure, a time-out, a status other than 2xx, a body
 * that is not JSON or larger than 1 MiB, or a document {@link parseFeedDocument} refuses.
 */
export async function readFeed(
  url: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs: number = FEED_TIMEOUT_MS,
): Promise<FeedPrices> {
  let text: string;
  try {
    const response = await fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new FeedError(`The price feed answered HTTP ${response.status}`);
    text = await response.text();
  } catch (error) {
    if (error instanceof FeedError) throw error;
    throw new FeedError('The price feed could not be read', { cause: error });
  }
  if (text.length > MAX_BYTES) throw new FeedError('The price feed answered more than 1 MiB');
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new FeedError('The price feed answered something other than JSON', { cause: error });
  }
  return parseFeedDocument(document);
}
