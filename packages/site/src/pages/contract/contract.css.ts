import { vars } from '@poolkit/widgets';
import { style } from '@vanilla-extract/css';

export const chart = style({ margin: 0 });
export const bars = style({
  listStyle: 'none',
  margin: `${vars.space['2']} 0 0`,
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

/** The wallet payment: a narrow column at the card's start. */
export const payForm = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  maxWidth: 420,
});
