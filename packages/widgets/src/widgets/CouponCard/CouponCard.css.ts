import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** A ticket look: a brand stripe on the leading edge, greyed when the coupon is spent. */
export const coupon = style({
  borderInlineStart: `4px solid ${vars.color.brand}`,
  selectors: {
    '&[data-state="used"], &[data-state="expired"]': {
      borderInlineStartColor: vars.color.borderStrong,
    },
  },
});

export const titleRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const reduction = style({
  margin: 0,
  fontSize: vars.font.size.xl,
  fontWeight: vars.font.weight.bold,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: 1.2,
});

export const code = style({
  fontFamily: vars.font.mono,
  fontSize: vars.font.size.xs,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});
