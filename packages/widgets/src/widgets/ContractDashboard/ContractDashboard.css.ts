import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const view = style({ display: 'flex', flexDirection: 'column', gap: vars.space['4'] });

/** One card per coin, as many in a row as fit. */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
  gap: vars.space['4'],
});

export const chart = style({ margin: 0 });

export const bars = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['2'],
});

export const barRow = style({
  display: 'grid',
  gridTemplateColumns: '4em 1fr auto',
  alignItems: 'center',
  gap: vars.space['2'],
});

export const barLabel = style({ fontWeight: vars.font.weight.bold });

export const barTrack = style({
  height: vars.space['3'],
  background: vars.color.neutralSubtle,
  borderRadius: vars.radius.round,
  overflow: 'hidden',
});

export const bar = style({ display: 'block', height: '100%', background: vars.color.brand });

export const barValue = style({ fontVariantNumeric: 'tabular-nums' });

export const link = style({
  color: vars.color.brandText,
  fontWeight: vars.font.weight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
