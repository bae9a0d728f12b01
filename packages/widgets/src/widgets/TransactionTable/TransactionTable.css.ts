import { globalStyle, style } from '@vanilla-extract/css';
import { dataCell, dataEnd, dataHead, dataScroller, dataTable } from '../../lib/dataTable.css';
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
 * headed by its time, every other cell a labelled line (its column's name from `data-label` at
 * the start, the value at the end), as the site's `DataTable` does with `stackOnPhones`.
 */
globalStyle(`${table} thead`, {
  '@media': {
    [media.narrow]: {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
    },
  },
});
globalStyle(`${table}, ${table} tbody, ${table} tr`, {
  '@media': { [media.narrow]: { display: 'block', width: '100%' } },
});
globalStyle(`${table} tr`, {
  '@media': {
    [media.narrow]: {
      boxSizing: 'border-box',
      padding: `${vars.space['2']} ${vars.space['3']}`,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});
globalStyle(`${table} tbody tr:last-child`, {
  '@media': { [media.narrow]: { borderBottom: 'none' } },
});
globalStyle(`${table} th[scope="row"]`, {
  '@media': {
    [media.narrow]: {
      display: 'block',
      position: 'static',
      height: 'auto',
      padding: `${vars.space['1']} 0`,
      border: 'none',
      fontWeight: vars.font.weight.medium,
    },
  },
});
globalStyle(`${table} td`, {
  '@media': {
    [media.narrow]: {
      display: 'flex',
      justifyContent: 'space-between',
      alignItems: 'center',
      gap: vars.space['3'],
      height: 'auto',
      minHeight: '28px',
      padding: `${vars.space['1']} 0`,
      border: 'none',
      whiteSpace: 'normal',
      textAlign: 'end',
      overflowWrap: 'anywhere',
    },
  },
});
globalStyle(`${table} td::before`, {
  '@media': {
    [media.narrow]: {
      content: 'attr(data-label)',
      flexShrink: 0,
      color: vars.color.textMuted,
      fontSize: vars.font.size.xs,
      textAlign: 'start',
    },
  },
});
/** The details link needs no label of its own: its text says it. */
globalStyle(`${table} td[data-label=""]`, {
  '@media': { [media.narrow]: { justifyContent: 'flex-end' } },
});
