import { describe, expect, it } from 'vitest';
import { calculateProfit } from './calculateProfit';

describe('calculateProfit', () => {
  it('should estimate a BTC-like miner from the network hashrate', () => {
    // share of the network: 100 TH/s / 600 EH/s = 1 / 6,000,000
    // blocks a day: 86,400 / 600 = 144; coins a day before fee: 144 × 3.125 / 6,000,000 = 0.000075
    // after the 2 % fee: 0.000075 × 0.98 = 0.0000735 BTC
    // revenue: 0.0000735 × 60,000 = 4.41; electricity: 3 kW × 24 h × 0.05 = 3.60; profit 0.81
    // 30 days: 0.002205 BTC, 132.30, 108.00, 24.30
    // break-even coin price: 3.60 / 0.0000735 = 48,979.5918367… → 48979.591837
    // break-even electricity: 4.41 / 72 kWh = 0.06125 → 0.061250
    expect(
      calculateProfit({
        hashrate: 100e12,
        networkHashrate: 600e18,
        blockReward: 3.125,
        blockTimeSec: 600,
        coinPrice: 60_000,
        powerW: 3_000,
        electricityPricePerKwh: 0.05,
        poolFeeRate: 0.02,
      }),
    ).toEqual({
      daily: { coins: '0.00007350', revenue: '4.41', electricityCost: '3.60', profit: '0.81' },
      monthly: {
        coins: '0.00220500',
        revenue: '132.30',
        electricityCost: '108.00',
        profit: '24.30',
      },
      breakEvenCoinPrice: '48979.591837',
      breakEvenElectricityPrice: '0.061250',
    });
  });

  it('should accept decimal strings for reward, prices and fee', () => {
    const estimate = calculateProfit({
      hashrate: 100e12,
      networkHashrate: 600e18,
      blockReward: '3.125',
      blockTimeSec: 600,
      coinPrice: '60000',
      powerW: 3_000,
      electricityPricePerKwh: '0.05',
      poolFeeRate: '0.02',
    });
    expect(estimate.daily).toEqual({
      coins: '0.00007350',
      revenue: '4.41',
      electricityCost: '3.60',
      profit: '0.81',
    });
  });

  it('should derive the network hashrate from difficulty and the coin factor', () => {
    // hashrate 2^32 × 10^6 H/s, difficulty 10^12, 2^32 hashes per difficulty, no fee:
    // coins a day = H × reward × 86,400 / (D × 2^32) = 10^6 × 3.125 × 86,400 / 10^12 = 0.27
    // revenue 0.27 × 10,000 = 2,700; no power → no cost, no break-even electricity price
    expect(
      calculateProfit({
        hashrate: 2 ** 32 * 1e6,
        networkDifficulty: 1e12,
        hashesPerDifficulty: 2 ** 32,
        blockReward: 3.125,
        blockTimeSec: 600,
        coinPrice: 10_000,
        powerW: 0,
        electricityPricePerKwh: 0.1,
        poolFeeRate: 0,
      }),
    ).toEqual({
      daily: {
        coins: '0.27000000',
        revenue: '2700.00',
        electricityCost: '0.00',
        profit: '2700.00',
      },
      monthly: {
        coins: '8.10000000',
        revenue: '81000.00',
        electricityCost: '0.00',
        profit: '81000.00',
      },
      breakEvenCoinPrice: '0.000000',
      breakEvenElectricityPrice: null,
    });
  });

  it('should report a loss and no break-even coin price without hashrate', () => {
    // 1 kW × 24 h × 0.1 = 2.40 a day, nothing earned.
    const estimate = calculateProfit({
      hashrate: 0,
      networkHashrate: 1e18,
      blockReward: 1,
      blockTimeSec: 60,
      coinPrice: 1,
      powerW: 1_000,
      electricityPricePerKwh: 0.1,
      poolFeeRate: 0.01,
    });
    expect(estimate.daily.profit).toBe('-2.40');
    expect(estimate.monthly.profit).toBe('-72.00');
    expect(estimate.breakEvenCoinPrice).toBeNull();
    expect(estimate.breakEvenElectricityPrice).toBe('0.000000');
  });

  it('should earn nothing with a 100 % fee', () => {
    const estimate = calculateProfit({
      hashrate: 1e12,
      networkHashrate: 1e15,
      blockReward: 10,
      blockTimeSec: 60,
      coinPrice: 1,
      powerW: 100,
      electricityPricePerKwh: 0.1,
      poolFeeRate: 1,
    });
    expect(estimate.daily.coins).toBe('0.00000000');
    expect(estimate.breakEvenCoinPrice).toBeNull();
  });

  it('should round half up and derive monthly figures from unrounded daily ones', () => {
    // 1 H/s of 8,000,000 H/s, one block a day of 1 coin: 0.000000125 coins → 0.00000013.
    // revenue 0.000000125 × 32,000 = 0.004 → 0.00 a day, but 0.12 over 30 days.
    // cost 1 W → 0.024 kWh × 0.25 = 0.006; profit −0.002 shows as 0.00 (no "-0.00"), −0.06 a month.
    const estimate = calculateProfit({
      hashrate: 1,
      networkHashrate: 8_000_000,
      blockReward: 1,
      blockTimeSec: 86_400,
      coinPrice: 32_000,
      powerW: 1,
      electricityPricePerKwh: 0.25,
      poolFeeRate: 0,
    });
    expect(estimate.daily).toEqual({
      coins: '0.00000013',
      revenue: '0.00',
      electricityCost: '0.01',
      profit: '0.00',
    });
    expect(estimate.monthly.revenue).toBe('0.12');
    expect(estimate.monthly.profit).toBe('-0.06');
  });

  it('should keep the digits of a tiny share of a huge network', () => {
    // 1 MH/s of 1 ZH/s (10^21), 144 blocks × 3.125: 450 × 10^-15 = 4.5 × 10^-13 coins a day.
    const estimate = calculateProfit({
      hashrate: 1e6,
      networkHashrate: 1e21,
      blockReward: 3.125,
      blockTimeSec: 600,
      coinPrice: 1,
      powerW: 1,
      electricityPricePerKwh: 1,
      poolFeeRate: 0,
      coinDecimals: 16,
    });
    expect(estimate.daily.coins).toBe('0.0000000000004500');
  });

  it('should keep the break-even price exact for a tiny share', () => {
    // 1 H/s of 3 × 10^12 H/s, one block of 1 coin a day: 1 / (3 × 10^12) coins a day.
    // electricity: 1 kW × 24 h × 1 = 24 a day; break-even: 24 × 3 × 10^12 = 72,000,000,000,000.
    const estimate = calculateProfit({
      hashrate: 1,
      networkHashrate: 3e12,
      blockReward: 1,
      blockTimeSec: 86_400,
      coinPrice: 1,
      powerW: 1_000,
      electricityPricePerKwh: 1,
      poolFeeRate: 0,
    });
    expect(estimate.breakEvenCoinPrice).toBe('72000000000000.000000');
  });

  it('should honour the precision options', () => {
    const estimate = calculateProfit({
      hashrate: 100e12,
      networkHashrate: 600e18,
      blockReward: 3.125,
      blockTimeSec: 600,
      coinPrice: 60_000,
      powerW: 3_000,
      electricityPricePerKwh: 0.05,
      poolFeeRate: 0.02,
      coinDecimals: 6,
      fiatDecimals: 4,
      priceDecimals: 2,
    });
    expect(estimate.daily.coins).toBe('0.000074');
    expect(estimate.daily.revenue).toBe('4.4100');
    expect(estimate.breakEvenCoinPrice).toBe('48979.59');
  });

  it('should refuse inputs out of range', () => {
    const base = {
      hashrate: 1,
      networkHashrate: 1,
      blockReward: 1,
      blockTimeSec: 60,
      coinPrice: 1,
      powerW: 1,
      electricityPricePerKwh: 1,
      poolFeeRate: 0,
    };
    expect(() => calculateProfit({ ...base, poolFeeRate: 1.5 })).toThrow(RangeError);
    expect(() => calculateProfit({ ...base, hashrate: -1 })).toThrow(RangeError);
    expect(() => calculateProfit({ ...base, networkHashrate: 0 })).toThrow(RangeError);
    expect(() => calculateProfit({ ...base, blockTimeSec: 0 })).toThrow(RangeError);
    expect(() => calculateProfit({ ...base, coinPrice: 'abc' })).toThrow(RangeError);
    expect(() => calculateProfit({ ...base, coinPrice: ' ' })).toThrow(RangeError);
    expect(() => calculateProfit({ ...base, powerW: Number.NaN })).toThrow(RangeError);
  });
});
