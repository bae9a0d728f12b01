import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const inputWrapper = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space['2'],
    width: '100%',
    minWidth: 0,
    boxSizing: 'border-box',
    backgroundColor: vars.color.surface,
    color: vars.color.text,
    border: `1px solid ${vars.color.borderStrong}`,
    borderRadius: vars.radius.control,
    transition: `border-color ${vars.motion.fast} ease`,
    selectors: {
      '&:hover:not([data-disabled])': { borderColor: vars.color.text },
      '&:focus-within': {
        borderColor: vars.color.focus,
        outline: `1px solid ${vars.color.focus}`,
      },
      '&[data-invalid]': { borderColor: vars.color.danger },
      '&[data-invalid]:focus-within': { outlineColor: vars.color.danger },
      '&[data-disabled]': {
        backgroundColor: vars.color.background,
        color: vars.color.textMuted,
        cursor: 'not-allowed',
      },
    },
  },
  variants: {
    size: {
      sm: {
        height: vars.size.controlSm,
        padding: `0 ${vars.space['2']}`,
        fontSize: vars.font.size.xs,
      },
      md: {
        height: vars.size.controlMd,
        padding: `0 ${vars.space['3']}`,
        fontSize: vars.font.size.sm,
      },
      lg: {
        height: vars.size.controlLg,
        padding: `0 ${vars.space['3']}`,
        fontSize: vars.font.size.md,
      },
    },
  },
  defaultVariants: { size: 'md' },
});

export type InputVariants = NonNullable<RecipeVariants<typeof inputWrapper>>;

export const input = style({
  flex: 1,
  minWidth: 0,
  height: '100%',
  padding: 0,
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&:disabled': { cursor: 'not-allowed' },
  },
});
