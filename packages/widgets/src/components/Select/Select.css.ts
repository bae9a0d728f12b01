import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const trigger = recipe({
  base: {
    fontFamily: 'inherit',
    textAlign: 'start',
    cursor: 'pointer',
    selectors: {
      '&:focus-visible': {
        borderColor: vars.color.focus,
        outline: `1px solid ${vars.color.focus}`,
      },
      '&[data-disabled]': { cursor: 'not-allowed' },
    },
  },
  variants: {
    width: {
      full: { width: '100%' },
      auto: { width: 'auto', maxWidth: '100%' },
    },
  },
  defaultVariants: { width: 'full' },
});

export const value = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
  selectors: { '[data-placeholder] > &': { color: vars.color.textMuted } },
});

export const chevron = style({
  color: vars.color.textMuted,
  transition: `transform ${vars.motion.fast} ease`,
  selectors: { '[data-state="open"] > &': { transform: 'rotate(180deg)' } },
});
