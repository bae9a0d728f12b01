import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const group = style({
  // A fieldset without its frame; two dates need no more than this width.
  minInlineSize: 0,
  margin: 0,
  padding: 0,
  border: 'none',
  width: '100%',
  maxWidth: `calc(${vars.size.controlLg} * 8)`,
});

export const input = style({
  flex: '1 1 0',
  minWidth: 0,
  alignSelf: 'center',
  padding: 0,
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    // The native calendar follows the theme.
    '[data-theme="dark"] &': { colorScheme: 'dark' },
    '&:focus-visible': {
      outline: `2px solid ${vars.color.focus}`,
      outlineOffset: '2px',
      borderRadius: '2px',
    },
    '&::-webkit-calendar-picker-indicator': { cursor: 'pointer' },
  },
});

export const separator = style({ flexShrink: 0, color: vars.color.textMuted });
