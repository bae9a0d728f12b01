import type { ReactElement } from 'react';
import * as styles from './rotationControls.css';

/** What a control of a rotating set does. */
export type RotationControlKind = 'previous' | 'next' | 'pause' | 'play';

const icons: Record<RotationControlKind, ReactElement> = {
  previous: <path d="m15 18-6-6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />,
  next: <path d="m9 18 6-6-6-6" fill="none" stroke="currentColor" strokeWidth="2" />,
  pause: <path d="M7 5h3v14H7zM14 5h3v14h-3z" fill="currentColor" />,
  play: <path d="M8 5v14l11-7z" fill="currentColor" />,
};

/**
 * A control of a carousel or ticker: an icon button named by `label`. Plain (no recipe), so the
 * widgets that rotate stay light for the pages that load them late.
 */
export function RotationControl({
  kind,
  label,
  onClick,
  controls,
}: {
  kind: RotationControlKind;
  label: string;
  onClick: () => void;
  /** The id of the element it changes (`aria-controls`). */
  controls?: string;
}) {
  return (
    <button
      type="button"
      className={styles.control}
      aria-label={label}
      aria-controls={controls}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        {icons[kind]}
      </svg>
    </button>
  );
}
