import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const layout = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  alignItems: 'flex-start',
});

export const details = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  flex: '1 1 240px',
  minWidth: 0,
});

export const titleRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

/** The QR code: the theme's QR colours (dark on light in both themes), so every scanner reads it. */
export const qr = style({
  flex: '0 0 auto',
  display: 'block',
  borderRadius: vars.radius.control,
  border: `1px solid ${vars.color.border}`,
});

export const link = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
  padding: `${vars.space['1']} ${vars.space['1']} ${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.control,
  backgroundColor: vars.color.neutralSubtle,
});

export const url = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontFamily: vars.font.mono,
  fontSize: vars.font.size.xs,
  color: vars.color.text,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
