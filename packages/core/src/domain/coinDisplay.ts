import type { CoinDisplayDecimals } from '../constants';
import type { CoinId } from './coinIds';

/**
 * How amounts of a coin are shown: its ticker and the decimal places (4 or 6) of the coin data's
 * `displayDecimals`. The rest of a coin's facts are in `COINS`, which takes these two from here.
 *
 * Why a table of its own: formatting an amount is on nearly every page, while `COINS` carries
 * prose (emission rules, sources, notes) that few pages need; a page that formats amounts stays
 * small.
 */
export const COIN_DISPLAY: Readonly<
  Record<CoinId, { readonly symbol: string; readonly displayDecimals: CoinDisplayDecimals }>
> = {
  btc: { symbol: 'BTC', displayDecimals: 6 },
  ltc: { symbol: 'LTC', displayDecimals: 6 },
  doge: { symbol: 'DOGE', displayDecimals: 4 },
  xmr: { symbol: 'XMR', displayDecimals: 6 },
  eth: { symbol: 'ETH', displayDecimals: 6 },
  etc: { symbol: 'ETC', displayDecimals: 4 },
  hns: { symbol: 'HNS', displayDecimals: 4 },
  kda: { symbol: 'KDA', displayDecimals: 4 },
  lbc: { symbol: 'LBC', displayDecimals: 4 },
  ckb: { symbol: 'CKB', displayDecimals: 4 },
  stc: { symbol: 'STC', displayDecimals: 4 },
  dash: { symbol: 'DASH', displayDecimals: 4 },
  sc: { symbol: 'SC', displayDecimals: 4 },
  scp: { symbol: 'SCP', displayDecimals: 4 },
  cfx: { symbol: 'CFX', displayDecimals: 4 },
  'grin-c32': { symbol: 'GRIN', displayDecimals: 4 },
  pmeer: { symbol: 'MEER', displayDecimals: 4 },
  rvn: { symbol: 'RVN', displayDecimals: 4 },
  zec: { symbol: 'ZEC', displayDecimals: 4 },
  dcr: { symbol: 'DCR', displayDecimals: 6 },
  erg: { symbol: 'ERG', displayDecimals: 4 },
  alph: { symbol: 'ALPH', displayDecimals: 4 },
  kas: { symbol: 'KAS', displayDecimals: 4 },
  sumo: { symbol: 'SUMO', displayDecimals: 4 },
  zeph: { symbol: 'ZEPH', displayDecimals: 4 },
  aleo: { symbol: 'ALEO', displayDecimals: 4 },
};
