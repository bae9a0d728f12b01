import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  '@media': { '(max-width: 767px)': { flexDirection: 'column' } },
});

/** One step: a numbered dot and its word; done steps filled, the current one outlined. */
export const step = style({
  flex: '1 1 0',
  minWidth: 0,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
  selectors: {
    '&[data-state="done"]': { color: vars.color.text },
    '&[data-state="current"]': { color: vars.color.text, fontWeight: vars.font.weight.bold },
    '&[data-state="stopped"]': { color: vars.color.danger, fontWeight: vars.font.weight.bold },
  },
});

export const dot = style({
  flex: 'none',
  display: 'inline-grid',
  placeItems: 'center',
  width: vars.size.iconMd,
  height: vars.size.iconMd,
  borderRadius: vars.radius.round,
  border: `2px solid ${vars.color.borderStrong}`,
  fontSize: vars.font.size.xs,
  selectors: {
    [`${step}[data-state="done"] &`]: {
      background: vars.color.brand,
      borderColor: vars.color.brand,
      color: vars.color.onBrand,
    },
    [`${step}[data-state="current"] &`]: { borderColor: vars.color.brand },
    [`${step}[data-state="stopped"] &`]: { borderColor: vars.color.danger },
  },
});

export const hidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
});
