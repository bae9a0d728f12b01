/**
 * The demo price feed: a bounded random walk around reference values, one step per clock
 * minute, deterministic under a seed. Each step's shock depends only on the seed, the asset
 * and the minute, so two server processes (or a test and its replay) that start from the same
 * price at the same minute reach the same price at every later minute.
 */
import Big from 'big.js';
import { hashUnit } from '../../engine/prng';

/** How far a price may drift from its reference: at most ±15 % (coins), ±3 % (currencies). */
export const COIN_BAND = 0.15;
export const CURRENCY_BAND = 0.03;
/** The largest move of one step, as a fraction (0.4 % for coins, 0.05 % for currencies). */
export const COIN_STEP = 0.004;
export const CURRENCY_STEP = 0.0005;
/** The pull back toward the reference per step (mean reversion), as a fraction of the gap. */
const REVERSION = 0.01;
/** Steps taken at most in one catch-up: a clock moved by days walks one day's minutes. */
export const MAX_STEPS = 1_440;
/** Significant digits a walked price keeps. */
const SIGNIFICANT = 8;

/** The walk's parameters for one asset. */
export interface WalkShape {
  /** The reference value the walk stays around (a positive decimal string). */
  readonly reference: string;
  /** The largest distance from the reference, as a fraction (0.15 = ±15 %). */
  readonly band: number;
  /** The largest move of one step, as a fraction. */
  readonly step: number;
}

/** A positive float as a decimal string with {@link SIGNIFICANT} significant digits. */
export function decimalOf(value: number): string {
  return new Big(value.toPrecision(SIGNIFICANT)).toFixed();
}

/**
 * The price after walking from `price` at minute `fromMinute` to minute `toMinute` (at most
 * {@link MAX_STEPS} steps, the last ones): each step pulls the log-distance from the
 * reference back by 1 % and adds a shock of up to ±`step`, then clamps it to ±`band`.
 *
 * @example
 * walkPrice({ reference: '100', band: 0.15, step: 0.004 }, '100', 7, 'btc', 0, 10)
 */
export function walkPrice(
  shape: WalkShape,
  price: string,
  seed: number,
  asset: string,
  fromMinute: number,
  toMinute: number,
): string {
  if (toMinute <= fromMinute) return price;
  const reference = Number(shape.reference);
  const limit = Math.log(1 + shape.band);
  let distance = Math.min(limit, Math.max(-limit, Math.log(Number(price) / reference)));
  const first = Math.max(fromMinute + 1, toMinute - MAX_STEPS + 1);
  for (let minute = first; minute <= toMinute; minute += 1) {
    const shock = (hashUnit(seed, asset, minute) * 2 - 1) * shape.step;
    distance = distance * (1 - REVERSION) + shock;
    distance = Math.min(limit, Math.max(-limit, distance));
  }
  return decimalOf(reference * Math.exp(distance));
}
