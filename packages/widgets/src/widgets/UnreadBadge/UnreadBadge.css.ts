import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** A small pill on the corner of the icon it sits on. */
export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '1.25rem',
  height: '1.25rem',
  paddingInline: vars.space['1'],
  borderRadius: vars.radius.round,
  background: vars.color.danger,
  color: vars.color.onDanger,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.bold,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: 1,
});
