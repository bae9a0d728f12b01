import type { CSSProperties } from 'react';
import { cx } from '../../internal/cx';
import { visuallyHidden } from '../../internal/shared.css';
import { useMiningT } from '../../lib/useMiningT';
import { type SkeletonVariants, skeleton, stack } from './Skeleton.css';

/** Props of {@link Skeleton}. */
export interface SkeletonProps extends SkeletonVariants {
  /** Width as CSS (`'60%'`, `120`). Default `'100%'`. */
  width?: CSSProperties['width'];
  /** Height as CSS. Default: one line of text (`'1em'`), or `width` for a circle. */
  height?: CSSProperties['height'];
  /** Draws this many text lines, the last one shorter. Default `1`. */
  lines?: number;
  /**
   * Also tells screen readers that content is loading (`role="status"`). Use it on one skeleton
   * per loading region, not on each. Default `false`: skeletons are decorative.
   */
  announce?: boolean;
  /** The announced text. Default `t('widgets.loading')`. */
  label?: string;
  /** Extra class on each block. */
  className?: string;
}

/**
 * A grey placeholder in the shape of content that is loading (DESIGN.md: skeletons, not
 * spinners, for content). Hidden from screen readers unless `announce`.
 */
export function Skeleton({
  width = '100%',
  height,
  lines = 1,
  shape,
  announce = false,
  label,
  className,
}: SkeletonProps) {
  const { t } = useMiningT();
  const blockHeight = height ?? (shape === 'circle' ? width : '1em');
  const blocks = Array.from({ length: Math.max(1, lines) }, (_, index) => (
    <span
      // Lines are identical placeholders that never reorder.
      // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
      key={index}
      aria-hidden="true"
      className={cx(skeleton({ shape }), className)}
      style={{
        width: lines > 1 && index === lines - 1 ? '60%' : width,
        height: blockHeight,
      }}
    />
  ));
  const status = announce ? (
    <span role="status" className={visuallyHidden}>
      {label ?? t('widgets.loading')}
    </span>
  ) : null;
  if (lines > 1) {
    return (
      <span className={stack}>
        {blocks}
        {status}
      </span>
    );
  }
  return (
    <>
      {blocks}
      {status}
    </>
  );
}
