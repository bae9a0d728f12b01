import { enContent } from '@poolkit/core';
import { type KeyboardEvent, useId } from 'react';
import { cx } from '../../internal/cx';
import { RotationControl } from '../../lib/rotationControls';
import { useMiningT } from '../../lib/useMiningT';
import { useRotation } from '../../lib/useRotation';
import type { RenderLink } from '../AnnouncementBar/AnnouncementBar';
import * as styles from './Slider.css';

/**
 * The English of this widget's texts (core's `content` group): `PoolKitProvider` holds only
 * the groups every widget shows.
 */
const ENGLISH = { content: enContent };

/** A slide (`GET /sliders`'s items fit). */
export interface SliderSlide {
  readonly id: string;
  /** The caption, also the picture's text alternative. */
  readonly title: string;
  readonly image_url: string;
  /** Where a click goes; `null` for nowhere. */
  readonly link_url: string | null;
}

/** Props of {@link Slider}. */
export interface SliderProps {
  /** The slides in order. Nothing renders when empty. */
  slides: readonly SliderSlide[];
  /** The carousel's accessible name. Default `t('content.slides')`. */
  label?: string;
  /** Milliseconds each slide shows. Default 6000. */
  intervalMs?: number;
  /** Whether it moves by itself. Default true (never under reduced motion). */
  autoplay?: boolean;
  /** Overrides the reader's `prefers-reduced-motion` (stories, tests). */
  reducedMotion?: boolean;
  /** Renders a link the host's way (in-app navigation). */
  renderLink?: RenderLink;
  /** Extra class. */
  className?: string;
  /** Pixel size of the pictures, for the browser to reserve. Default 1200 × 400. */
  imageWidth?: number;
  imageHeight?: number;
}

const defaultLink: RenderLink = ({ href, className, children }) => (
  <a href={href} className={className}>
    {children}
  </a>
);

/**
 * The home page's carousel of pictures, after the WAI-ARIA carousel pattern: a region named
 * `label` (`aria-roledescription="carousel"`), each slide a group "2 of 3" with its caption, a
 * pause button first among the controls, previous and next buttons, and a dot per slide. The
 * arrow keys move it while the focus is in it (Home and End go to the ends). It moves every
 * few seconds unless paused, hovered or focused, never by itself under
 * `prefers-reduced-motion: reduce`, and the slides cross-fade only when motion is allowed.
 * Hidden slides are out of the tab order and of the accessibility tree.
 */
export function Slider({
  slides,
  label,
  intervalMs = 6000,
  autoplay = true,
  reducedMotion,
  renderLink = defaultLink,
  className,
  imageWidth = 1200,
  imageHeight = 400,
}: SliderProps) {
  const { t } = useMiningT(ENGLISH);
  const rotation = useRotation({ count: slides.length, intervalMs, autoplay, reducedMotion });
  const stageId = useId();
  if (slides.length === 0) return null;
  const many = slides.length > 1;

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const moves: Record<string, () => void> = {
      ArrowLeft: rotation.previous,
      ArrowRight: rotation.next,
      Home: () => rotation.go(0),
      End: () => rotation.go(slides.length - 1),
    };
    const move = many ? moves[event.key] : undefined;
    if (move === undefined) return;
    event.preventDefault();
    move();
  }

  return (
    <section
      className={cx(styles.carousel, className)}
      aria-roledescription={t('content.carousel')}
      aria-label={label ?? t('content.slides')}
      onKeyDown={onKeyDown}
      {...rotation.holdProps}
    >
      <div
        id={stageId}
        className={styles.stage}
        aria-live={rotation.rotating ? 'off' : 'polite'}
        data-testid="slider-stage"
      >
        {slides.map((slide, index) => {
          const current = index === rotation.index;
          const body = (
            <>
              <img
                className={styles.image}
                src={slide.image_url}
                alt=""
                width={imageWidth}
                height={imageHeight}
                loading={index === 0 ? 'eager' : 'lazy'}
              />
              <span className={styles.caption}>{slide.title}</span>
            </>
          );
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a form's fieldset.
            <div
              key={slide.id}
              role="group"
              aria-roledescription={t('content.slide')}
              aria-label={t('content.position', { index: index + 1, count: slides.length })}
              aria-hidden={!current}
              inert={current ? undefined : true}
              data-current={current}
              className={cx(styles.slide, rotation.reduced && styles.still)}
            >
              {slide.link_url === null
                ? body
                : renderLink({ href: slide.link_url, className: styles.link, children: body })}
            </div>
          );
        })}
      </div>
      {many ? (
        <div className={styles.controls}>
          <RotationControl
            kind={rotation.paused ? 'play' : 'pause'}
            label={t(rotation.paused ? 'content.playSlides' : 'content.pauseSlides')}
            onClick={rotation.togglePaused}
          />
          <RotationControl
            kind="previous"
            label={t('content.previousSlide')}
            controls={stageId}
            onClick={rotation.previous}
          />
          <ul className={styles.dots}>
            {slides.map((slide, index) => (
              <li key={slide.id}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-label={t('content.goToSlide', { index: index + 1, title: slide.title })}
                  aria-current={index === rotation.index}
                  aria-controls={stageId}
                  onClick={() => rotation.go(index)}
                />
              </li>
            ))}
          </ul>
          <RotationControl
            kind="next"
            label={t('content.nextSlide')}
            controls={stageId}
            onClick={rotation.next}
          />
        </div>
      ) : null}
    </section>
  );
}
