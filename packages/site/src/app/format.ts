import { CHART_TIME_PATTERNS, EMPTY_VALUE_TEXT } from '@poolkit/core/constants';
import { isCoinId } from '@poolkit/core/domain';
import {
  coinHashrateUnit,
  formatCoinAmount,
  formatCoinHashrate,
  formatCoinMoney,
  formatDecimal,
  formatHashrate,
  formatInTimezone,
  formatMoney,
  formatNumber,
  formatPercent,
  splitHashrate,
} from '@poolkit/core/format';

/**
 * A hashrate of a coin with an auto-scaled unit in the coin's own unit (`1.23 MH/s`,
 * `214.35 MSol/s` for Zcash); H/s for an unknown coin.
 */
export function hashrate(value: number | null | undefined, coin: string): string {
  if (value === null || value === undefined) return EMPTY_VALUE_TEXT;
  return isCoinId(coin) ? formatCoinHashrate(value, coin) : formatHashrate(value);
}

/** The unit a coin's hashrates are counted in before prefixes (`Sol/s` for Zcash), else H/s. */
export function hashrateUnit(coin: string): string {
  return isCoinId(coin) ? coinHashrateUnit(coin) : 'H/s';
}

/**
 * "per" a hashrate as a rate unit: `TH/s` for exactly one TH/s, else the figure and its unit
 * (`100.00 TH/s`).
 */
export function perHashrate(value: number, coin: string): string {
  const parts = splitHashrate(value, hashrateUnit(coin));
  return parts.value === '1.00' ? parts.unit : `${parts.value} ${parts.unit}`;
}

/**
 * A coin amount with the coin's precision, or 6 decimals for an unknown coin. `significantDigits`
 * adds the decimals a small amount needs (a profit per TH/s), see core's `formatCoinAmount`.
 */
export function coinAmount(
  amount: string | null | undefined,
  coin: string,
  significantDigits?: number,
): string {
  if (amount === null || amount === undefined) return EMPTY_VALUE_TEXT;
  try {
    return isCoinId(coin)
      ? formatCoinAmount(amount, coin, significantDigits === undefined ? {} : { significantDigits })
      : formatDecimal(amount, 6);
  } catch {
    return amount;
  }
}

/**
 * A coin amount as money (the one formatter for coin amounts a user owns or pays: wallet rows,
 * balances, prices in coins): the coin's precision (core's `formatCoinMoney`: display decimals,
 * more up to the chain's smallest unit when the amount has them), grouped digits and the coin's
 * unit, `0.05247299 BTC`. An unknown coin gets 8 decimals at most and its code upper-cased; a
 * malformed amount is shown as sent rather than hidden.
 */
export function coinMoney(amount: string | null | undefined, coin: string): string {
  if (amount === null || amount === undefined) return EMPTY_VALUE_TEXT;
  try {
    return formatCoinMoney(amount, coin);
  } catch {
    return amount;
  }
}

/**
 * An amount in a currency (ISO code) as money, the one formatter for prices and fiat values:
 * two decimals, grouped digits and the currency's symbol (`￥24,900.00`), see core's
 * `formatMoney`. A price quoted in a coin (a contract priced `BTC`) is a coin amount and gets the
 * coin's precision instead ({@link coinMoney}: `0.0015 BTC`, not a cut `0.00 BTC`). A malformed
 * amount is shown as sent with its code.
 */
export function money(amount: string | null | undefined, currency: string): string {
  if (amount === null || amount === undefined) return EMPTY_VALUE_TEXT;
  const coin = currency.toLowerCase();
  if (isCoinId(coin)) return coinMoney(amount, coin);
  try {
    return formatMoney(amount, currency);
  } catch {
    return `${amount} ${currency}`;
  }
}

/**
 * A count or a block height with its digits grouped (`979,057`), in the English notation the
 * site's other figures use (hashrates, amounts).
 */
export function count(value: number | null | undefined): string {
  return value === null || value === undefined ? EMPTY_VALUE_TEXT : formatNumber(value, 'en');
}

/** An ISO time or epoch ms as `YYYY-MM-DD HH:mm:ss` in UTC (the default zone). */
export function dateTime(value: string | number | null | undefined, timezone?: string): string {
  if (value === null || value === undefined) return EMPTY_VALUE_TEXT;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return formatInTimezone(ms, timezone, CHART_TIME_PATTERNS.tooltipDateTime);
}

/** A ratio (1 = 100 %) as a percentage. */
export function ratio(value: number | null | undefined): string {
  return value === null || value === undefined ? EMPTY_VALUE_TEXT : formatPercent(value);
}

/** A percentage given as a decimal string (`"2.5"` → `2.5%`). */
export function percentText(value: string | null | undefined): string {
  return value === null || value === undefined ? EMPTY_VALUE_TEXT : `${value}%`;
}

/** The i18n key of a worker state (core's `status.*` catalogue). */
export function minerStatusKey(status: 'active' | 'inactive' | 'dead'): string {
  return status === 'inactive' ? 'status.minerInactive' : `status.${status}`;
}
