import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { media } from '../theme/media';
import { dataCell, dataEnd, dataHead, dataScroller, dataTable } from './dataTable.css';
import { stackRowsOnPhones } from './stackRowsOnPhones.css';

/**
 * The table of {@link RowTable}: positioned, so visually hidden texts inside are clipped with it
 * instead of widening the page on phones.
 */
export const scroller = style([dataScroller, { position: 'relative' }]);

/** The custom property a widget sets for the table's least width before it scrolls sideways. */
export const MIN_WIDTH_PROPERTY = '--pk-row-table-min-width';

export const table = style([
  dataTable,
  {
    minWidth: `var(${MIN_WIDTH_PROPERTY}, 640px)`,
    '@media': { [media.narrow]: { minWidth: 0 } },
  },
]);

export const head = dataHead;

export const cell = style([dataCell, { height: '44px' }]);

export const end = dataEnd;

/** A row's first cell stays in view while the table scrolls sideways. */
export const pinned = style({ position: 'sticky', insetInlineStart: 0, zIndex: 1 });

/** The host's controls (a filter) and the export button above the table, aligned at the bottom. */
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

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
 * Phones: each row becomes a block headed by its first cell, every other cell a labelled line,
 * as in TransactionTable, instead of a table that scrolls sideways.
 */
stackRowsOnPhones(table);
