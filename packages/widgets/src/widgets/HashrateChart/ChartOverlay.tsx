import { formatHashrate, formatInTimezone } from '@poolkit/core';
import { type KeyboardEvent, type PointerEvent, useState } from 'react';
import { nearestIndex } from '../../lib/lttb';
import type { ColorName } from '../../lib/useThemeColors';
import * as styles from './HashrateChart.css';
import { type ChartModel, type DrawnSeries, KIND_COLOR, MARGIN_TOP, timeOf } from './hashrateModel';

/** A series' colour and stroke (dashed for an average), in the legend and the tooltip. */
function Swatch({ entry, colors }: { entry: DrawnSeries; colors: Record<ColorName, string> }) {
  return (
    <span
      className={styles.swatch}
      style={{
        borderTopColor: colors[KIND_COLOR[entry.kind]],
        borderTopStyle: entry.kind === 'average' ? 'dashed' : 'solid',
      }}
    />
  );
}

/** The drawn series' names with their swatches. */
export function ChartLegend({
  model,
  colors,
}: {
  model: ChartModel;
  colors: Record<ColorName, string>;
}) {
  return (
    <ul className={styles.legend}>
      {model.drawn.map((entry) => (
        <li key={entry.key} className={styles.legendItem}>
          <Swatch entry={entry} colors={colors} />
          {entry.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * The crosshair's instant (a point of the lead series, `null` when hidden) and the pointer and
 * key handlers that move it.
 */
export function useCrosshair(model: ChartModel | null, innerWidth: number) {
  const [activeTime, setActiveTime] = useState<number | null>(null);
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

  return { activeTime, setActiveTime, handlePointerMove, handleKeyDown };
}

/** Props of {@link PlotOverlay}. */
export interface PlotOverlayProps {
  model: ChartModel;
  width: number;
  innerWidth: number;
  innerHeight: number;
  colors: Record<ColorName, string>;
  timezone: string;
  baseUnit: string;
  /** The slider's name: the chart's title and span. */
  ariaLabel: string;
  /** What the slider says while the crosshair is hidden. */
  hint: string;
  crosshair: ReturnType<typeof useCrosshair>;
}

/**
 * Over the drawing, a slider over time: ←/→ move the crosshair, its value text reads the point;
 * the crosshair shows a dot on every series and a tooltip with the full time and each value.
 */
export function PlotOverlay({
  model,
  width,
  innerWidth,
  innerHeight,
  colors,
  timezone,
  baseUnit,
  ariaLabel,
  hint,
  crosshair,
}: PlotOverlayProps) {
  const { activeTime, setActiveTime, handlePointerMove, handleKeyDown } = crosshair;
  const lead = model.lead;
  const active =
    activeTime !== null && activeTime >= model.start && activeTime <= model.end
      ? model.drawn.map((entry) => {
          const point = entry.points[nearestIndex(entry.points, activeTime, timeOf)];
          return { entry, point };
        })
      : null;
  const xOf = (time: number) =>
    model.marginLeft + ((time - model.start) / (model.end - model.start)) * innerWidth;
  const yOf = (hashrate: number) =>
    MARGIN_TOP + innerHeight * (1 - hashrate / model.divisor / model.top);
  const activeX = activeTime === null ? 0 : xOf(activeTime);
  const activeIndex =
    lead && activeTime !== null ? nearestIndex(lead.points, activeTime, timeOf) : -1;
  const timeText =
    activeTime !== null ? formatInTimezone(activeTime, timezone, model.tooltipPattern) : '';
  const summary = active
    ? `${timeText}: ${active
        .map(
          ({ entry, point }) =>
            `${entry.label} ${point ? formatHashrate(point.hashrate, baseUnit) : '--'}`,
        )
        .join(', ')}`
    : '';

  return (
    <div
      className={styles.overlay}
      role="slider"
      tabIndex={0}
      aria-label={ariaLabel}
      aria-valuemin={0}
      aria-valuemax={Math.max(0, (lead?.points.length ?? 1) - 1)}
      aria-valuenow={activeIndex < 0 ? Math.max(0, (lead?.points.length ?? 1) - 1) : activeIndex}
      aria-valuetext={summary || hint}
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
                <Swatch entry={entry} colors={colors} />
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
  );
}
