import type { CoinId } from './coinIds';

/**
 * The decimal places of each coin's smallest chain unit (a satoshi is 10^-8 BTC), as
 * `COINS[id].chainDecimals` has them. Kept as a table of its own so that a money check (the
 * withdrawal dialog's) does not bundle the whole coin-facts table; a test holds the two equal.
 */
export const CHAIN_DECIMALS: Readonly<Record<CoinId, number>> = {
  btc: 8,
  ltc: 8,
  doge: 8,
  xmr: 12,
  eth: 18,
  etc: 18,
  hns: 6,
  kda: 12,
  lbc: 8,
  ckb: 8,
  stc: 9,
  dash: 8,
  sc: 24,
  scp: 27,
  cfx: 18,
  'grin-c32': 9,
  pmeer: 8,
  rvn: 8,
  zec: 8,
  dcr: 8,
  erg: 9,
  alph: 18,
  kas: 8,
  sumo: 9,
  zeph: 12,
  aleo: 6,
};
