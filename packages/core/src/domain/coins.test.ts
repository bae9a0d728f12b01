import { describe, expect, it } from 'vitest';
import { isDecimalString } from '../format/decimal';
import { COIN_HASHRATE_UNITS } from './coinHashrateUnits';
import { COIN_IDS } from './coinIds';
import { COINS, getCoin } from './coins';

describe('COINS', () => {
  it('should have an entry for every coin id, under its own id', () => {
    expect(Object.keys(COINS).sort()).toEqual([...COIN_IDS].sort());
    for (const id of COIN_IDS) expect(COINS[id].id).toBe(id);
  });

  it('should keep sources for every coin', () => {
    for (const id of COIN_IDS) expect(COINS[id].sources.length, id).toBeGreaterThan(0);
  });

  it('should hold block rewards as decimal strings or null', () => {
    for (const id of COIN_IDS) {
      const reward = COINS[id].blockReward;
      expect(reward === null || isDecimalString(reward), id).toBe(true);
    }
    expect(COINS.btc.blockReward).toBe('3.125');
    expect(COINS.doge.blockReward).toBe('10000');
    expect(COINS.kda.blockReward).toBe('0.938634');
  });

  it('should give display decimals of 4 or 6, as the data says', () => {
    for (const id of COIN_IDS) expect([4, 6], id).toContain(COINS[id].displayDecimals);
    expect(COINS.btc.displayDecimals).toBe(6);
    expect(COINS.ltc.displayDecimals).toBe(6);
    expect(COINS.xmr.displayDecimals).toBe(6);
    expect(COINS.eth.displayDecimals).toBe(6);
    expect(COINS.dcr.displayDecimals).toBe(6);
    expect(COINS.etc.displayDecimals).toBe(4);
  });

  it('should map the route ids to their tickers', () => {
    expect(COINS['grin-c32'].symbol).toBe('GRIN');
    expect(COINS.pmeer.symbol).toBe('MEER');
    expect(COINS.sumo.symbol).toBe('SUMO');
  });

  it('should use Sol/s for Equihash and Aleo, gps for Cuckatoo, and H/s otherwise', () => {
    expect(COINS.zec.hashrateUnit).toBe('Sol/s');
    expect(COINS.aleo.hashrateUnit).toBe('Sol/s');
    expect(COINS['grin-c32'].hashrateUnit).toBe('gps');
    const others = COIN_IDS.filter((id) => !['zec', 'aleo', 'grin-c32'].includes(id));
    for (const id of others) expect(COINS[id].hashrateUnit, id).toBe('H/s');
  });

  it('should take every hashrate unit from COIN_HASHRATE_UNITS', () => {
    expect(Object.keys(COIN_HASHRATE_UNITS).sort()).toEqual([...COIN_IDS].sort());
    for (const id of COIN_IDS) expect(COINS[id].hashrateUnit, id).toBe(COIN_HASHRATE_UNITS[id]);
  });

  it('should give short algorithm names, with what they leave out in the note', () => {
    for (const id of COIN_IDS) {
      expect(COINS[id].algorithm.length, id).toBeLessThanOrEqual(16);
      const note = COINS[id].algorithmNote;
      expect(note === null || note.length > 0, id).toBe(true);
    }
    expect(COINS.dcr.algorithm).toBe('BLAKE3');
    expect(COINS.dcr.algorithmNote).toContain('DCP-0011');
    expect(COINS.doge.algorithm).toBe('Scrypt');
    expect(COINS.doge.algorithmNote).toContain('LTC');
    expect(COINS.btc.algorithmNote).toBeNull();
  });

  it('should state what is unverified as such, never as a recollection', () => {
    for (const id of COIN_IDS) expect(COINS[id].notes, id).not.toMatch(/memory|recalled/i);
  });

  it('should keep halving intervals, with null where a coin does not halve', () => {
    expect(COINS.btc.halvingIntervalBlocks).toBe(210000);
    expect(COINS.zec.halvingIntervalBlocks).toBe(1680000);
    expect(COINS.doge.halvingIntervalBlocks).toBeNull();
    expect(COINS.xmr.halvingIntervalBlocks).toBeNull();
  });

  it('should write reference dates as ISO dates or months', () => {
    for (const id of COIN_IDS) {
      const date = COINS[id].referenceDate;
      expect(date === null || /^\d{4}-\d{2}(-\d{2})?$/.test(date), id).toBe(true);
    }
    expect(COINS.ckb.referenceDate).toBe('2019-11-16');
    expect(COINS.ckb.referenceEvent).toContain('genesis');
  });

  it('should flag address mining for alph, kas, sumo, zeph and aleo only', () => {
    const flagged = COIN_IDS.filter((id) => COINS[id].addressMining);
    expect(flagged.sort()).toEqual(['aleo', 'alph', 'kas', 'sumo', 'zeph']);
  });

  it('should mark ETH as no longer mineable', () => {
    expect(COINS.eth.mineable).toBe(false);
    expect(COINS.etc.mineable).toBe(true);
  });

  it('should mark as unverified what the data marks, and derive verified from it', () => {
    expect(COINS.btc.unverified).toEqual(['referenceDate']);
    expect(COINS.btc.verified).toBe(false);
    expect(COINS.etc.unverified).toEqual([]);
    expect(COINS.etc.verified).toBe(true);
    for (const id of COIN_IDS) {
      expect(COINS[id].verified, id).toBe(COINS[id].unverified.length === 0);
    }
  });

  it('should describe SUMO with sourced facts only, unverified and with nulls for the unknown', () => {
    const sumo = COINS.sumo;
    expect(sumo.verified).toBe(false);
    expect(sumo.blockTimeSec).toBe(240);
    expect(sumo.chainDecimals).toBe(9);
    expect(sumo.blockReward).toBeNull();
    expect(sumo.halvingIntervalBlocks).toBeNull();
    expect(sumo.notes).toContain('unverified');
    expect(sumo.sources.some((source) => source.includes('sumoprojects/sumokoin'))).toBe(true);
  });

  it('should be frozen', () => {
    expect(Object.isFrozen(COINS)).toBe(true);
    expect(Object.isFrozen(COINS.btc)).toBe(true);
  });
});

describe('getCoin', () => {
  it('should return the entry of a coin', () => {
    expect(getCoin('kas')).toBe(COINS.kas);
    expect(getCoin('kas').blockTimeSec).toBe(0.1);
  });
});
