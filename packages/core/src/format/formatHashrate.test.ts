import { describe, expect, it } from 'vitest';
import { HASHRATE_UNITS } from '../constants';
import { COIN_IDS } from '../domain/coinIds';
import { COINS } from '../domain/coins';
import {
  coinHashrateUnit,
  formatCoinHashrate,
  formatHashrate,
  hashrateUnits,
  scaleHashrateSeries,
  splitHashrate,
} from './formatHashrate';

describe('formatHashrate', () => {
  it('should show 0 as 0.00 H/s', () => {
    expect(formatHashrate(0)).toBe('0.00 H/s');
  });

  it('should stay in H/s below 1000', () => {
    expect(formatHashrate(1)).toBe('1.00 H/s');
    expect(formatHashrate(999.99)).toBe('999.99 H/s');
  });

  it('should move to the next unit at each step of 1000', () => {
    expect(formatHashrate(1000)).toBe('1.00 KH/s');
    expect(formatHashrate(1e6)).toBe('1.00 MH/s');
    expect(formatHashrate(1e9)).toBe('1.00 GH/s');
    expect(formatHashrate(1e12)).toBe('1.00 TH/s');
    expect(formatHashrate(1e15)).toBe('1.00 PH/s');
    expect(formatHashrate(1e18)).toBe('1.00 EH/s');
    expect(formatHashrate(1e21)).toBe('1.00 ZH/s');
    expect(formatHashrate(1e24)).toBe('1.00 YH/s');
  });

  it('should stay in the lower unit just below each boundary', () => {
    expect(formatHashrate(999_990)).toBe('999.99 KH/s');
    expect(formatHashrate(999.99e21)).toBe('999.99 ZH/s');
  });

  it('should move up when rounding would show 1000.00', () => {
    expect(formatHashrate(999.995)).toBe('1.00 KH/s');
    expect(formatHashrate(999_999_999)).toBe('1.00 GH/s');
  });

  it('should stay in YH/s beyond YH/s', () => {
    expect(formatHashrate(1e27)).toBe('1000.00 YH/s');
    expect(formatHashrate(1.5e30)).toBe('1500000.00 YH/s');
  });

  it('should always show two decimals, rounded half up', () => {
    expect(formatHashrate(1_234_567)).toBe('1.23 MH/s');
    expect(formatHashrate(1_235_000)).toBe('1.24 MH/s');
    expect(formatHashrate(1.005)).toBe('1.01 H/s');
    expect(formatHashrate(0.001)).toBe('0.00 H/s');
  });

  it('should scale other base units the same way', () => {
    expect(formatHashrate(1500, 'Sol/s')).toBe('1.50 KSol/s');
    expect(formatHashrate(2.5e9, 'Sol/s')).toBe('2.50 GSol/s');
    expect(formatHashrate(42, 'gps')).toBe('42.00 gps');
    expect(formatHashrate(3e6, 'gps')).toBe('3.00 Mgps');
  });

  it('should keep the sign of a negative value and scale by its magnitude', () => {
    expect(formatHashrate(-1500)).toBe('-1.50 KH/s');
    expect(formatHashrate(-0.001)).toBe('0.00 H/s');
  });

  it('should show -- for NaN and Infinity', () => {
    expect(formatHashrate(Number.NaN)).toBe('-- H/s');
    expect(formatHashrate(Number.POSITIVE_INFINITY)).toBe('-- H/s');
    expect(formatHashrate(Number.NEGATIVE_INFINITY, 'Sol/s')).toBe('-- Sol/s');
  });
});

describe('splitHashrate', () => {
  it('should split the number from the unit', () => {
    expect(splitHashrate(1_234_567)).toEqual({ value: '1.23', unit: 'MH/s' });
    expect(splitHashrate(0)).toEqual({ value: '0.00', unit: 'H/s' });
    expect(splitHashrate(2e15, 'Sol/s')).toEqual({ value: '2.00', unit: 'PSol/s' });
    expect(splitHashrate(Number.NaN)).toEqual({ value: '--', unit: 'H/s' });
  });
});

describe('hashrateUnits', () => {
  it('should list H/s to YH/s by default, as the constant does', () => {
    expect(hashrateUnits()).toEqual([...HASHRATE_UNITS]);
  });

  it('should build the units of another base', () => {
    expect(hashrateUnits('Sol/s')).toEqual([
      'Sol/s',
      'KSol/s',
      'MSol/s',
      'GSol/s',
      'TSol/s',
      'PSol/s',
      'ESol/s',
      'ZSol/s',
      'YSol/s',
    ]);
  });
});

