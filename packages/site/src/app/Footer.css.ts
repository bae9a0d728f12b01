import { vars } from '@poolkit/widgets';
import { style } from '@vanilla-extract/css';

export const footer = style({
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  marginTop: vars.space['8'],
});
export const inner = style({
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
  padding: `${vars.space['6']} ${vars.space['4']}`,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  alignItems: 'center',
  justifyContent: 'space-between',
});
export const links = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['4'] });
export const link = style({
  color: vars.color.textMuted,
  textDecoration: 'none',
  fontSize: vars.font.size.sm,
});
export const copy = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.size.xs });
