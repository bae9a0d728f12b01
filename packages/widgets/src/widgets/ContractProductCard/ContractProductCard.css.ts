import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const titleRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  minWidth: 0,
});

/** The earnings estimate: the figure a buyer compares first, above the other figures. */
export const estimate = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.control,
  backgroundColor: vars.color.neutralSubtle,
});

export const estimateValue = style({
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.medium,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
});

export const link = style({
  color: vars.color.brandText,
  fontWeight: vars.font.weight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
