import { style } from '@vanilla-extract/css';
import { dataCell, dataEnd, dataHead, dataScroller, dataTable } from '../../lib/dataTable.css';
import { vars } from '../../theme/contract.css';

export const scroller = dataScroller;

export const table = style([dataTable, { minWidth: '640px' }]);

export const head = dataHead;

export const cell = style([dataCell, { height: '40px' }]);

export const end = dataEnd;

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
