import { describe, expect, it } from 'vitest';
import { CHAIN_DECIMALS } from './chainDecimals';
import { COIN_IDS } from './coinIds';
import { COINS } from './coins';

describe('CHAIN_DECIMALS', () => {
  it("should hold every coin's chain decimals as the coin facts have them", () => {
    for (const id of COIN_IDS) expect(CHAIN_DECIMALS[id], id).toBe(COINS[id].chainDecimals);
  });

  it('should have a key for every coin id and no other', () => {
    expect(Object.keys(CHAIN_DECIMALS).sort()).toEqual([...COIN_IDS].sort());
  });
});
