import type { ReactNode } from 'react';
import { cx } from '../../internal/cx';
import { dot, type StatusTagVariants, statusTag } from './StatusTag.css';

/** The colour family of a {@link StatusTag}. */
export type StatusTone = 'success' | 'warning' | 'danger' | 'neutral' | 'info';

/** Props of {@link StatusTag}. */
export interface StatusTagProps extends Omit<StatusTagVariants, 'tone'> {
  /** The colour: success (active), warning (inactive), danger (dead, failed), neutral, info. Default `'neutral'`. */
  tone?: StatusTone;
  /** The word, e.g. a translated `t('status.active')`. Required: colour is never the only signal. */
  children: ReactNode;
  /** Extra class on the tag. */
  className?: string;
}

/**
 * A status as a coloured dot and its word (DESIGN.md: the word always beside the colour). The
 * text keeps full contrast on every tone; only the dot and the tint carry the colour.
 */
export function StatusTag({ tone = 'neutral', size, children, className }: StatusTagProps) {
  return (
    <span className={cx(statusTag({ tone, size }), className)} data-tone={tone}>
      <span className={dot({ tone })} aria-hidden="true" />
      {children}
    </span>
  );
}
