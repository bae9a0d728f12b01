import type { CoinId } from '../../contract';

/**
 * The values the demo price feed drifts around: coin prices in USD and currency rates in
 * units per USD.
 *
 * DEMO FIGURES, NOT MARKET DATA. Round figures of the order of the coins' market prices in
 * late 2025 (the CNY figures the catalogue used before the feed existed, at 7.117 CNY per USD,
 * for BTC, LTC, DOGE, KAS, CKB, ZEC, ETC, DASH, KDA, HNS and ALPH; unverified round guesses for
 * the rest). No source was checked for any of them: a deployment that shows real prices sets
 * `PRICE_FEED_URL`.
 */
export const REFERENCE_COIN_USD: Readonly<Record<CoinId, string>> = {
  btc: '98000',
  ltc: '98',
  doge: '0.21',
  xmr: '380',
  eth: '3400',
  etc: '17',
  hns: '0.021',
  kda: '0.42',
  lbc: '0.004',
  ckb: '0.0098',
  stc: '0.003',
  dash: '42',
  sc: '0.004',
  scp: '0.01',
  cfx: '0.1',
  'grin-c32': '0.04',
  pmeer: '0.01',
  rvn: '0.02',
  zec: '350',
  dcr: '15',
  erg: '1',
  alph: '0.28',
  kas: '0.098',
  sumo: '0.005',
  zeph: '1.5',
  aleo: '0.3',
};

/**
 * Units of each currency one USD buys: the currencies of the site's currency switch (the rate
 * list's entries, CNY the base). DEMO FIGURES: the demo rate list's CNY rates inverted
 * (USD 0.1405 per CNY → 7.117 CNY per USD), not market data.
 */
export const REFERENCE_CURRENCY_PER_USD: Readonly<Record<string, string>> = {
  CNY: '7.117',
  USD: '1',
  EUR: '0.8648',
  GBP: '0.758',
  HKD: '7.779',
  JPY: '153.7',
  KRW: '1469.7',
  RUB: '80.07',
};
