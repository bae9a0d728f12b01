/*
 * A module of its own, importing nothing, so a widget that only needs a symbol (a price label)
 * bundles this table and not the decimal arithmetic of `formatCurrency.ts`.
 */

/**
 * The symbols of the currencies PoolKit quotes prices in (the rate list's and the catalogue's);
 * a code not here is written after the figure (`'1,234.56 CHF'`).
 */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  CNY: '￥',
  USD: '$',
  EUR: '€',
  JPY: '¥',
  KRW: '₩',
  RUB: '₽',
};
