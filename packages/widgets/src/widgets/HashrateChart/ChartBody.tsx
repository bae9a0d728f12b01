import { formatInTimezone, type HashratePoint } from '@poolkit/core';
import { AreaSeries, buildChartTheme, LineSeries, XYChart } from '@visx/xychart';
import { memo, useMemo } from 'react';
import type { ColorName } from '../../lib/useThemeColors';
import * as styles from './HashrateChart.css';
import {
  type ChartModel,
  HALF_TICK_LABEL,
  MARGIN_BOTTOM,
  MARGIN_RIGHT,
  MARGIN_TOP,
  timeOf,
} from './hashrateModel';

export interface ChartBodyProps {
  model: ChartModel;
  width: number;
  height: number;
  timezone: string;
  colors: Record<ColorName, string>;
  gradientId: string;
}
/** The drawing itself (axes, grid, series); memoised so that crosshair moves do not redraw the series. */
export const ChartBody = memo(function ChartBody({
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
