import { DEFAULT_TIMEZONE, isTimezone } from '@poolkit/core';
import { type ReactNode, useId, useMemo, useState } from 'react';
import {
  type DataWidgetProps,
  ErrorBlock,
  LoadingBlock,
  MessageBlock,
} from '../../components/DataState/DataState';
import { cx } from '../../internal/cx';
import { useControllableState } from '../../internal/useControllableState';
import { useElementWidth } from '../../lib/useElementWidth';
import { useLabels } from '../../lib/useMiningT';
import { useThemeColors } from '../../lib/useThemeColors';
import * as widget from '../../lib/widget.css';
import { ChartBody } from './ChartBody';
import { ChartLegend, PlotOverlay, useCrosshair } from './ChartOverlay';
import * as styles from './HashrateChart.css';
import {
  buildModel,
  COLOR_NAMES,
  DEFAULT_RANGES,
  type HashrateChartLabelKey,
  type HashrateChartSeries,
  type HashrateRange,
  MARGIN_BOTTOM,
  MARGIN_RIGHT,
  MARGIN_TOP,
  RANGE_LABEL,
  RANGE_MS,
} from './hashrateModel';

export {
  type HashrateChartLabelKey,
  type HashrateChartSeries,
  type HashrateRange,
  type HashrateSeriesKind,
  minerHashrateSeries,
} from './hashrateModel';

/** Props of {@link HashrateChart}. */
export interface HashrateChartProps extends DataWidgetProps {
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
  /** The card's title. Default `t('mining.hashrate')`. */
  title?: string;
  /** Controls in the card's header before the range buttons, e.g. a pool picker. Default none. */
  toolbar?: ReactNode;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<HashrateChartLabelKey, string>>;
}
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
  const crosshair = useCrosshair(model, innerWidth);

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
    body = (
      <>
        {model ? <ChartLegend model={model} colors={colors} /> : null}
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
              <PlotOverlay
                model={model}
                width={width}
                innerWidth={innerWidth}
                innerHeight={innerHeight}
                colors={colors}
                timezone={timezone}
                baseUnit={baseUnit}
                ariaLabel={`${titleText}, ${label(RANGE_LABEL[currentRange])}`}
                hint={label('chartHint')}
                crosshair={crosshair}
              />
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
