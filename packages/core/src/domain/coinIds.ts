/**
 * The coins PoolKit knows, by the lower-case id used in routes (`/pool/:type`, `/mining/:coin`)
 * and API paths. The spec's list (section 9), plus `sumo`, which its route guards name, and
 * `etc`, mined with Ethash since Ethereum left proof of work in 2022.
 */
export const COIN_IDS = [
  'btc',
  'ltc',
  'doge',
  'xmr',
  'eth',
  'etc',
  'hns',
  'kda',
  'lbc',
  'ckb',
  'stc',
  'dash',
  'sc',
  'scp',
  'cfx',
  'grin-c32',
  'pmeer',
  'rvn',
  'zec',
  'dcr',
  'erg',
  'alph',
  'kas',
  'sumo',
  'zeph',
  'aleo',
] as const;

/** A coin id, e.g. `'btc'` or `'grin-c32'`. */
export type CoinId = (typeof COIN_IDS)[number];

/** Narrows a string (a route parameter, say) to a known coin id. */
export function isCoinId(value: unknown): value is CoinId {
  return typeof value === 'string' && (COIN_IDS as readonly string[]).includes(value);
}
