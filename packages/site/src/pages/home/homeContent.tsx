import type { Announcement } from '@poolkit/core/contract';
import { AnnouncementBar, type RenderLink, Slider, type SliderSlide } from '@poolkit/widgets';

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
