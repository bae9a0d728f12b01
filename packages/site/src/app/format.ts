import {
  CHART_TIME_PATTERNS,
  EMPTY_VALUE_TEXT,
  formatCoinAmount,
  formatDecimal,
  formatHashrate,
  formatInTimezone,
  formatNumber,
  formatPercent,
  isCoinId,
} from '@poolkit/core';

/** A hashrate in H/s with an auto-scaled unit (`1.23 MH/s`). */
export function hashrate(value: number | null | undefined): string {
  return value === null || value === undefined ? EMPTY_VALUE_TEXT : formatHashrate(value);
}

/** A coin amount with the coin's precision, or 6 decimals for an unknown coin. */
export function coinAmount(amount: string | null | undefined, coin: string): string {
  if (amount === null || amount === undefined) return EMPTY_VALUE_TEXT;
  try {
    return isCoinId(coin) ? formatCoinAmount(amount, coin) : formatDecimal(amount, 6);
  } catch {
    return amount;
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
