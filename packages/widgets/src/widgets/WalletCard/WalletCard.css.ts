import { globalStyle, style } from '@vanilla-extract/css';
import { dataCell, dataEnd, dataHead, dataScroller, dataTable } from '../../lib/dataTable.css';
import { stackRowsOnPhones } from '../../lib/stackRowsOnPhones.css';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/media';

/**
 * The eye, Deposit, Transfer and Exchange buttons: they wrap onto a second line when the card
 * is narrower than all four (a 375 px phone), instead of sticking out of the card.
 */
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
  maxWidth: '100%',
});

/** The eye toggle: a square ghost button. */
export const eye = style({ width: vars.size.controlMd, padding: 0 });

export const total = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  margin: 0,
});

export const totalValue = style({
  margin: 0,
  fontSize: vars.font.size.xl,
  fontWeight: vars.font.weight.bold,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: 1.2,
  overflowWrap: 'anywhere',
});

/**
 * Positioned, so the visually hidden texts inside (a header's name, "Amount hidden") are
 * clipped with the table instead of widening the page on phones.
 */
export const scroller = style([dataScroller, { position: 'relative' }]);

export const table = style([dataTable, { minWidth: '480px' }]);

/**
 * Room for the deposit and withdraw buttons at the end of each line; on phones each coin is a
 * block of labelled lines instead, so its buttons are in view without scrolling sideways.
 */
export const withActions = style({
  minWidth: '640px',
  '@media': { [media.narrow]: { minWidth: 0 } },
});

stackRowsOnPhones(withActions);
// The wallet's own look on phones: each coin's name in bold, its buttons apart from its figures.
globalStyle(`${withActions} th[scope="row"]`, {
  '@media': { [media.narrow]: { fontWeight: vars.font.weight.bold } },
});
globalStyle(`${withActions} td[data-label=""]`, {
  '@media': { [media.narrow]: { justifyContent: 'flex-end', paddingTop: vars.space['2'] } },
});

export const rowActions = style({
  display: 'inline-flex',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
});

export const head = dataHead;

export const cell = style([dataCell, { height: '40px' }]);

export const end = dataEnd;

/** The coin column stays in view while the table scrolls sideways on phones. */
export const pinned = style({ position: 'sticky', insetInlineStart: 0, zIndex: 1 });
