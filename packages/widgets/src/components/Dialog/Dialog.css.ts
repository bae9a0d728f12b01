import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/media';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const riseIn = keyframes({
  from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});

export const overlay = style({
  zIndex: vars.z.dialog,
  display: 'grid',
  placeItems: 'center',
  padding: vars.space['4'],
  backgroundColor: vars.color.overlay,
  animation: `${fadeIn} ${vars.motion.normal} ease-out`,
  '@media': {
    [media.narrow]: { padding: vars.space['3'] },
    [media.reducedMotion]: { animation: 'none' },
  },
});

export const panel = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  boxSizing: 'border-box',
  width: vars.size.dialog,
  maxWidth: '100%',
  maxHeight: `calc(100dvh - 2 * ${vars.space['8']})`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  borderRadius: vars.radius.card,
  boxShadow: vars.shadow.floating,
  outline: 'none',
  animation: `${riseIn} ${vars.motion.normal} ease-out`,
  '@media': {
    [media.narrow]: {
      width: vars.size.dialogNarrow,
      maxHeight: `calc(100dvh - 2 * ${vars.space['6']})`,
    },
    [media.reducedMotion]: { animation: 'none' },
  },
});

export const title = style({
  margin: 0,
  padding: `${vars.space['6']} ${vars.space['6']} 0`,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
  lineHeight: 1.3,
  overflowWrap: 'anywhere',
  outline: 'none',
  selectors: { '&[data-closable]': { paddingRight: vars.space['12'] } },
  '@media': { [media.narrow]: { padding: `${vars.space['4']} ${vars.space['4']} 0` } },
});

export const close = style({
  position: 'absolute',
  top: vars.space['4'],
  right: vars.space['4'],
  '@media': { [media.narrow]: { top: vars.space['3'], right: vars.space['3'] } },
});

export const body = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  padding: `${vars.space['3']} ${vars.space['6']} ${vars.space['6']}`,
  fontSize: vars.font.size.sm,
  lineHeight: 1.5,
  overflowWrap: 'anywhere',
  '@media': {
    [media.narrow]: { padding: `${vars.space['3']} ${vars.space['4']} ${vars.space['4']}` },
  },
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
});

export const description = style({
  margin: `0 0 ${vars.space['4']}`,
  color: vars.color.textMuted,
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  padding: `${vars.space['3']} ${vars.space['6']} ${vars.space['4']}`,
  borderTop: `1px solid ${vars.color.border}`,
  '@media': { [media.narrow]: { padding: `${vars.space['3']} ${vars.space['4']}` } },
});
