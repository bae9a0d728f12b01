import type { Placement } from '@floating-ui/react';
import type { ReactNode } from 'react';
import { cx } from '../../internal/cx';
import { IconButton } from '../IconButton/IconButton';
import { Tooltip } from '../Tooltip/Tooltip';
import * as styles from './HintText.css';

/** Props of {@link HintText}. */
export interface HintTextProps {
  /** The short text, e.g. an algorithm's name (`BLAKE3`). */
  children: ReactNode;
  /** What the text leaves out, shown in a tooltip. `null`, `undefined` or `''`: the text alone. */
  hint?: ReactNode;
  /** The accessible name of the info button, e.g. `t('mining.aboutAlgorithm', { name })`. */
  label: string;
  /** Where the tooltip appears; it flips when there is no room. Default `'top'`. */
  placement?: Placement;
  /** Extra class on the wrapper. */
  className?: string;
}

/**
 * A short text with an info button whose {@link Tooltip} holds the rest (hover, keyboard focus or
 * a tap): a table cell stays narrow and the detail stays one step away. Without a `hint` it is
 * the text alone. The button keeps the line's height, so rows with and without a hint align.
 *
 * @example
 * <HintText hint="Since DCP-0011; BLAKE-256 (14 rounds) before" label="About BLAKE3">BLAKE3</HintText>
 */
export function HintText({ children, hint, label, placement = 'top', className }: HintTextProps) {
  if (hint === null || hint === undefined || hint === '') {
    return <span className={className}>{children}</span>;
  }
  return (
    <span className={cx(styles.root, className)}>
      {children}
      <Tooltip content={hint} placement={placement}>
        <IconButton icon="info" size="sm" label={label} className={styles.button} />
      </Tooltip>
    </span>
  );
}
