import { type CoinId, isCoinId } from './coinIds';

/**
 * Coins mined by address, without an account: the only coins whose `/mining/:coin/*` pages open,
 * and whose `/pool/:type/*` pages redirect to `/` (spec section 2).
 */
export const ADDRESS_MINING_COINS = [
  'alph',
  'kas',
  'sumo',
  'zeph',
  'aleo',
] as const satisfies readonly CoinId[];

/** An address-mining coin. */
export type AddressMiningCoin = (typeof ADDRESS_MINING_COINS)[number];

/** Coins whose address-mining area has an IP statistics page (spec section 2). */
export const IP_STATISTICS_COINS = ['aleo'] as const satisfies readonly AddressMiningCoin[];

/** The pages under `/mining/:coin/`. */
export const ADDRESS_MINING_PAGES = ['dashboard', 'stats', 'info', 'ip-statistics'] as const;

/** A page under `/mining/:coin/`. */
export type AddressMiningPage = (typeof ADDRESS_MINING_PAGES)[number];

/** Narrows a string (a route parameter) to an address-mining coin. Case sensitive. */
export function isAddressMiningCoin(coin: unknown): coin is AddressMiningCoin {
  return typeof coin === 'string' && (ADDRESS_MINING_COINS as readonly string[]).includes(coin);
}

/**
 * Whether `/mining/:coin/:page` may open (spec section 2): `dashboard`, `stats` and `info` for
 * the address-mining coins (alph, kas, sumo, zeph, aleo), `ip-statistics` for aleo only.
 * Anything else redirects to `/`. Coin ids are case sensitive, as in routes.
 *
 * @example
 * canOpenAddressMiningPage('kas', 'stats'); // true
 * canOpenAddressMiningPage('kas', 'ip-statistics'); // false
 */
export function canOpenAddressMiningPage(coin: string, page: AddressMiningPage): boolean {
  switch (page) {
    case 'dashboard':
    case 'stats':
    case 'info':
      return isAddressMiningCoin(coin);
    case 'ip-statistics':
      return (IP_STATISTICS_COINS as readonly string[]).includes(coin);
    default:
      return page satisfies never;
  }
}

/**
 * Whether the account pool pages `/pool/:type/*` (stat, info, home, miner, miner/detail, profit)
 * may open for a coin: false for the five address-mining coins (spec section 2). Decision: also
 * false for a type that is not a known coin id (including other letter cases such as `KAS`), so
 * the page never renders for a pool that does not exist and the guard cannot be sidestepped by
 * case.
 */
export function isPoolTypeOpen(type: string): boolean {
  return isCoinId(type) && !isAddressMiningCoin(type);
}
