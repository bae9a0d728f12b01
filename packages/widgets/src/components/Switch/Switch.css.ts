import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/media';

export const root = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'flex-start',
    gap: vars.space['3'],
    fontSize: vars.font.size.sm,
    lineHeight: '20px',
    color: vars.color.text,
    selectors: { '&[data-disabled]': { color: vars.color.textMuted } },
  },
  variants: {
    labelPosition: {
      end: {},
      start: { flexDirection: 'row-reverse', justifyContent: 'space-between' },
    },
  },
});

export const track = style({
  position: 'relative',
  flexShrink: 0,
  boxSizing: 'border-box',
  width: `calc(${vars.space['8']} + ${vars.space['2']})`,
  height: vars.space['6'],
  marginTop: '-2px',
  padding: '3px',
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.round,
  backgroundColor: vars.color.neutralSubtle,
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast} ease`,
  selectors: {
    '&[data-state="checked"]': {
      backgroundColor: vars.color.brandText,
      borderColor: vars.color.brandText,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const thumb = style({
  display: 'block',
  width: vars.space['4'],
  height: vars.space['4'],
  borderRadius: vars.radius.round,
  backgroundColor: vars.color.surface,
  boxShadow: '0 1px 2px rgba(0, 0, 0, 0.3)',
  transition: `transform ${vars.motion.fast} ease`,
  selectors: { '&[data-state="checked"]': { transform: `translateX(${vars.space['4']})` } },
  '@media': { [media.reducedMotion]: { transition: 'none' } },
});

export const text = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const label = style({
  cursor: 'pointer',
  selectors: { '[data-disabled] &': { cursor: 'not-allowed' } },
});

export const description = style({
  fontSize: vars.font.size.xs,
  lineHeight: '18px',
  color: vars.color.textMuted,
});
