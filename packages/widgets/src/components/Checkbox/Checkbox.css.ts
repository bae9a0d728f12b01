import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'inline-flex',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  fontSize: vars.font.size.sm,
  lineHeight: '20px',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.textMuted } },
});

export const control = style({
  position: 'relative',
  display: 'inline-flex',
  flexShrink: 0,
  marginTop: '2px',
});

// The native input stays on top of the drawn box: it takes the clicks and the focus.
export const input = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'inherit',
});

export const box = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxSizing: 'border-box',
  width: vars.size.iconSm,
  height: vars.size.iconSm,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: '4px',
  backgroundColor: vars.color.surface,
  color: vars.color.onBrand,
  pointerEvents: 'none',
  selectors: {
    [`${input}:focus-visible + &`]: {
      outline: `2px solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
    [`${input}:checked + &, ${input}:indeterminate + &`]: {
      backgroundColor: vars.color.brandText,
      borderColor: vars.color.brandText,
    },
    [`${input}[aria-invalid="true"] + &`]: { borderColor: vars.color.danger },
    [`${input}:disabled + &`]: { opacity: 0.6 },
  },
});

// The mark sits inside the box with a little air around it.
export const mark = style({
  width: `calc(${vars.size.iconSm} - ${vars.space['1']})`,
  height: `calc(${vars.size.iconSm} - ${vars.space['1']})`,
  strokeWidth: 3,
});

export const text = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const description = style({
  fontSize: vars.font.size.xs,
  lineHeight: '18px',
  color: vars.color.textMuted,
});
