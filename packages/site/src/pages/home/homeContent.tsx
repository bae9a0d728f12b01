import { type Announcement, loadLanguage } from '@poolkit/core';
import { AnnouncementBar, type RenderLink, Slider, type SliderSlide } from '@poolkit/widgets';
import type { i18n as I18n } from 'i18next';

/**
 * Loads the rest of the reader's messages (English beyond the first screen holds the widgets'
 * labels) before the island renders. Here rather than in the home page, so the first screen's
 * chunk does not import it.
 */
export function loadMessages(i18n: I18n): Promise<void> {
  return loadLanguage(i18n);
}

/** The home page's announcement bar (loaded with this chunk, after the first screen). */
export function HomeAnnouncementBar({
  list,
  renderLink,
}: {
  list: readonly Announcement[];
  renderLink: RenderLink;
}) {
  return <AnnouncementBar items={list} renderLink={renderLink} />;
}

/** The home page's carousel (loaded with this chunk, after the first screen). */
export function HomeSlider({
  list,
  label,
  renderLink,
}: {
  list: readonly SliderSlide[];
  label: string;
  renderLink: RenderLink;
}) {
  return <Slider slides={list} label={label} renderLink={renderLink} />;
}
