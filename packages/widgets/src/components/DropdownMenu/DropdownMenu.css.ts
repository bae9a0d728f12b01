import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const item = style({
  width: '100%',
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: 'inherit',
  textAlign: 'start',
  outline: 'none',
  selectors: {
    '&[data-tone="danger"]': { color: vars.color.danger },
    '&:focus-visible, &[data-active]': { backgroundColor: vars.color.surfaceHover },
  },
});

export const separator = style({
  height: '1px',
  border: 'none',
  margin: `${vars.space['1']} 0`,
  backgroundColor: vars.color.border,
});
