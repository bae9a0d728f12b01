import {
  chartTimePatterns,
  DEFAULT_TIMEZONE,
  formatHashrate,
  formatInTimezone,
  type HashratePoint,
  isTimezone,
  type MinerHashratePoint,
  scaleHashrateSeries,
} from '@poolkit/core';
import { AreaSeries, buildChartTheme, LineSeries, XYChart } from '@visx/xychart';
import {
  type KeyboardEvent,
  memo,
  type PointerEvent,
  type ReactNode,
  useId,
  useMemo,
  useState,
} from 'react';
import { cx } from '../../internal/cx';
import { useControllableState } from '../../internal/useControllableState';
import { timeTicks, valueTicks } from '../../lib/chartTicks';
import { lowerBound, lttb, nearestIndex } from '../../lib/lttb';
import { ErrorBlock, LoadingBlock, MessageBlock } from '../../lib/StateView';
import { useElementWidth } from '../../lib/useElementWidth';
import { useLabels } from '../../lib/useMiningT';
import { type ColorName, useThemeColors } from '../../lib/useThemeColors';
import * as widget from '../../lib/widget.css';
import { zoneOffsetMinutes } from '../../lib/zonedTime';
import * as styles from './HashrateChart.css';

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

/** Props of {@link HashrateChart}. */
export interface HashrateChartProps {
  /** The series to draw; the first `accepted` one (else the first) leads the crosshair. */
  series: readonly HashrateChartSeries[];
  /** The user's zone, `UTC±hh:mm`, for axis and tooltip times. Default `'UTC+00:00'`. */
  timezone?: string;
  /** The chosen span (controlled). */
  range?: HashrateRange;
  /** The first span (uncontrolled). Default `'24h'`. */
  defaultRange?: HashrateRange;
  /** Called when the user picks a span; fetch that span's points here. */
  onRangeChange?: (range: HashrateRange) => void;
  /** The spans offered, in order. Default `['24h', '7d', '30d']`. */
  ranges?: readonly HashrateRange[];
  /**
   * The instant (epoch ms) the shown span ends at. Default: the newest point. Points older than
   * `end - range` are not drawn, so one long series can serve every span.
   */
  end?: number;
  /** The coin's hashrate unit before prefixes: `'H/s'`, `'Sol/s'` or `'G/s'`. Default `'H/s'`. */
  baseUnit?: string;
  /** Height of the plot in CSS pixels. Default `280`. */
  height?: number;
  /** Shows a skeleton instead of the plot. Default `false`. */
  loading?: boolean;
  /** An error to show instead of the plot; `true` shows the generic message. Default none. */
  error?: ReactNode;
  /** Shows a retry button in the error state. */
  onRetry?: () => void;
  /** The card's title. Default `t('mining.hashrate')`. */
  title?: string;
  /** Heading level of the title. Default `3`. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Controls in the card's header before the range buttons, e.g. a pool picker. Default none. */
  toolbar?: ReactNode;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<HashrateChartLabelKey, string>>;
  /** Extra class on the card. */
  className?: string;
}

const DEFAULT_RANGES: readonly HashrateRange[] = ['24h', '7d', '30d'];
const HOUR_MS = 3_600_000;
const RANGE_MS: Record<HashrateRange, number> = {
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  '30d': 30 * 24 * HOUR_MS,
};
const RANGE_LABEL: Record<HashrateRange, HashrateChartLabelKey> = {
  '24h': 'range24h',
  '7d': 'range7d',
  '30d': 'range30d',
};
const KIND_COLOR: Record<HashrateSeriesKind, ColorName> = {
  accepted: 'accent',
  rejected: 'danger',
  average: 'brand',
};
const COLOR_NAMES: readonly ColorName[] = [
  'accent',
  'danger',
  'brand',
  'border',
  'textMuted',
  'surface',
];
const MARGIN_TOP = 24;
const MARGIN_RIGHT = 12;
const MARGIN_BOTTOM = 28;
/** Roughly one tick label (`MM-DD`, `HH:mm`) plus air, in pixels. */
const X_TICK_SPACING = 72;
/** Half the width of an `HH:mm` or `MM-DD` tick label. */
const HALF_TICK_LABEL = 20;
/** Width of one tabular digit of an 11 px tick label, generously. */
const DIGIT_WIDTH = 7;

const timeOf = (point: HashratePoint) => point.time;
const hashrateOf = (point: HashratePoint) => point.hashrate;

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

