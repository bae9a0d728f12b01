import Big from 'big.js';
import {
  EMPTY_VALUE_TEXT,
  HASHRATE_DECIMALS,
  HASHRATE_UNIT_PREFIXES,
  HASHRATE_UNIT_STEP,
} from '../constants';
import { COIN_HASHRATE_UNITS, type HashrateBaseUnit } from '../domain/coinHashrateUnits';
import type { CoinId } from '../domain/coinIds';

/** The decimal maths here is exact, so `1e24` lands on exactly `1.00 YH/s`. */
const Decimal = Big();
Decimal.DP = 40;

const LAST_UNIT_INDEX = HASHRATE_UNIT_PREFIXES.length - 1;

/**
 * The units of a base unit from the base up to its Y-prefixed form, each step 1000.
 *
 * @param baseUnit - Default `'H/s'`; `'Sol/s'` gives `['Sol/s', 'KSol/s', …, 'YSol/s']`.
 */
export function hashrateUnits(baseUnit = 'H/s'): string[] {
  return HASHRATE_UNIT_PREFIXES.map((prefix) => `${prefix}${baseUnit}`);
}

/** A hashrate split for display: the number text and its unit, e.g. `{ value: '1.23', unit: 'MH/s' }`. */
export interface HashrateParts {
  value: string;
  unit: string;
}

/** Index of the largest unit whose step fits into `magnitude` (0 for values below 1000). */
function unitIndexFor(magnitude: Big): number {
  let index = 0;
  let threshold = new Decimal(HASHRATE_UNIT_STEP);
  while (index < LAST_UNIT_INDEX && magnitude.gte(threshold)) {
    index += 1;
    threshold = threshold.times(HASHRATE_UNIT_STEP);
  }
  return index;
}

function scaleFactor(index: number): Big {
  return new Decimal(HASHRATE_UNIT_STEP).pow(index);
}

/**
 * Splits a hashrate (in base units per second) into its display number and unit, for UIs that
 * style the unit differently. The unit is the largest whose value is at least 1, stepping by
 * 1000 from the base unit up to the Y prefix; values beyond Y stay in Y (`1e27` →
 * `'1000.00'` YH/s). Always two decimals, rounded half up; a value that would round to 1000.00
 * moves to the next unit (`999.999` → `'1.00'` KH/s).
 *
 * Sanity rules: `0` → `'0.00'` in the base unit; a negative value (a delta) keeps its sign and is
 * scaled by its magnitude (`-1500` → `'-1.50'` KH/s); `NaN` and `±Infinity` give the value
 * `'--'` in the base unit, so a broken figure never looks like a real one.
 *
 * @param baseUnit - Default `'H/s'`; any other base (`'Sol/s'`, `'gps'`) scales the same way.
 * @example
 * splitHashrate(1_234_567) // { value: '1.23', unit: 'MH/s' }
 */
export function splitHashrate(hashesPerSecond: number, baseUnit = 'H/s'): HashrateParts {
  if (!Number.isFinite(hashesPerSecond)) return { value: EMPTY_VALUE_TEXT, unit: baseUnit };
  const value = new Decimal(String(hashesPerSecond));
  let index = unitIndexFor(value.abs());
  let scaled = value.div(scaleFactor(index)).round(HASHRATE_DECIMALS, Big.roundHalfUp);
  if (index < LAST_UNIT_INDEX && scaled.abs().gte(HASHRATE_UNIT_STEP)) {
    index += 1;
    scaled = value.div(scaleFactor(index)).round(HASHRATE_DECIMALS, Big.roundHalfUp);
  }
  const text = scaled.eq(0)
    ? new Decimal(0).toFixed(HASHRATE_DECIMALS)
    : scaled.toFixed(HASHRATE_DECIMALS);
  return { value: text, unit: `${HASHRATE_UNIT_PREFIXES[index] ?? ''}${baseUnit}` };
}

/**
 * A hashrate for display: two decimals and the fitting unit from H/s to YH/s (steps of 1000).
 * See {@link splitHashrate} for zero, negative and non-finite values.
 *
 * @param baseUnit - Default `'H/s'`; e.g. `'Sol/s'` for Equihash coins (`'1.50 KSol/s'`).
 * @example
 * formatHashrate(1_234_567) // '1.23 MH/s'
 * formatHashrate(0) // '0.00 H/s'
 * formatHashrate(1000) // '1.00 KH/s'
 */
export function formatHashrate(hashesPerSecond: number, baseUnit = 'H/s'): string {
  const { value, unit } = splitHashrate(hashesPerSecond, baseUnit);
  return `${value} ${unit}`;
}

/**
 * The unit a coin's hashrates are counted in before prefixes: `'Sol/s'` for Zcash and Aleo,
 * `'gps'` (graphs per second) for Grin, `'H/s'` for the others (`COINS[coin].hashrateUnit`, read from
 * `COIN_HASHRATE_UNITS` so a page that formats hashrates does not load every coin's facts).
 *
 * @example
 * coinHashrateUnit('zec') // 'Sol/s'
 */
export function coinHashrateUnit(coin: CoinId): HashrateBaseUnit {
  return COIN_HASHRATE_UNITS[coin];
}

/**
 * A hashrate of a coin for display, in the coin's own unit: {@link formatHashrate} with
 * {@link coinHashrateUnit}. Every hashrate shown for a coin goes through its unit, so a Zcash
 * pool never reads in H/s.
 *
 * @example
 * formatCoinHashrate(214_350_000, 'zec') // '214.35 MSol/s'
 * formatCoinHashrate(9_460, 'grin-c32') // '9.46 Kgps'
 * formatCoinHashrate(2e18, 'btc') // '2.00 EH/s'
 */
export function formatCoinHashrate(value: number, coin: CoinId): string {
  return formatHashrate(value, coinHashrateUnit(coin));
}

/** A series scaled into one unit, for a chart axis. */
export interface ScaledHashrateSeries {
  /** The unit of every value, e.g. `'TH/s'`. */
  unit: string;
  /** What each input was divided by (`1e12` for TH/s). */
  divisor: number;
  /** The inputs divided by `divisor`; non-finite inputs are kept as they are (gaps). */
  values: number[];
}

/**
 * Picks ONE unit for a whole series (a chart axis), from the largest finite magnitude in it, so
 * every point is at most 1000 in that unit and the largest is at least 1 (unless all are below 1
 * base unit). Values are numbers for the chart, not rounded; format ticks with two decimals.
 * An empty series, or one without finite values, uses the base unit.
 *
 * @param baseUnit - Default `'H/s'`.
 * @example
 * scaleHashrateSeries([2e12, 5e11]) // { unit: 'TH/s', divisor: 1e12, values: [2, 0.5] }
 */
export function scaleHashrateSeries(
  values: readonly number[],
  baseUnit = 'H/s',
): ScaledHashrateSeries {
  let largest = 0;
  for (const value of values) {
    if (Number.isFinite(value)) largest = Math.max(largest, Math.abs(value));
  }
  const index = unitIndexFor(new Decimal(String(largest)));
  const divisor = HASHRATE_UNIT_STEP ** index;
  return {
    unit: `${HASHRATE_UNIT_PREFIXES[index] ?? ''}${baseUnit}`,
    divisor,
    values: values.map((value) => (Number.isFinite(value) ? value / divisor : value)),
  };
}
