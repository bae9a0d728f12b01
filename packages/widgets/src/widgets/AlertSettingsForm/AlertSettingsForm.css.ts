import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
  gap: vars.space['3'],
});

export const group = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  border: 'none',
  fontSize: vars.font.size.sm,
});

export const legend = style({
  padding: 0,
  marginBlockEnd: vars.space['2'],
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  color: vars.color.textMuted,
});

export const check = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  color: vars.color.text,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.regular,
});

export const error = style({ color: vars.color.danger, fontSize: vars.font.size.xs });

export const secretBox = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderRadius: vars.radius.control,
  backgroundColor: vars.color.neutralSubtle,
});

export const validationBox = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});

export const secret = style({
  fontFamily: vars.font.mono,
  fontSize: vars.font.size.xs,
  overflowWrap: 'anywhere',
  userSelect: 'all',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  alignItems: 'center',
});