interface DrawnSeries {
  key: string;
  kind: HashrateSeriesKind;
  label: string;
  points: readonly HashratePoint[];
}

interface ChartModel {
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

function buildModel(
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

interface ChartBodyProps {
  model: ChartModel;
  width: number;
  height: number;
  timezone: string;
  colors: Record<ColorName, string>;
  gradientId: string;
}

/** The drawing itself; memoised so that crosshair moves do not redraw the series. */
const ChartBody = memo(function ChartBody({
  model,
  width,
  height,
  timezone,
  colors,
  gradientId,
}: ChartBodyProps) {
  const { start, end, top, divisor, marginLeft } = model;
  const innerWidth = Math.max(1, width - marginLeft - MARGIN_RIGHT);
  const innerHeight = Math.max(1, height - MARGIN_TOP - MARGIN_BOTTOM);
  const xOf = (time: number) => marginLeft + ((time - start) / (end - start)) * innerWidth;
  const yOf = (value: number) => MARGIN_TOP + innerHeight * (1 - value / top);
  const theme = useMemo(
    () =>
      buildChartTheme({
        backgroundColor: colors.surface,
        colors: [colors.accent, colors.danger, colors.brand],
        gridColor: colors.border,
        gridColorDark: colors.border,
        tickLength: 4,
      }),
    [colors],
  );
  const yAccessor = useMemo(() => (point: HashratePoint) => point.hashrate / divisor, [divisor]);
  const xScale = useMemo(
    () => ({ type: 'linear' as const, domain: [start, end], zero: false }),
    [start, end],
  );
  const yScale = useMemo(() => ({ type: 'linear' as const, domain: [0, top], zero: true }), [top]);
  return (
    <XYChart
      width={width}
      height={height}
      margin={{ top: MARGIN_TOP, right: MARGIN_RIGHT, bottom: MARGIN_BOTTOM, left: marginLeft }}
      xScale={xScale}
      yScale={yScale}
      theme={theme}
      captureEvents={false}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor={colors.accent} stopOpacity={0.32} />
          <stop offset="100%" stopColor={colors.accent} stopOpacity={0.02} />
        </linearGradient>
      </defs>
      <g className={styles.axisText} fill={colors.textMuted}>
        <text x={4} y={12}>
          {model.unit}
        </text>
        {model.yTicks.map((tick) => (
          <g key={tick}>
            <line
              x1={marginLeft}
              x2={width - MARGIN_RIGHT}
              y1={yOf(tick)}
              y2={yOf(tick)}
              stroke={colors.border}
              strokeWidth={1}
            />
            <text x={marginLeft - 6} y={yOf(tick)} dy="0.32em" textAnchor="end">
              {tick.toFixed(2)}
            </text>
          </g>
        ))}
        {model.xTicks.map((tick) => {
          const x = xOf(tick);
          // Labels at the very ends are anchored inwards so that they are not cut off.
          const anchor =
            x > width - HALF_TICK_LABEL ? 'end' : x < HALF_TICK_LABEL ? 'start' : 'middle';
          return (
            <text key={tick} x={x} y={height - 8} textAnchor={anchor}>
              {formatInTimezone(tick, timezone, model.axisPattern)}
            </text>
          );
        })}
      </g>
      {model.drawn.map((entry) =>
        entry.kind === 'accepted' ? (
          <AreaSeries
            key={entry.key}
            dataKey={entry.key}
            data={entry.points as HashratePoint[]}
            xAccessor={timeOf}
            yAccessor={yAccessor}
            fill={`url(#${gradientId})`}
            lineProps={{ stroke: colors.accent, strokeWidth: 1.5 }}
            enableEvents={false}
          />
        ) : (
          <LineSeries
            key={entry.key}
            dataKey={entry.key}
            data={entry.points as HashratePoint[]}
            xAccessor={timeOf}
            yAccessor={yAccessor}
            stroke={entry.kind === 'rejected' ? colors.danger : colors.brand}
            strokeWidth={entry.kind === 'rejected' ? 1 : 1.5}
            strokeDasharray={entry.kind === 'average' ? '5 4' : undefined}
            enableEvents={false}
          />
        ),
      )}
    </XYChart>
  );
});

/**
 * The hashrate chart of DESIGN.md: accepted hashrate as an area with a soft gradient under a
 * 1.5 px accent line, rejected hashrate as a thin danger line, averages dashed; a crosshair
 * with a tooltip that shows the full time and every series. Units scale from H/s to YH/s with
 * two decimals; axis times are `HH:mm` for a day and `MM-DD` beyond, in the user's zone.
 *
 * Large series stay fast: each series is cut to the shown span and downsampled to one point per
 * pixel (LTTB) before it is drawn, and nothing animates. The chart follows its container's
 * width. It never fetches: pick a span with the range switch and feed the points through
 * `series` (`onRangeChange` says when).
 *
 * Keyboard: focus the plot, then ←/→ move the crosshair, Home/End jump to the ends, Esc hides.
 */
export function HashrateChart({
  series,
  timezone: timezoneProp = DEFAULT_TIMEZONE,
  range,
  defaultRange = '24h',
  onRangeChange,
  ranges = DEFAULT_RANGES,
  end,
  baseUnit = 'H/s',
  height = 280,
  loading = false,
  error,
  onRetry,
  title,
  headingLevel = 3,
  toolbar,
  labels,
  className,
}: HashrateChartProps) {
  const { label } = useLabels(labels);
  const timezone = isTimezone(timezoneProp) ? timezoneProp : DEFAULT_TIMEZONE;
  const [currentRange, setRange] = useControllableState({
    value: range,
    defaultValue: defaultRange,
    onChange: onRangeChange,
  });
  const [plotRef, width] = useElementWidth<HTMLDivElement>();
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const colors = useThemeColors(root, COLOR_NAMES);
  const [activeTime, setActiveTime] = useState<number | null>(null);
  const baseId = useId();
  const titleText = title ?? label('hashrate');
  const Heading = `h${headingLevel}` as const;
  const rangeMs = RANGE_MS[currentRange];

  // Labels are resolved inside the memo from stable inputs; `label` itself changes every render.
  const acceptedLabel = label('seriesAccepted');
  const rejectedLabel = label('seriesRejected');
  const averageLabel = label('seriesAverage');
  const model = useMemo(() => {
    if (width === undefined || loading || error) return null;
    const names = { accepted: acceptedLabel, rejected: rejectedLabel, average: averageLabel };
    return buildModel(
      series,
      rangeMs,
      end,
      width,
      timezone,
      baseUnit,
      (entry) => entry.label ?? names[entry.kind],
    );
  }, [
    series,
    rangeMs,
    end,
    width,
    timezone,
    baseUnit,
    loading,
    error,
    acceptedLabel,
    rejectedLabel,
    averageLabel,
  ]);

  const innerWidth = model && width ? Math.max(1, width - model.marginLeft - MARGIN_RIGHT) : 1;
  const innerHeight = Math.max(1, height - MARGIN_TOP - MARGIN_BOTTOM);
  const lead = model?.lead;

  const moveTo = (time: number | null) => {
    if (time === null || !lead) {
      setActiveTime(null);
      return;
    }
    const index = nearestIndex(lead.points, time, timeOf);
    setActiveTime(lead.points[index]?.time ?? null);
  };

  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!model) return;
    const bounds = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - bounds.left - model.marginLeft;
    moveTo(model.start + (x / innerWidth) * (model.end - model.start));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!lead || lead.points.length === 0) return;
    const last = lead.points.length - 1;
    const current = activeTime === null ? -1 : nearestIndex(lead.points, activeTime, timeOf);
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = current < 0 ? last : Math.min(last, current + 1);
        break;
      case 'ArrowLeft':
        next = current < 0 ? last : Math.max(0, current - 1);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      case 'Escape':
        setActiveTime(null);
        return;
      default:
        return;
    }
    event.preventDefault();
    setActiveTime(lead.points[next]?.time ?? null);
  };

  let body: ReactNode;
  if (loading) {
    body = <LoadingBlock label={label('chartLoading')} height={height} />;
  } else if (error) {
    body = (
      <ErrorBlock
        error={error}
        fallback={label('chartError')}
        retryLabel={label('retry')}
        onRetry={onRetry}
        minHeight={height}
      />
    );
  } else if (width !== undefined && !model) {
    body = <MessageBlock kind="empty" message={label('chartEmpty')} minHeight={height} />;
  } else {
    const active =
      model && activeTime !== null && activeTime >= model.start && activeTime <= model.end
        ? model.drawn.map((entry) => {
            const point = entry.points[nearestIndex(entry.points, activeTime, timeOf)];
            return { entry, point };
          })
        : null;
    const xOf = (time: number) =>
      model
        ? model.marginLeft + ((time - model.start) / (model.end - model.start)) * innerWidth
        : 0;
    const yOf = (hashrate: number) =>
      model ? MARGIN_TOP + innerHeight * (1 - hashrate / model.divisor / model.top) : 0;
    const activeX = activeTime === null ? 0 : xOf(activeTime);
    const activeIndex =
      lead && activeTime !== null ? nearestIndex(lead.points, activeTime, timeOf) : -1;
    const timeText =
      model && activeTime !== null
        ? formatInTimezone(activeTime, timezone, model.tooltipPattern)
        : '';
    const summary = active
      ? `${timeText}: ${active
          .map(
            ({ entry, point }) =>
              `${entry.label} ${point ? formatHashrate(point.hashrate, baseUnit) : '--'}`,
          )
          .join(', ')}`
      : '';
    body = (
      <>
        {model ? (
          <ul className={styles.legend}>
            {model.drawn.map((entry) => (
              <li key={entry.key} className={styles.legendItem}>
                <span
                  className={styles.swatch}
                  style={{
                    borderTopColor: colors[KIND_COLOR[entry.kind]],
                    borderTopStyle: entry.kind === 'average' ? 'dashed' : 'solid',
                  }}
                />
                {entry.label}
              </li>
            ))}
          </ul>
        ) : null}
        <div ref={plotRef} className={styles.plot} style={{ height }}>
          {model && width ? (
            <>
              <div aria-hidden="true">
                <ChartBody
                  model={model}
                  width={width}
                  height={height}
                  timezone={timezone}
                  colors={colors}
                  gradientId={`${baseId}-area`}
                />
              </div>
              {/* The plot is a slider over time: ←/→ move the crosshair, the value text reads the point. */}
              <div
                className={styles.overlay}
                role="slider"
                tabIndex={0}
                aria-label={`${titleText}, ${label(RANGE_LABEL[currentRange])}`}
                aria-valuemin={0}
                aria-valuemax={Math.max(0, (lead?.points.length ?? 1) - 1)}
                aria-valuenow={
                  activeIndex < 0 ? Math.max(0, (lead?.points.length ?? 1) - 1) : activeIndex
                }
                aria-valuetext={summary || label('chartHint')}
                aria-orientation="horizontal"
                data-testid="hashrate-plot"
                onPointerMove={handlePointerMove}
                onPointerDown={handlePointerMove}
                onPointerLeave={() => setActiveTime(null)}
                onKeyDown={handleKeyDown}
                onBlur={() => setActiveTime(null)}
              >
                {active ? (
                  <>
                    <div
                      className={styles.crosshair}
                      style={{ left: activeX, top: MARGIN_TOP, height: innerHeight }}
                    />
                    {active.map(({ entry, point }) =>
                      point ? (
                        <span
                          key={entry.key}
                          className={styles.dot}
                          style={{
                            left: xOf(point.time),
                            top: yOf(point.hashrate),
                            backgroundColor: colors[KIND_COLOR[entry.kind]],
                          }}
                        />
                      ) : null,
                    )}
                    <div
                      role="tooltip"
                      className={styles.tooltip}
                      style={
                        activeX > width / 2
                          ? { right: width - activeX + 12, top: MARGIN_TOP }
                          : { left: activeX + 12, top: MARGIN_TOP }
                      }
                    >
                      <div className={styles.tooltipTime}>{timeText}</div>
                      {active.map(({ entry, point }) => (
                        <div key={entry.key} className={styles.tooltipRow}>
                          <span
                            className={styles.swatch}
                            style={{
                              borderTopColor: colors[KIND_COLOR[entry.kind]],
                              borderTopStyle: entry.kind === 'average' ? 'dashed' : 'solid',
                            }}
                          />
                          <span>{entry.label}</span>
                          <span className={styles.tooltipValue}>
                            {point ? formatHashrate(point.hashrate, baseUnit) : '--'}
                          </span>
                        </div>
                      ))}
                    </div>
                  </>
                ) : null}
              </div>
            </>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <section ref={setRoot} className={cx(widget.card, className)}>
      <div className={widget.header}>
        <Heading className={widget.title}>{titleText}</Heading>
        {toolbar ? <div className={styles.toolbar}>{toolbar}</div> : null}
        <fieldset className={widget.segmented}>
          <legend className={widget.srOnly}>{label('range')}</legend>
          {ranges.map((option) => (
            <button
              key={option}
              type="button"
              className={widget.segment}
              aria-pressed={option === currentRange}
              onClick={() => setRange(option)}
            >
              {label(RANGE_LABEL[option])}
            </button>
          ))}
        </fieldset>
      </div>
      {body}
    </section>
  );
}
