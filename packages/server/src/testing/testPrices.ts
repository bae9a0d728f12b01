import type { PriceSource } from '../modules/prices/service';

/**
 * Round coin prices for tests that compute money by hand, in CNY: fixed prices with one CNY per
 * "USD", so each price below is the coin's price in CNY as the API answers it.
 */
export const TEST_PRICES_CNY: Readonly<Record<string, string>> = {
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

/** A price source of fixed prices: {@link TEST_PRICES_CNY} unless `coins` is given. */
export function fixedPrices(
  coins: Readonly<Record<string, string>> = TEST_PRICES_CNY,
  currencies: Readonly<Record<string, string>> = { CNY: '1' },
): PriceSource {
  return { kind: 'fixed', coins, currencies };
}
