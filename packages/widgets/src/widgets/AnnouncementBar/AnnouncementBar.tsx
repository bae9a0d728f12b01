import { enContent } from '@poolkit/core';
import type { ReactNode } from 'react';
import { cx } from '../../internal/cx';
import { RotationControl } from '../../lib/rotationControls';
import { useMiningT } from '../../lib/useMiningT';
import { useRotation } from '../../lib/useRotation';
import * as styles from './AnnouncementBar.css';

/**
 * The English of this widget's texts (core's `content` group): `PoolKitProvider` holds only
 * the groups every widget shows.
 */
const ENGLISH = { content: enContent };

/** An announcement the bar shows (`GET /media/announcement/list`'s items fit). */
export interface AnnouncementBarItem {
  readonly id: string;
  readonly title: string;
  /** Where the announcement's text is; `null` when the title says it all. */
  readonly url: string | null;
}

/** How the host renders a link (its router's link); default a plain `<a>`. */
export type RenderLink = (link: {
  href: string;
  className: string;
  children: ReactNode;
}) => ReactNode;

/** Props of {@link AnnouncementBar}. */
export interface AnnouncementBarProps {
  /** The announcements, in order (pinned first). Nothing renders when empty. */
  items: readonly AnnouncementBarItem[];
  /** Milliseconds each announcement shows. Default 5000. */
  intervalMs?: number;
  /** Whether it rotates by itself. Default true (never under reduced motion). */
  autoplay?: boolean;
  /** Overrides the reader's `prefers-reduced-motion` (stories, tests). */
  reducedMotion?: boolean;
  /** Renders a link the host's way (in-app navigation). */
  renderLink?: RenderLink;
  /** Extra class. */
  className?: string;
}

const defaultLink: RenderLink = ({ href, className, children }) => (
  <a href={href} className={className}>
    {children}
  </a>
);

/**
 * The site's announcement bar, as big pools show above their home page: one announcement at a
 * time, each a link when it has a page, moving to the next every few seconds. It holds still
 * while the pointer is over it or the focus is in it, has a pause button, and under
 * `prefers-reduced-motion: reduce` neither moves by itself nor animates; previous and next
 * buttons step through by hand. While it rotates by itself it is not announced to screen
 * readers (`aria-live="off"`); moved by hand or paused, the new text is (`polite`).
 */
export function AnnouncementBar({
  items,
  intervalMs = 5000,
  autoplay = true,
  reducedMotion,
  renderLink = defaultLink,
  className,
}: AnnouncementBarProps) {
  const { t } = useMiningT(ENGLISH);
  const rotation = useRotation({ count: items.length, intervalMs, autoplay, reducedMotion });
  const item = items[rotation.index];
  if (item === undefined) return null;
  const many = items.length > 1;
  return (
    <section
      className={cx(styles.bar, className)}
      aria-label={t('content.announcementBar')}
      data-rotating={rotation.rotating}
      {...rotation.holdProps}
    >
      <span className={styles.label} aria-hidden="true">
        {t('content.announcementsShort')}
      </span>
      <div className={styles.viewport} aria-live={rotation.rotating ? 'off' : 'polite'}>
        <span
          key={item.id}
          className={cx(styles.item, rotation.reduced && styles.still)}
          data-testid="announcement-current"
        >
          {item.url === null
            ? item.title
            : renderLink({ href: item.url, className: styles.link, children: item.title })}
        </span>
      </div>
      {many ? (
        <div className={styles.controls}>
          <span className={styles.position}>
            {t('content.position', { index: rotation.index + 1, count: items.length })}
          </span>
          <RotationControl
            kind="previous"
            label={t('content.previousAnnouncement')}
            onClick={rotation.previous}
          />
          <RotationControl
            kind={rotation.paused ? 'play' : 'pause'}
            label={t(rotation.paused ? 'content.playAnnouncements' : 'content.pauseAnnouncements')}
            onClick={rotation.togglePaused}
          />
          <RotationControl
            kind="next"
            label={t('content.nextAnnouncement')}
            onClick={rotation.next}
          />
        </div>
      ) : null}
    </section>
  );
}
