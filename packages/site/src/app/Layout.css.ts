import { vars } from '@poolkit/widgets';
import { style } from '@vanilla-extract/css';

export const shell = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.family,
});

export const main = style({
  flex: 1,
  width: '100%',
  // At least a screen tall: the footer starts below the fold, so a page whose sections fill in
  // (skeletons first, then data) does not push a footer that was in view.
  minHeight: '100vh',
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
  padding: `${vars.space['6']} ${vars.space['4']}`,
});

export const skipLink = style({
  position: 'absolute',
  left: '-9999px',
  selectors: {
    '&:focus': {
      left: vars.space['2'],
      top: vars.space['2'],
      zIndex: 100,
      background: vars.color.surface,
      padding: vars.space['2'],
    },
  },
});

export const fallback = style({
  padding: vars.space['12'],
  textAlign: 'center',
  color: vars.color.textMuted,
});

export const errorFrame = style({
  maxWidth: 560,
  margin: `${vars.space['12']} auto`,
  padding: vars.space['6'],
  textAlign: 'center',
  background: vars.color.surface,
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
});
