import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/media';

/** The carousel: the slide on top, the controls below it. */
export const carousel = style({
  display: 'grid',
  // As wide as its container, never as wide as a picture's own size (the stage's 3:1 height
  // follows the width, so a wider picture would also change the height between slides).
  gridTemplateColumns: 'minmax(0, 1fr)',
  minWidth: 0,
  gap: vars.space['2'],
});

/** One picture high (3:1), whatever the slide. */
export const stage = style({
  position: 'relative',
  overflow: 'hidden',
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  aspectRatio: '3 / 1',
});

export const slide = style({
  position: 'absolute',
  inset: 0,
  opacity: 0,
  visibility: 'hidden',
  // A slide leaving fades, then hides; the one coming shows at once and fades in.
  transition: 'opacity 400ms ease, visibility 0s linear 400ms',
  '@media': { [media.reducedMotion]: { transition: 'none' } },
  selectors: {
    '&[data-current="true"]': {
      opacity: 1,
      visibility: 'visible',
      transition: 'opacity 400ms ease, visibility 0s',
    },
  },
});

export const still = style({ transition: 'none' });

export const link = style({
  display: 'block',
  height: '100%',
  color: 'inherit',
  textDecoration: 'none',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
  },
});

export const image = style({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

/** The caption over the picture's foot, on a shade that keeps it readable. */
export const caption = style({
  position: 'absolute',
  insetInline: 0,
  bottom: 0,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  background: 'linear-gradient(transparent, rgba(0, 0, 0, 0.72))',
  color: '#fff',
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
});

export const controls = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
});

export const dots = style({
  display: 'flex',
  gap: vars.space['1'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** A dot: 24 px to hit, a 10 px circle to see. */
export const dot = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '24px',
  height: '24px',
  padding: 0,
  border: 'none',
  background: 'transparent',
  cursor: 'pointer',
  '::before': {
    content: '""',
    width: '10px',
    height: '10px',
    borderRadius: vars.radius.round,
    border: `1px solid ${vars.color.borderStrong}`,
    background: vars.color.surface,
  },
  selectors: {
    '&[aria-current="true"]::before': {
      background: vars.color.brand,
      borderColor: vars.color.brand,
    },
    '&:focus-visible': {
      outline: `2px solid ${vars.color.focus}`,
      borderRadius: vars.radius.round,
    },
  },
});
