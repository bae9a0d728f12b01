import { vars } from '@poolkit/widgets';
import { style } from '@vanilla-extract/css';

export const hero = style({
  background: `linear-gradient(120deg, ${vars.color.brandText}, ${vars.color.brand})`,
  color: vars.color.onBrand,
  borderRadius: vars.radius.card,
  padding: vars.space['6'],
  marginBottom: vars.space['4'],
});
export const heroText = style({
  margin: `0 0 ${vars.space['4']}`,
  fontSize: vars.font.size.md,
  maxWidth: 640,
});
export const primaryCta = style({
  background: vars.color.surface,
  color: vars.color.brandText,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.control,
  textDecoration: 'none',
  fontWeight: vars.font.weight.medium,
});
export const secondaryCta = style({
  color: vars.color.onBrand,
  border: `1px solid ${vars.color.onBrand}`,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.control,
  textDecoration: 'none',
});
/** One row of pictures whatever their number: its height never depends on the data. */
export const slides = style({
  display: 'flex',
  gap: vars.space['4'],
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  listStyle: 'none',
  margin: `0 0 ${vars.space['4']}`,
  padding: 0,
});
export const slide = style({
  flex: '0 0 min(100%, 360px)',
  scrollSnapAlign: 'start',
  borderRadius: vars.radius.card,
  overflow: 'hidden',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});
export const slidePlaceholder = style({ background: vars.color.neutralSubtle });
export const slideLink = style({
  display: 'block',
  color: vars.color.text,
  textDecoration: 'none',
  ':hover': { color: vars.color.brandText },
});
/** Pictures are 3:1; the placeholder's box has the same shape. */
export const slideImage = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '3 / 1',
  objectFit: 'cover',
});
/** One line, cut with an ellipsis, so every slide (and the placeholder) has the same height. */
export const slideCaption = style({
  display: 'block',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  fontSize: vars.font.size.sm,
  lineHeight: 1.5,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});
export const newsList = style({
  margin: 0,
  paddingLeft: vars.space['4'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});
export const sectionTitle = style({
  fontSize: vars.font.size.lg,
  margin: `${vars.space['6']} 0 ${vars.space['3']}`,
});

/** The currency switch above the pool statistics, at the end. */
export const currency = style({
  display: 'flex',
  justifyContent: 'flex-end',
  marginBottom: vars.space['2'],
});

export const currencyField = style({ minWidth: '10rem' });

/** The announcement bar and the carousel, one above the other. */
export const island = style({
  display: 'grid',
  // One column no wider than the page: a picture's own width must not widen it on phones.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['3'],
  marginBottom: vars.space['4'],
});

/** The announcement bar's place while its chunk loads. */
export const barPlaceholder = style({
  minHeight: vars.size.controlMd,
  borderRadius: vars.radius.card,
  background: vars.color.neutralSubtle,
});

/** The carousel's place while its chunk loads: the 3:1 picture and the controls' row. */
export const sliderPlaceholder = style({
  marginBottom: `calc(${vars.space['2']} + 32px)`,
});

/**
 * The frame of the first picture, as the carousel's stage draws it (widgets' `Slider.css.ts`):
 * same border, corners and 3:1 box, so the picture keeps its place and size when the carousel
 * takes over (the same size also keeps it the page's largest paint, the LCP).
 */
export const sliderPosterFrame = style({
  overflow: 'hidden',
  aspectRatio: '3 / 1',
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.neutralSubtle,
});

/** The first picture, filling the frame like the carousel's pictures. */
export const sliderPoster = style({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});
