import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** A small square control of a rotating set (previous, pause, next), 32 px to hit. */
export const control = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '32px',
  height: '32px',
  padding: 0,
  border: '1px solid transparent',
  borderRadius: vars.radius.control,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover, color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
