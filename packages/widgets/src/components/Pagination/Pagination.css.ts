import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/media';

export const nav = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  fontSize: vars.font.size.sm,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
  '@media': { [media.narrow]: { justifyContent: 'center' } },
});

export const total = style({ color: vars.color.textMuted });

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  minWidth: 0,
  alignItems: 'center',
  gap: vars.space['1'],
  '@media': { [media.narrow]: { gap: 0 } },
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const pageButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxSizing: 'border-box',
  minWidth: vars.size.controlSm,
  height: vars.size.controlSm,
  padding: `0 ${vars.space['2']}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.control,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { backgroundColor: vars.color.surfaceHover },
    '&[aria-current="page"]': {
      backgroundColor: vars.color.brandText,
      color: vars.color.onBrand,
      fontWeight: vars.font.weight.bold,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&:disabled': { cursor: 'not-allowed', color: vars.color.textMuted },
    '&[aria-current="page"]:disabled': { color: vars.color.onBrand },
  },
});

export const ellipsis = style({
  minWidth: vars.size.controlSm,
  '@media': { [media.narrow]: { minWidth: vars.space['4'] } },
  textAlign: 'center',
  color: vars.color.textMuted,
});

export const jumper = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  color: vars.color.textMuted,
});

export const jumpInput = style({
  boxSizing: 'border-box',
  width: `calc(${vars.size.controlLg} + ${vars.space['4']})`,
  height: vars.size.controlSm,
  padding: `0 ${vars.space['2']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.control,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'center',
  // No spinner arrows: the field is for typing a page number.
  MozAppearance: 'textfield',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-1px' },
    '&::-webkit-outer-spin-button, &::-webkit-inner-spin-button': {
      WebkitAppearance: 'none',
      margin: 0,
    },
  },
});
