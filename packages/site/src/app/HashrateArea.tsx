import { CHART_TIME_PATTERNS, formatInTimezone, scaleHashrateSeries } from '@poolkit/core';
import { lightTokens } from '@poolkit/widgets';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './ui';

/** One point of a hashrate chart. */
export interface HashrateAreaPoint {
  time: number;
  hashrate: number;
}

const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 24, left: 84 };

/**
 * A small hashrate area chart (a soft gradient under a 1.5 px accent line, y-axis in an
 * auto-scaled unit), used until the widgets' HashrateChart is exported.
 */
export function HashrateArea({
  points,
  label,
}: {
  points: readonly HashrateAreaPoint[];
  label: string;
}) {
  const { t } = useTranslation();
  const gradientId = useId();
  const frame = useRef<HTMLElement>(null);
  // Drawn at the frame's real width, so labels keep their size on phones and desktops.
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = frame.current;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(240, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  if (points.length < 2) return <EmptyState text={t('site.common.noChartData')} />;
  const scaled = scaleHashrateSeries(points.map((point) => point.hashrate));
  const values = scaled.values;
  const max = Math.max(...values, 0) || 1;
  const first = points[0]?.time ?? 0;
  const last = points[points.length - 1]?.time ?? first + 1;
  const span = last - first || 1;
  const x = (time: number) => PAD.left + ((time - first) / span) * (width - PAD.left - PAD.right);
  const y = (value: number) =>
    HEIGHT - PAD.bottom - (value / max) * (HEIGHT - PAD.top - PAD.bottom);
  const line = points
    .map(
      (point, index) =>
        `${index === 0 ? 'M' : 'L'}${x(point.time).toFixed(1)},${y(values[index] ?? 0).toFixed(1)}`,
    )
    .join(' ');
  const area = `${line} L${x(last).toFixed(1)},${HEIGHT - PAD.bottom} L${PAD.left},${HEIGHT - PAD.bottom} Z`;
  const ticks = [0, 0.5, 1].map((ratio) => max * ratio);
  const accent = lightTokens.color.accent;
  const muted = lightTokens.color.textMuted;
  const axisPattern =
    span > 86_400_000 ? CHART_TIME_PATTERNS.axisDate : CHART_TIME_PATTERNS.axisTime;
  return (
    <figure style={{ margin: 0 }} ref={frame}>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} width="100%" role="img" aria-label={label}>
        <defs>
          <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor={accent} stopOpacity="0.35" />
            <stop offset="100%" stopColor={accent} stopOpacity="0.02" />
          </linearGradient>
        </defs>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={width - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke={lightTokens.color.border}
            />
            <text x={PAD.left - 6} y={y(tick) + 4} fontSize="10" textAnchor="end" fill={muted}>
              {`${tick.toFixed(tick >= 100 ? 0 : 2)} ${scaled.unit}`}
            </text>
          </g>
        ))}
        <path d={area} fill={`url(#${CSS.escape(gradientId)})`} />
        <path d={line} fill="none" stroke={accent} strokeWidth="1.5" />
        <text x={PAD.left} y={HEIGHT - 6} fontSize="10" fill={muted}>
          {formatInTimezone(first, undefined, axisPattern)}
        </text>
        <text x={width - PAD.right} y={HEIGHT - 6} fontSize="10" fill={muted} textAnchor="end">
          {formatInTimezone(last, undefined, axisPattern)}
        </text>
      </svg>
    </figure>
  );
}
