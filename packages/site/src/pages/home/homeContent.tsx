import type { Announcement } from '@poolkit/core';
import { AnnouncementBar, type RenderLink, Slider, type SliderSlide } from '@poolkit/widgets';
import { ContentLink } from '../../app/ui';

/** Links of the site content open in the app when they are paths of the site. */
const renderLink: RenderLink = ({ href, className, children }) => (
  <ContentLink href={href} className={className}>
    {children}
  </ContentLink>
);

/** The home page's announcement bar (loaded with this chunk, after the first screen). */
export function HomeAnnouncementBar({ list }: { list: readonly Announcement[] }) {
  return <AnnouncementBar items={list} renderLink={renderLink} />;
}

/** The home page's carousel (loaded with this chunk, after the first screen). */
export function HomeSlider({ list, label }: { list: readonly SliderSlide[]; label: string }) {
  return <Slider slides={list} label={label} renderLink={renderLink} />;
}