describe('scaleHashrateSeries', () => {
  it('should pick one unit from the largest value', () => {
    expect(scaleHashrateSeries([2e12, 5e11, 9e8])).toEqual({
      unit: 'TH/s',
      divisor: 1e12,
      values: [2, 0.5, 0.0009],
    });
  });

  it('should use the base unit for small, empty or non-finite series', () => {
    expect(scaleHashrateSeries([])).toEqual({ unit: 'H/s', divisor: 1, values: [] });
    expect(scaleHashrateSeries([0, 999])).toEqual({ unit: 'H/s', divisor: 1, values: [0, 999] });
    expect(scaleHashrateSeries([Number.NaN])).toEqual({
      unit: 'H/s',
      divisor: 1,
      values: [Number.NaN],
    });
  });

  it('should keep non-finite points as gaps and ignore them for the unit', () => {
    const scaled = scaleHashrateSeries([3e6, Number.NaN, Number.POSITIVE_INFINITY]);
    expect(scaled.unit).toBe('MH/s');
    expect(scaled.values).toEqual([3, Number.NaN, Number.POSITIVE_INFINITY]);
  });

  it('should use the magnitude of negative values', () => {
    expect(scaleHashrateSeries([-5e9, 1e9]).unit).toBe('GH/s');
  });

  it('should stay in the Y unit beyond it, and scale other bases', () => {
    expect(scaleHashrateSeries([5e27]).unit).toBe('YH/s');
    expect(scaleHashrateSeries([5e27]).values).toEqual([5000]);
    expect(scaleHashrateSeries([1200, 800], 'Sol/s')).toEqual({
      unit: 'KSol/s',
      divisor: 1000,
      values: [1.2, 0.8],
    });
  });
});

describe('coinHashrateUnit', () => {
  it('should give each coin the unit of its facts', () => {
    for (const id of COIN_IDS) expect(coinHashrateUnit(id), id).toBe(COINS[id].hashrateUnit);
  });

  it('should count Zcash and Aleo in Sol/s, Grin in gps and Bitcoin in H/s', () => {
    expect(coinHashrateUnit('zec')).toBe('Sol/s');
    expect(coinHashrateUnit('aleo')).toBe('Sol/s');
    expect(coinHashrateUnit('grin-c32')).toBe('gps');
    expect(coinHashrateUnit('btc')).toBe('H/s');
  });
});

describe('formatCoinHashrate', () => {
  it('should show each coin in its own unit', () => {
    expect(formatCoinHashrate(214_350_000, 'zec')).toBe('214.35 MSol/s');
    expect(formatCoinHashrate(155.25, 'grin-c32')).toBe('155.25 gps');
    expect(formatCoinHashrate(322_240, 'aleo')).toBe('322.24 KSol/s');
    expect(formatCoinHashrate(13.77e18, 'btc')).toBe('13.77 EH/s');
    expect(formatCoinHashrate(33.6e12, 'kas')).toBe('33.60 TH/s');
  });

  it('should keep the coin unit for zero and broken figures', () => {
    expect(formatCoinHashrate(0, 'zec')).toBe('0.00 Sol/s');
    expect(formatCoinHashrate(Number.NaN, 'grin-c32')).toBe('-- gps');
  });

  it("should write Grin's graphs per second as gps, so a prefix never reads as the unit", () => {
    // 9,460 graphs per second once read "9.46 KG/s": the G looked like giga.
    expect(formatCoinHashrate(9_460, 'grin-c32')).toBe('9.46 Kgps');
    expect(formatCoinHashrate(2.5e9, 'grin-c32')).toBe('2.50 Ggps');
    expect(splitHashrate(9_460, coinHashrateUnit('grin-c32'))).toEqual({
      value: '9.46',
      unit: 'Kgps',
    });
    expect(hashrateUnits(coinHashrateUnit('grin-c32')).slice(0, 3)).toEqual([
      'gps',
      'Kgps',
      'Mgps',
    ]);
    expect(scaleHashrateSeries([9_460, 8_000], 'gps').unit).toBe('Kgps');
    for (const id of COIN_IDS) {
      expect(formatCoinHashrate(9_460, id), id).not.toMatch(/G\/s/);
    }
  });
});
