import { style } from '@vanilla-extract/css';
import { dataCell, dataEnd, dataHead, dataScroller, dataTable } from '../../lib/dataTable.css';
import { vars } from '../../theme/contract.css';

/**
 * Positioned, so the visually hidden texts inside (a header's name, "Amount hidden") are
 * clipped with the table instead of widening the page on phones.
 */
export const scroller = style([dataScroller, { position: 'relative' }]);

export const table = style([dataTable, { minWidth: '760px' }]);

export const head = dataHead;

export const cell = style([dataCell, { height: '44px', whiteSpace: 'nowrap' }]);

export const end = dataEnd;

/** The time column stays in view while the table scrolls sideways on phones. */
export const pinned = style({ position: 'sticky', insetInlineStart: 0, zIndex: 1 });

/**
 * Amounts carry their sign (`+` credits, `−` debits) rather than a colour: the theme's green on
 * white is below the text contrast the kit keeps.
 */
export const amount = style({ fontWeight: vars.font.weight.medium });

export const link = style({
  color: vars.color.brandText,
  fontWeight: vars.font.weight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
