import { describe, expect, it } from 'vitest';
import {
  BASE_CURRENCY,
  BASE_CURRENCY_RATE,
  BASE_CURRENCY_SYMBOL,
  CHART_TIME_PATTERNS,
  DEFAULT_LANGUAGE,
  DEFAULT_TIMEZONE,
  HASHRATE_UNIT_PREFIXES,
  HASHRATE_UNITS,
  MINER_DEAD_MS,
  MINER_INACTIVE_MS,
  NEW_WORKER_VISIBLE_MS,
  PAY_METHOD_LOCK_MS,
  REQUEST_TIMEOUT_MS,
  SECURITY_FREEZE_MS,
  UNPAID_ORDER_CANCEL_MS,
} from './constants';
import { DEFAULT_LANGUAGE as LANGUAGES_DEFAULT } from './i18n/languages';

describe('constants', () => {
  it('should list hashrate units from H/s to YH/s, one per prefix', () => {
    expect(HASHRATE_UNITS).toHaveLength(HASHRATE_UNIT_PREFIXES.length);
    expect(HASHRATE_UNITS[0]).toBe('H/s');
    expect(HASHRATE_UNITS.at(-1)).toBe('YH/s');
    HASHRATE_UNITS.forEach((unit, index) => {
      expect(unit).toBe(`${HASHRATE_UNIT_PREFIXES[index]}H/s`);
    });
  });

  it('should express durations in milliseconds', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(20_000);
    expect(UNPAID_ORDER_CANCEL_MS).toBe(2 * 60 * 60 * 1000);
    expect(PAY_METHOD_LOCK_MS).toBe(24 * 60 * 60 * 1000);
    expect(SECURITY_FREEZE_MS).toBe(24 * 60 * 60 * 1000);
    expect(MINER_INACTIVE_MS).toBe(15 * 60 * 1000);
    expect(MINER_DEAD_MS).toBe(24 * 60 * 60 * 1000);
    expect(NEW_WORKER_VISIBLE_MS).toBe(60_000);
  });

  it('should re-export the default language and fix the default zone and currency', () => {
    expect(DEFAULT_LANGUAGE).toBe(LANGUAGES_DEFAULT);
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(DEFAULT_TIMEZONE).toBe('UTC+00:00');
    expect([BASE_CURRENCY, BASE_CURRENCY_RATE, BASE_CURRENCY_SYMBOL]).toEqual([
      'CNY',
      '1.000000',
      '￥',
    ]);
  });

  it('should hold the chart patterns of the spec', () => {
    expect(CHART_TIME_PATTERNS).toEqual({
      axisTime: 'HH:mm',
      axisDate: 'MM-DD',
      tooltipDateTime: 'YYYY-MM-DD HH:mm:ss',
      tooltipDate: 'YYYY-MM-DD',
    });
  });
});
