import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const scroller = style({
  overflowX: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.control,
});

export const table = style({
  width: '100%',
  minWidth: '640px',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: vars.font.size.sm,
  fontVariantNumeric: 'tabular-nums',
});

export const head = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  backgroundColor: vars.color.background,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  textAlign: 'start',
  whiteSpace: 'nowrap',
});

export const cell = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  height: '40px',
  boxSizing: 'border-box',
  backgroundColor: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'start',
  fontWeight: vars.font.weight.regular,
  whiteSpace: 'nowrap',
  selectors: { 'tr:last-child > &': { borderBottom: 'none' } },
});

export const end = style({ textAlign: 'end' });

/** The height column stays in view while the table scrolls sideways on phones. */
export const pinned = style({ position: 'sticky', insetInlineStart: 0, zIndex: 1 });

export const link = style({
  color: vars.color.brandText,
  fontWeight: vars.font.weight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const confirmations = style({
  marginInlineStart: vars.space['2'],
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
});
