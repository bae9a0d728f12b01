import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/media';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const slideFromLeft = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'none' },
});
const slideFromRight = keyframes({
  from: { transform: 'translateX(100%)' },
  to: { transform: 'none' },
});

export const overlay = style({
  zIndex: vars.z.dialog,
  backgroundColor: vars.color.overlay,
  animation: `${fadeIn} ${vars.motion.normal} ease-out`,
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});

export const panel = recipe({
  base: {
    position: 'fixed',
    top: 0,
    bottom: 0,
    display: 'flex',
    flexDirection: 'column',
    boxSizing: 'border-box',
    width: vars.size.drawer,
    maxWidth: '85vw',
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.text,
    boxShadow: vars.shadow.floating,
    outline: 'none',
    '@media': { [media.reducedMotion]: { animation: 'none' } },
  },
  variants: {
    side: {
      left: { left: 0, animation: `${slideFromLeft} ${vars.motion.normal} ease-out` },
      right: { right: 0, animation: `${slideFromRight} ${vars.motion.normal} ease-out` },
    },
  },
  defaultVariants: { side: 'left' },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['3']} ${vars.space['3']} ${vars.space['3']} ${vars.space['4']}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({
  flex: 1,
  minWidth: 0,
  margin: 0,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  overflowWrap: 'anywhere',
});

export const body = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  padding: vars.space['2'],
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
});

export const footer = style({
  padding: vars.space['4'],
  borderTop: `1px solid ${vars.color.border}`,
});
