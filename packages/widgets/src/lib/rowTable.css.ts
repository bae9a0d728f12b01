import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { media } from '../theme/media';
import { dataCell, dataEnd, dataHead, dataScroller, dataTable } from './dataTable.css';

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
 * Phones: each row becomes a block headed by its first cell, every other cell a labelled line
 * (its column's name from `data-label` at the start, the value at the end), as TransactionTable
 * does, instead of a table that scrolls sideways.
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
