import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const groupLabel = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
});

export const items = recipe({
  base: { display: 'flex', gap: vars.space['2'] },
  variants: {
    orientation: {
      vertical: { flexDirection: 'column' },
      horizontal: { flexDirection: 'row', flexWrap: 'wrap', columnGap: vars.space['4'] },
    },
  },
});

export const radio = style({
  display: 'inline-flex',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  fontSize: vars.font.size.sm,
  lineHeight: '20px',
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.textMuted } },
});

export const control = style({
  position: 'relative',
  display: 'inline-flex',
  flexShrink: 0,
  marginTop: '2px',
});

export const input = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'inherit',
});

export const circle = style({
  boxSizing: 'border-box',
  width: vars.size.iconSm,
  height: vars.size.iconSm,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.round,
  backgroundColor: vars.color.surface,
  pointerEvents: 'none',
  selectors: {
    [`${input}:focus-visible + &`]: {
      outline: `2px solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
    [`${input}:checked + &`]: {
      borderColor: vars.color.brandText,
      borderWidth: '5px',
    },
    [`${input}:disabled + &`]: { opacity: 0.6 },
    [`[aria-invalid="true"] ${input} + &`]: { borderColor: vars.color.danger },
  },
});

export const text = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const description = style({
  fontSize: vars.font.size.xs,
  lineHeight: '18px',
  color: vars.color.textMuted,
});
