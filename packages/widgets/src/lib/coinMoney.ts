import { formatCoinMoney, formatDecimal, isCoinId } from '@poolkit/core';

/**
 * A coin amount as money, with its unit (`0.05247299 BTC`): the coin's precision (core's
 * `formatCoinMoney`: its display decimals, more up to the chain's smallest unit when the amount
 * has them, so no satoshi is cut off), digits grouped. An unknown coin gets 8 decimals at most
 * and its code upper-cased. Digits beyond are cut toward zero, never rounded up.
 */
export function coinMoneyText(amount: string, coin: string): string {
  return isCoinId(coin)
    ? formatCoinMoney(amount, coin)
    : `${formatDecimal(amount, 8, { grouping: true, rounding: 'down' })} ${coin.toUpperCase()}`;
}
