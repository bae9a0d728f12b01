import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const group = style({
  // A fieldset without its default frame.
  minInlineSize: 0,
  margin: 0,
  padding: 0,
  border: 'none',
  display: 'flex',
  gap: vars.space['2'],
  maxWidth: '100%',
});

export const box = style({
  flex: '1 1 0',
  minWidth: vars.size.controlSm,
  maxWidth: vars.size.controlLg,
  height: vars.size.controlLg,
  boxSizing: 'border-box',
  padding: 0,
  textAlign: 'center',
  fontFamily: 'inherit',
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.medium,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.control,
  caretColor: vars.color.focus,
  selectors: {
    '&:focus': {
      outline: `2px solid ${vars.color.focus}`,
      outlineOffset: '-1px',
      borderColor: vars.color.focus,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&[aria-invalid="true"]:focus': { outlineColor: vars.color.danger },
    '&:disabled': {
      backgroundColor: vars.color.background,
      color: vars.color.textMuted,
      cursor: 'not-allowed',
    },
  },
});
