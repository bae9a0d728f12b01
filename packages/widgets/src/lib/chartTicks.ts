/**
 * Axis ticks for PoolKit's charts, computed here rather than by d3 so that time ticks fall on
 * whole hours and midnights of the user's `UTC±hh:mm` zone (d3's time scale would use the
 * browser's zone) and value ticks are the same ones the chart's crosshair reads.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Tick spacings tried in order, shortest first. */
const TIME_STEPS_MS = [
  15 * 60_000,
  30 * 60_000,
  HOUR_MS,
  2 * HOUR_MS,
  3 * HOUR_MS,
  4 * HOUR_MS,
  6 * HOUR_MS,
  12 * HOUR_MS,
  DAY_MS,
  2 * DAY_MS,
  3 * DAY_MS,
  7 * DAY_MS,
  14 * DAY_MS,
  30 * DAY_MS,
];

/**
 * Times between `start` and `end` (epoch ms) at round steps of the zone's wall clock, at most
 * `maxTicks` of them.
 *
 * @param offsetMinutes - the zone's offset from UTC, east positive
 */
export function timeTicks(
  start: number,
  end: number,
  maxTicks: number,
  offsetMinutes: number,
): number[] {
  if (!(end > start) || maxTicks < 1) return [];
  const span = end - start;
  const step =
    TIME_STEPS_MS.find((candidate) => span / candidate <= maxTicks) ??
    Math.ceil(span / maxTicks / DAY_MS) * DAY_MS;
  const offsetMs = offsetMinutes * 60_000;
  // Wall-clock multiples of the step: shift into the zone, round up, shift back.
  let tick = Math.ceil((start + offsetMs) / step) * step - offsetMs;
  const ticks: number[] = [];
  while (tick <= end) {
    ticks.push(tick);
    tick += step;
  }
  return ticks;
}

/** A "nice" step (1, 2, 2.5 or 5 × 10ⁿ) at least `rough`. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice =
    fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Value ticks from 0 up to a round top at or above `max`. */
export interface ValueTicks {
  /** The top of the axis (≥ `max`). */
  top: number;
  /** `0, step, 2·step, … top`. */
  ticks: number[];
}

/**
 * Ticks for a value axis that starts at zero: about `count` steps up to a round top at or above
 * `max`. A `max` of 0 (or less, or not finite) gives the axis 0–1.
 */
export function valueTicks(max: number, count = 4): ValueTicks {
  if (!Number.isFinite(max) || max <= 0) return { top: 1, ticks: [0, 0.25, 0.5, 0.75, 1] };
  const step = niceStep(max / count);
  const steps = Math.ceil(max / step - 1e-9);
  const ticks: number[] = [];
  for (let index = 0; index <= steps; index += 1) ticks.push(index * step);
  return { top: steps * step, ticks };
}
