import { CURRENCY_SYMBOLS, splitHashrate } from '@poolkit/core';
import type { ReactNode } from 'react';
import { cx } from '../internal/cx';
import * as styles from './widget.css';

/** One figure of a `<dl className={statGrid}>`: label above value. */
export function Stat({
  label,
  children,
  className,
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cx(styles.stat, className)}>
      <dt className={styles.statLabel}>{label}</dt>
      <dd className={styles.statValue}>{children}</dd>
    </div>
  );
}

/** A hashrate with two decimals and its unit in a lighter weight (`1.23` **MH/s**). */
export function HashrateValue({ value, baseUnit = 'H/s' }: { value: number; baseUnit?: string }) {
  const parts = splitHashrate(value, baseUnit);
  return (
    <>
      {parts.value}
      <span className={styles.unit}>{parts.unit}</span>
    </>
  );
}

/** The tones of a status tag (core's `StatusTone`). */
export type Tone = 'success' | 'warning' | 'danger' | 'neutral' | 'info';

/** A status: a dot in the tone's colour and the word beside it. */
export function StatusBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span className={styles.statusTag} data-tone={tone}>
      {children}
    </span>
  );
}

/** The symbol of a currency code for prices (core's table), or the code and a space when unknown. */
export function currencySymbol(code: string): string {
  return CURRENCY_SYMBOLS[code.toUpperCase()] ?? `${code} `;
}

const PREFIXES = ['', 'K', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y'];

/** A large count (a difficulty) with a metric prefix and two decimals: `113.76 T`. */
export function formatCompact(value: number): string {
  if (!Number.isFinite(value)) return '--';
  let index = 0;
  let scaled = Math.abs(value);
  while (scaled >= 1000 && index < PREFIXES.length - 1) {
    scaled /= 1000;
    index += 1;
  }
  const text = `${value < 0 ? '-' : ''}${scaled.toFixed(index === 0 ? 0 : 2)}`;
  return index === 0 ? text : `${text} ${PREFIXES[index]}`;
}
