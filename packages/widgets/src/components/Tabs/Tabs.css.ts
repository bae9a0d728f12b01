import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const root = recipe({
  base: { display: 'flex', minWidth: 0 },
  variants: {
    orientation: {
      horizontal: { flexDirection: 'column' },
      vertical: { flexDirection: 'row', gap: vars.space['4'] },
    },
  },
});

export const list = recipe({
  base: {
    display: 'flex',
    gap: vars.space['1'],
    // Tabs scroll sideways on phones rather than wrapping onto a second row.
    overflowX: 'auto',
    scrollbarWidth: 'thin',
  },
  variants: {
    orientation: {
      horizontal: { borderBottom: `1px solid ${vars.color.border}` },
      vertical: {
        flexDirection: 'column',
        flexShrink: 0,
        borderRight: `1px solid ${vars.color.border}`,
      },
    },
  },
});

export const tab = style({
  position: 'relative',
  flexShrink: 0,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  fontFamily: 'inherit',
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  borderRadius: `${vars.radius.control} ${vars.radius.control} 0 0`,
  selectors: {
    '&:hover:not(:disabled)': { color: vars.color.text, backgroundColor: vars.color.surfaceHover },
    '&[data-state="active"]': { color: vars.color.brandText },
    '&[data-state="active"]::after': {
      content: '""',
      position: 'absolute',
      left: vars.space['2'],
      right: vars.space['2'],
      bottom: 0,
      height: '2px',
      borderRadius: vars.radius.round,
      backgroundColor: vars.color.brandText,
    },
    '[aria-orientation="vertical"] > &[data-state="active"]::after': {
      left: 'auto',
      top: vars.space['1'],
      bottom: vars.space['1'],
      right: 0,
      width: '2px',
      height: 'auto',
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const panel = style({
  flex: 1,
  minWidth: 0,
  paddingTop: vars.space['4'],
  selectors: {
    '&:focus-visible': {
      outline: `2px solid ${vars.color.focus}`,
      outlineOffset: '2px',
      borderRadius: vars.radius.control,
    },
  },
});
