import { useCallback, useEffect, useState } from 'react';
import { media, useMediaQuery } from '../theme/media';

/** Options of {@link useRotation}. */
export interface RotationOptions {
  /** How many items rotate. */
  readonly count: number;
  /** Milliseconds each item shows while rotating. */
  readonly intervalMs: number;
  /** Whether it starts rotating by itself. */
  readonly autoplay: boolean;
  /** Overrides the reader's `prefers-reduced-motion` (stories and tests). */
  readonly reducedMotion?: boolean | undefined;
}

/** What {@link useRotation} answers. */
export interface Rotation {
  /** The item shown. */
  readonly index: number;
  /** Whether it moves by itself now (not paused, not hovered or focused, motion allowed). */
  readonly rotating: boolean;
  /** Whether it stays put: the reader paused it, or it never started (no autoplay, reduced motion). */
  readonly paused: boolean;
  /** Whether motion is reduced: no autoplay, no transitions. */
  readonly reduced: boolean;
  go(index: number): void;
  next(): void;
  previous(): void;
  /** The pause button: pauses, or plays again. */
  togglePaused(): void;
  /** Hover and focus hold the rotation while the reader is on it. */
  readonly holdProps: {
    onMouseEnter(): void;
    onMouseLeave(): void;
    onFocus(): void;
    onBlur(event: { currentTarget: Element; relatedTarget: EventTarget | null }): void;
  };
}

/**
 * The state of a rotating set (carousel, announcement ticker) following the WAI-ARIA carousel
 * pattern: it moves every `intervalMs` unless the reader paused it, is hovering it, or has the
 * focus inside it; under `prefers-reduced-motion: reduce` it never starts by itself (the reader
 * moves it with the buttons, or presses play).
 */
export function useRotation({
  count,
  intervalMs,
  autoplay,
  reducedMotion,
}: RotationOptions): Rotation {
  const prefersReduced = useMediaQuery(media.reducedMotion);
  const reduced = reducedMotion ?? prefersReduced;
  const [index, setIndex] = useState(0);
  // The reader's own choice (the pause button) wins over autoplay and reduced motion.
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = choice === 'pause' || (choice === null && (!autoplay || reduced));
  // Focus inside holds it, unless the reader pressed play (the button keeps the focus).
  const rotating = !paused && !hovered && (!focused || choice === 'play') && count > 1;
  const shown = count === 0 ? 0 : index % count;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((value) => (value + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [rotating, count, intervalMs]);

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);
  return {
    index: shown,
    rotating,
    paused,
    reduced,
    go,
    next: () => go(shown + 1),
    previous: () => go(shown - 1),
    togglePaused: () => setChoice(paused ? 'play' : 'pause'),
    holdProps: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event) => {
        if (
          !(
            event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)
          )
        )
          setFocused(false);
      },
    },
  };
}
