import { style } from '@vanilla-extract/css';
import { dataCell, dataEnd, dataHead, dataScroller, dataTable } from '../../lib/dataTable.css';
import { vars } from '../../theme/contract.css';

export const scroller = dataScroller;

export const table = style([dataTable, { minWidth: '720px' }]);

export const head = dataHead;

export const cell = style([dataCell, { height: '44px' }]);

export const end = dataEnd;

/** The model column stays in view while the table scrolls sideways on phones. */
export const pinned = style({
  position: 'sticky',
  insetInlineStart: '40px',
  zIndex: 1,
  maxWidth: '220px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

/** The rank, pinned before the model. */
export const rank = style({
  position: 'sticky',
  insetInlineStart: 0,
  zIndex: 1,
  width: '40px',
  boxSizing: 'border-box',
  color: vars.color.textMuted,
});

export const model = style({ fontWeight: vars.font.weight.medium });

export const vendor = style({
  display: 'block',
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
});

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  padding: 0,
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const openButton = style({
  padding: 0,
  border: 'none',
  background: 'transparent',
  color: vars.color.brandText,
  font: 'inherit',
  fontWeight: vars.font.weight.medium,
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const loss = style({ color: vars.color.danger });
