import type { CoinId } from '@poolkit/core';

/**
 * Coin prices in CNY the catalogue's revenue is valued at.
 *
 * DEMO FIGURES, NOT MARKET DATA. PoolKit has no market feed yet (`GET /coins` answers
 * `price: null`), but a profitability ranking needs revenue in money, so the catalogue values
 * coins at these round reference prices, in the same spirit as the engine's demo network
 * hashrates (`engine/poolCatalog.ts`). Replace this table with a price source when one exists;
 * a coin missing here answers `coin_price: null` and earns no revenue in the estimate.
 */
export const REFERENCE_PRICES_CNY: Readonly<Partial<Record<CoinId, string>>> = {
  btc: '700000',
  ltc: '700',
  doge: '1.5',
  kas: '0.7',
  ckb: '0.07',
  zec: '2500',
  etc: '120',
  dash: '300',
  kda: '3',
  hns: '0.15',
  alph: '2',
};

/**
 * Coins mined together with a main coin (merged mining): a Scrypt machine mining LTC earns the
 * DOGE of the same work as well (DOGE is AuxPoW merge-mined with LTC, shared/data/coins.json).
 */
export const MERGED_COINS: Readonly<Partial<Record<CoinId, readonly CoinId[]>>> = {
  ltc: ['doge'],
};
