import { globalStyle, style } from '@vanilla-extract/css';
import { dataCell, dataEnd, dataHead, dataScroller, dataTable } from '../../lib/dataTable.css';
import { stackRowsOnPhones } from '../../lib/stackRowsOnPhones.css';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/media';

/**
 * Positioned, so the visually hidden texts inside (a header's name, "Amount hidden") are
 * clipped with the table instead of widening the page on phones.
 */
export const scroller = style([dataScroller, { position: 'relative' }]);

export const table = style([
  dataTable,
  { minWidth: '760px', '@media': { [media.narrow]: { minWidth: 0 } } },
]);

export const head = dataHead;

export const cell = style([dataCell, { height: '44px', whiteSpace: 'nowrap' }]);

export const end = dataEnd;

/**
 * A chain address (deposits, withdrawals) is long: cut with an ellipsis on wide screens, the
 * whole of it in the cell's title; on phones it wraps in full.
 */
export const counterparty = style({
  maxWidth: '220px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  '@media': { [media.narrow]: { maxWidth: 'none' } },
});

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

/**
 * Phones: no sideways scroll (it showed only the time and the type). Each line becomes a block
 * headed by its time, every other cell a labelled line.
 */
stackRowsOnPhones(table);
/** The details link needs no label of its own: its text says it. */
globalStyle(`${table} td[data-label=""]`, {
  '@media': { [media.narrow]: { justifyContent: 'flex-end' } },
});

/** "incl. fee 0.0002" under a withdrawal's amount: part of it, not a second charge. */
export const fee = style({
  display: 'block',
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.regular,
  color: vars.color.textMuted,
});
