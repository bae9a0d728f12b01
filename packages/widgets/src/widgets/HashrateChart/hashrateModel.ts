import {
  chartTimePatterns,
  type HashratePoint,
  type MinerHashratePoint,
  scaleHashrateSeries,
} from '@poolkit/core';
import { timeTicks, valueTicks } from '../../lib/chartTicks';
import { lowerBound, lttb } from '../../lib/lttb';
import type { ColorName } from '../../lib/useThemeColors';
import { zoneOffsetMinutes } from '../../lib/zonedTime';

/** The spans the range switch offers (spec: 24 h, 7 d, 30 d). */
export type HashrateRange = '24h' | '7d' | '30d';

/** How a series is drawn (DESIGN.md, charts). */
export type HashrateSeriesKind =
  /** An area with a soft gradient under a 1.5 px accent line. */
  | 'accepted'
  /** A thin line in the danger colour. */
  | 'rejected'
  /** A dashed line in the brand colour. */
  | 'average';

/** One series of a {@link HashrateChart}. */
export interface HashrateChartSeries {
  /** Unique among the chart's series. */
  key: string;
  /** How the series is drawn and which default label it gets. */
  kind: HashrateSeriesKind;
  /** Name in the legend and tooltip. Default: the kind's label (`mining.seriesAccepted`, …). */
  label?: string;
  /** Points oldest first, hashrates in the base unit per second (H/s unless `baseUnit` says). */
  points: readonly HashratePoint[];
}

/** Keys of the texts of {@link HashrateChart}; each defaults to `t('mining.<key>')`. */
export type HashrateChartLabelKey =
  | 'hashrate'
  | 'range'
  | 'range24h'
  | 'range7d'
  | 'range30d'
  | 'seriesAccepted'
  | 'seriesRejected'
  | 'seriesAverage'
  | 'chartLoading'
  | 'chartEmpty'
  | 'chartError'
  | 'chartHint'
  | 'retry';

export const DEFAULT_RANGES: readonly HashrateRange[] = ['24h', '7d', '30d'];
const HOUR_MS = 3_600_000;
export const RANGE_MS: Record<HashrateRange, number> = {
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  '30d': 30 * 24 * HOUR_MS,
};
export const RANGE_LABEL: Record<HashrateRange, HashrateChartLabelKey> = {
  '24h': 'range24h',
  '7d': 'range7d',
  '30d': 'range30d',
};
export const KIND_COLOR: Record<HashrateSeriesKind, ColorName> = {
  accepted: 'accent',
  rejected: 'danger',
  average: 'brand',
};
export const COLOR_NAMES: readonly ColorName[] = [
  'accent',
  'danger',
  'brand',
  'border',
  'textMuted',
  'surface',
];
export const MARGIN_TOP = 24;
export const MARGIN_RIGHT = 12;
export const MARGIN_BOTTOM = 28;
/** Roughly one tick label (`MM-DD`, `HH:mm`) plus air, in pixels. */
const X_TICK_SPACING = 72;
/** Half the width of an `HH:mm` or `MM-DD` tick label. */
export const HALF_TICK_LABEL = 20;
/** Width of one tabular digit of an 11 px tick label, generously. */
const DIGIT_WIDTH = 7;

export const timeOf = (point: HashratePoint) => point.time;
export const hashrateOf = (point: HashratePoint) => point.hashrate;

/**
 * Splits a miner's series (`MinerHashratePoint`: accepted hashrate and the rejected share of
 * the work) into an accepted and a rejected hashrate series for {@link HashrateChart}. The
 * rejected hashrate is `hashrate × r / (1 − r)`: the work that was rejected at the same pace.
 *
 * @example
 * const { accepted, rejected } = minerHashrateSeries(series.points);
 * <HashrateChart series={[{ key: 'a', kind: 'accepted', points: accepted }, { key: 'r', kind: 'rejected', points: rejected }]} />
 */
export function minerHashrateSeries(points: readonly MinerHashratePoint[]): {
  accepted: HashratePoint[];
  rejected: HashratePoint[];
} {
  const accepted: HashratePoint[] = [];
  const rejected: HashratePoint[] = [];
  for (const point of points) {
    accepted.push({ time: point.time, hashrate: point.hashrate });
    const rate = Math.min(point.reject_rate, 0.999);
    rejected.push({ time: point.time, hashrate: (point.hashrate * rate) / (1 - rate) });
  }
  return { accepted, rejected };
}
export interface DrawnSeries {
  key: string;
  kind: HashrateSeriesKind;
  label: string;
  points: readonly HashratePoint[];
}

export interface ChartModel {
  start: number;
  end: number;
  drawn: DrawnSeries[];
  lead: DrawnSeries | undefined;
  unit: string;
  divisor: number;
  top: number;
  yTicks: number[];
  xTicks: number[];
  marginLeft: number;
  axisPattern: string;
  tooltipPattern: string;
}

/** The series cut to the span and downsampled, with the scales and ticks to draw them; `null`: nothing to draw. */
export function buildModel(
  series: readonly HashrateChartSeries[],
  rangeMs: number,
  endProp: number | undefined,
  width: number,
  timezone: string,
  baseUnit: string,
  labelOf: (series: HashrateChartSeries) => string,
): ChartModel | null {
  let end = endProp ?? Number.NEGATIVE_INFINITY;
  if (endProp === undefined) {
    for (const entry of series) {
      const last = entry.points[entry.points.length - 1];
      if (last && last.time > end) end = last.time;
    }
  }
  if (!Number.isFinite(end)) return null;
  const start = end - rangeMs;
  // One point per pixel is all a screen can show; the margin is refined below.
  const threshold = Math.max(3, Math.floor(width - 64));
  let largest = 0;
  let spacing = Number.POSITIVE_INFINITY;
  const drawn: DrawnSeries[] = [];
  for (const entry of series) {
    const from = lowerBound(entry.points, start, timeOf);
    const to = lowerBound(entry.points, end + 1, timeOf);
    if (to - from < 1) continue;
    const inRange =
      from === 0 && to === entry.points.length ? entry.points : entry.points.slice(from, to);
    const points = lttb(inRange, threshold, timeOf, hashrateOf);
    for (const point of points) if (point.hashrate > largest) largest = point.hashrate;
    const first = inRange[0];
    const last = inRange[inRange.length - 1];
    if (first && last && inRange.length > 1) {
      spacing = Math.min(spacing, (last.time - first.time) / (inRange.length - 1));
    }
    drawn.push({ key: entry.key, kind: entry.kind, label: labelOf(entry), points });
  }
  if (drawn.length === 0) return null;
  const { unit, divisor } = scaleHashrateSeries([largest], baseUnit);
  const { top, ticks: yTicks } = valueTicks(largest / divisor, 4);
  const widestTick = Math.max(...yTicks.map((tick) => tick.toFixed(2).length));
  const marginLeft = 12 + widestTick * DIGIT_WIDTH;
  const innerWidth = Math.max(1, width - marginLeft - MARGIN_RIGHT);
  const patterns = chartTimePatterns(rangeMs, Number.isFinite(spacing) ? spacing : undefined);
  return {
    start,
    end,
    drawn,
    lead: drawn.find((entry) => entry.kind === 'accepted') ?? drawn[0],
    unit,
    divisor,
    top,
    yTicks,
    xTicks: timeTicks(
      start,
      end,
      Math.max(2, Math.floor(innerWidth / X_TICK_SPACING)),
      zoneOffsetMinutes(timezone),
    ),
    marginLeft,
    axisPattern: patterns.axis,
    tooltipPattern: patterns.tooltip,
  };
}
