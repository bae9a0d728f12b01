import type { CoinDisplayDecimals } from '../constants';
import type { CoinId } from './coinIds';

/**
 * The most decimals an exact coin amount shows: a hundred-millionth (BTC's satoshi). Finer
 * digits of the coins that have them (ETH's 18) are below anything a wallet row, a payment or a
 * price can show usefully, and the ledger's fee shares leave noise there.
 */
export const MAX_AMOUNT_DECIMALS = 8;

/**
 * How amounts of a coin are shown: its ticker and the decimal places (4 or 6) of the coin data's
 * `displayDecimals`. The rest of a coin's facts are in `COINS`, which takes these from here.
 *
 * Why a table of its own: formatting an amount is on nearly every page, while `COINS` carries
 * prose (emission rules, sources, notes) that few pages need; a page that formats amounts stays
 * small.
 */
export const COIN_DISPLAY: Readonly<
  Record<
    CoinId,
    {
      readonly symbol: string;
      readonly displayDecimals: CoinDisplayDecimals;
      /**
       * The most decimals an exact amount (a balance, a payment) of the coin shows: the chain's
       * smallest unit (`COINS[id].chainDecimals`), at most {@link MAX_AMOUNT_DECIMALS}. BTC's 8
       * show a satoshi (`0.05247299`), where the display decimals alone would cut it.
       */
      readonly amountDecimals: number;
    }
  >
> = {
  btc: { symbol: 'BTC', displayDecimals: 6, amountDecimals: 8 },
  ltc: { symbol: 'LTC', displayDecimals: 6, amountDecimals: 8 },
  doge: { symbol: 'DOGE', displayDecimals: 4, amountDecimals: 8 },
  xmr: { symbol: 'XMR', displayDecimals: 6, amountDecimals: 8 },
  eth: { symbol: 'ETH', displayDecimals: 6, amountDecimals: 8 },
  etc: { symbol: 'ETC', displayDecimals: 4, amountDecimals: 8 },
  hns: { symbol: 'HNS', displayDecimals: 4, amountDecimals: 6 },
  kda: { symbol: 'KDA', displayDecimals: 4, amountDecimals: 8 },
  lbc: { symbol: 'LBC', displayDecimals: 4, amountDecimals: 8 },
  ckb: { symbol: 'CKB', displayDecimals: 4, amountDecimals: 8 },
  stc: { symbol: 'STC', displayDecimals: 4, amountDecimals: 8 },
  dash: { symbol: 'DASH', displayDecimals: 4, amountDecimals: 8 },
  sc: { symbol: 'SC', displayDecimals: 4, amountDecimals: 8 },
  scp: { symbol: 'SCP', displayDecimals: 4, amountDecimals: 8 },
  cfx: { symbol: 'CFX', displayDecimals: 4, amountDecimals: 8 },
  'grin-c32': { symbol: 'GRIN', displayDecimals: 4, amountDecimals: 8 },
  pmeer: { symbol: 'MEER', displayDecimals: 4, amountDecimals: 8 },
  rvn: { symbol: 'RVN', displayDecimals: 4, amountDecimals: 8 },
  zec: { symbol: 'ZEC', displayDecimals: 4, amountDecimals: 8 },
  dcr: { symbol: 'DCR', displayDecimals: 6, amountDecimals: 8 },
  erg: { symbol: 'ERG', displayDecimals: 4, amountDecimals: 8 },
  alph: { symbol: 'ALPH', displayDecimals: 4, amountDecimals: 8 },
  kas: { symbol: 'KAS', displayDecimals: 4, amountDecimals: 8 },
  sumo: { symbol: 'SUMO', displayDecimals: 4, amountDecimals: 8 },
  zeph: { symbol: 'ZEPH', displayDecimals: 4, amountDecimals: 8 },
  aleo: { symbol: 'ALEO', displayDecimals: 4, amountDecimals: 6 },
};
