import { keyframes, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space['2'],
    border: '1px solid transparent',
    borderRadius: vars.radius.control,
    fontFamily: 'inherit',
    fontWeight: vars.font.weight.medium,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: 'background-color 120ms ease, border-color 120ms ease',
    selectors: {
      '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
      '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
      // `aria-disabled` keeps a button focusable (e.g. while a countdown runs) but inert.
      '&[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
      // A busy button keeps its full colours (text contrast stays AA) and shows a spinner.
      '&[aria-busy="true"]': { cursor: 'progress' },
    },
  },
  variants: {
    variant: {
      primary: { backgroundColor: vars.color.brandText, color: vars.color.onBrand },
      secondary: {
        backgroundColor: vars.color.surface,
        color: vars.color.text,
        borderColor: vars.color.border,
      },
      ghost: { backgroundColor: 'transparent', color: vars.color.brandText },
      danger: { backgroundColor: vars.color.danger, color: vars.color.onDanger },
    },
    size: {
      sm: {
        height: vars.size.controlSm,
        padding: `0 ${vars.space['3']}`,
        fontSize: vars.font.size.xs,
      },
      md: {
        height: vars.size.controlMd,
        padding: `0 ${vars.space['4']}`,
        fontSize: vars.font.size.sm,
      },
      lg: {
        height: vars.size.controlLg,
        padding: `0 ${vars.space['6']}`,
        fontSize: vars.font.size.md,
      },
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  width: '1em',
  height: '1em',
  borderRadius: vars.radius.round,
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 700ms linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
