import { averageLuck, DEFAULT_TIMEZONE, formatPercent, type PoolBlock } from '@poolkit/core';
import type { ReactNode } from 'react';
import {
  type DataWidgetProps,
  ErrorBlock,
  LoadingBlock,
  MessageBlock,
} from '../../components/DataState/DataState';
import { cx } from '../../internal/cx';
import { useLabels } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import { formatZoned } from '../../lib/zonedTime';
import * as styles from './Luck.css';

/** What {@link Luck} reads from a block: its height, time and luck (1 = 100 %). */
export type LuckBlock = Pick<PoolBlock, 'height' | 'time' | 'luck'>;

/** Keys of the texts of {@link Luck}; each defaults to `t('mining.<key>')`. */
export type LuckLabelKey =
  | 'luck'
  | 'luckAverage'
  | 'luckAbove'
  | 'luckBelow'
  | 'luckChart'
  | 'luckBar'
  | 'luckOlder'
  | 'luckNewer'
  | 'luckEmpty'
  | 'luckLoading'
  | 'luckError'
  | 'retry';

/** Props of {@link Luck}. */
export interface LuckProps extends DataWidgetProps {
  /** Blocks newest first, as the API lists them; blocks without a luck yet are skipped. */
  blocks: readonly LuckBlock[];
  /** How many of the newest blocks to draw and average. Default `30`. */
  window?: number;
  /** The user's zone, `UTC±hh:mm`, for the block times in the bar titles. Default `'UTC+00:00'`. */
  timezone?: string;
  /** Height of the bars' area in CSS pixels. Default `96`. */
  chartHeight?: number;
  /** The card's title. Default `t('mining.luck')`. */
  title?: string;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<LuckLabelKey, string>>;
}

/** Bar pitch and width in viewBox units; the SVG stretches to the card's width. */
const PITCH = 10;
const BAR = 7;

/**
 * The luck of the pool's recent blocks as a compact chart and badge (DESIGN.md): bars around a
 * 100 % baseline, green above, amber below, oldest on the left; and the average over the window
 * with its word ("above" or "below 100 %"), computed by core's `averageLuck` (the mean effort,
 * so one very lucky block does not outweigh a long unlucky round). Each bar's title gives the
 * block, its time and its luck. Drawn as plain SVG: no chart engine, nothing animates.
 */
export function Luck({
  blocks,
  window = 30,
  timezone = DEFAULT_TIMEZONE,
  chartHeight = 96,
  loading = false,
  error,
  onRetry,
  title,
  headingLevel = 3,
  labels,
  className,
}: LuckProps) {
  const { label } = useLabels(labels);
  const Heading = `h${headingLevel}` as const;
  const recent = blocks
    .slice(0, Math.max(0, window))
    .filter(
      (block): block is LuckBlock & { luck: number } => block.luck !== null && block.luck > 0,
    );

  let body: ReactNode;
  if (loading) {
    body = <LoadingBlock label={label('luckLoading')} height={chartHeight + 56} />;
  } else if (error) {
    body = (
      <ErrorBlock
        error={error}
        fallback={label('luckError')}
        retryLabel={label('retry')}
        onRetry={onRetry}
      />
    );
  } else if (recent.length === 0) {
    body = <MessageBlock kind="empty" message={label('luckEmpty')} />;
  } else {
    const average = averageLuck(recent.map((block) => ({ effort: 1 / block.luck }))) ?? 100;
    const lucky = average >= 100;
    const bars = [...recent].reverse();
    // A log scale around the baseline: 200 % and 50 % stand equally far from 100 %. The span
    // covers the most extreme bar, at least ½×–2× and at most ¼×–4× (beyond, bars are clipped).
    const extreme = Math.max(...bars.map((block) => Math.abs(Math.log2(block.luck))));
    const span = Math.min(2, Math.max(1, extreme));
    const baseline = chartHeight / 2;
    const yOf = (luck: number) =>
      baseline - (Math.max(-span, Math.min(span, Math.log2(luck))) / span) * baseline;
    const above = bars.filter((block) => block.luck >= 1).length;
    body = (
      <>
        <div className={styles.badgeRow}>
          <span className={styles.average}>{formatPercent(average / 100)}</span>
          <span className={widget.statusTag} data-tone={lucky ? 'success' : 'warning'}>
            {label(lucky ? 'luckAbove' : 'luckBelow')}
          </span>
          <span className={widget.muted}>{label('luckAverage', { count: recent.length })}</span>
        </div>
        <div className={styles.chart}>
          <span className={styles.scaleLabel} style={{ top: 0 }} aria-hidden="true">
            {formatPercent(2 ** span, 0)}
          </span>
          <span className={styles.scaleLabel} style={{ top: chartHeight }} aria-hidden="true">
            {formatPercent(2 ** -span, 0)}
          </span>
          <svg
            className={styles.svg}
            role="img"
            aria-label={label('luckChart', {
              count: bars.length,
              above,
              below: bars.length - above,
            })}
            viewBox={`0 0 ${bars.length * PITCH} ${chartHeight}`}
            preserveAspectRatio="none"
            height={chartHeight}
          >
            {bars.map((block, index) => {
              const percent = block.luck * 100;
              const y = yOf(block.luck);
              return (
                <rect
                  key={block.height}
                  className={percent >= 100 ? styles.barAbove : styles.barBelow}
                  data-tone={percent >= 100 ? 'above' : 'below'}
                  x={index * PITCH + (PITCH - BAR) / 2}
                  y={Math.min(y, baseline)}
                  width={BAR}
                  height={Math.max(1, Math.abs(baseline - y))}
                >
                  <title>
                    {label('luckBar', {
                      height: block.height,
                      time: formatZoned(block.time, timezone, 'YYYY-MM-DD HH:mm'),
                      luck: formatPercent(block.luck),
                    })}
                  </title>
                </rect>
              );
            })}
            <line
              className={styles.baseline}
              x1={0}
              x2={bars.length * PITCH}
              y1={baseline}
              y2={baseline}
            />
          </svg>
          <span className={styles.baselineLabel} style={{ top: baseline }} aria-hidden="true">
            100%
          </span>
          <div className={styles.axis} aria-hidden="true">
            <span>{label('luckOlder')}</span>
            <span>{label('luckNewer')}</span>
          </div>
        </div>
        <ul className={styles.legend}>
          <li className={styles.legendItem}>
            <span className={cx(styles.legendSwatch, styles.swatchAbove)} />
            {label('luckAbove')}
          </li>
          <li className={styles.legendItem}>
            <span className={cx(styles.legendSwatch, styles.swatchBelow)} />
            {label('luckBelow')}
          </li>
        </ul>
      </>
    );
  }

  return (
    <section className={cx(widget.card, className)}>
      <div className={widget.header}>
        <Heading className={widget.title}>{title ?? label('luck')}</Heading>
      </div>
      {body}
    </section>
  );
}
