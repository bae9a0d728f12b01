import type { CoinId } from './coinIds';

/**
 * The unit a coin's hashrate is counted in, before metric prefixes:
 * - `'H/s'` hashes per second (most coins; also ETH's retired Ethash);
 * - `'Sol/s'` solutions per second, for Equihash (ZEC) and Aleo's proof-of-succinct-work puzzle,
 *   as the data gives `GSol/s` and `Sol/s`;
 * - `'gps'` graphs per second, for Cuckatoo (GRIN), the only coin whose data says so. Written
 *   as the Grin community writes it (`Kgps`, `Mgps`): `G/s` would collide with the giga prefix,
 *   so 9,460 graphs per second read "9.46 KG/s", as if they were giga-somethings.
 *
 * `formatHashrate(value, coin.hashrateUnit)` scales each the same way (KSol/s, Mgps, …).
 */
export type HashrateBaseUnit = 'H/s' | 'Sol/s' | 'gps';

/**
 * The base unit of each coin's hashrates (see {@link HashrateBaseUnit}). `COINS` takes its
 * `hashrateUnit` from here.
 *
 * Why a table of its own: a widget that shows a machine's hashrate in its coin's unit needs only
 * this, while `COINS` carries prose (emission rules, sources, notes) that weighs several kilobytes.
 *
 * @example
 * COIN_HASHRATE_UNITS.zec // 'Sol/s'
 */
export const COIN_HASHRATE_UNITS: Readonly<Record<CoinId, HashrateBaseUnit>> = {
  btc: 'H/s',
  ltc: 'H/s',
  doge: 'H/s',
  xmr: 'H/s',
  eth: 'H/s',
  etc: 'H/s',
  hns: 'H/s',
  kda: 'H/s',
  lbc: 'H/s',
  ckb: 'H/s',
  stc: 'H/s',
  dash: 'H/s',
  sc: 'H/s',
  scp: 'H/s',
  cfx: 'H/s',
  'grin-c32': 'gps',
  pmeer: 'H/s',
  rvn: 'H/s',
  zec: 'Sol/s',
  dcr: 'H/s',
  erg: 'H/s',
  alph: 'H/s',
  kas: 'H/s',
  sumo: 'H/s',
  zeph: 'H/s',
  aleo: 'Sol/s',
};
