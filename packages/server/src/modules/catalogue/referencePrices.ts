import type { CoinId } from '@poolkit/core';

/**
 * Coins mined together with a main coin (merged mining): a Scrypt machine mining LTC earns the
 * DOGE of the same work as well (DOGE is AuxPoW merge-mined with LTC, shared/data/coins.json).
 */
export const MERGED_COINS: Readonly<Partial<Record<CoinId, readonly CoinId[]>>> = {
  ltc: ['doge'],
};
