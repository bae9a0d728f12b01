import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
});

export const label = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text,
  selectors: { [`${field}[data-disabled] &`]: { color: vars.color.textMuted } },
});

export const requiredMark = style({ color: vars.color.danger });

export const hint = style({
  margin: 0,
  lineHeight: 1.5,
  fontSize: vars.font.size.xs,
  color: vars.color.textMuted,
});

export const error = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['1'],
  margin: 0,
  fontSize: vars.font.size.xs,
  lineHeight: 1.5,
  color: vars.color.danger,
});

export const errorIcon = style({
  flexShrink: 0,
  width: `calc(${vars.size.iconSm} - 2px)`,
  height: `calc(${vars.size.iconSm} - 2px)`,
  marginTop: '2px',
});
