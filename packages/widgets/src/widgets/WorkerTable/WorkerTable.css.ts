import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/media';

/** Row and header height in pixels; the row window (`rowWindow`) counts on it. */
export const ROW_HEIGHT = 40;
/** Width of the selection column; the name column is pinned right after it. */
export const SELECT_WIDTH = 44;

export const tabs = style({
  display: 'flex',
  gap: vars.space['1'],
  overflowX: 'auto',
  borderBottom: `1px solid ${vars.color.border}`,
  scrollbarWidth: 'thin',
});

export const tab = style({
  position: 'relative',
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  fontWeight: vars.font.weight.medium,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[aria-selected="true"]': { color: vars.color.brandText },
    '&[aria-selected="true"]::after': {
      content: '""',
      position: 'absolute',
      left: vars.space['2'],
      right: vars.space['2'],
      bottom: '-1px',
      height: '2px',
      borderRadius: vars.radius.round,
      backgroundColor: vars.color.brandText,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
});

export const count = style({
  minWidth: '20px',
  padding: `0 ${vars.space['1']}`,
  borderRadius: vars.radius.round,
  backgroundColor: vars.color.neutralSubtle,
  color: vars.color.text,
  fontSize: vars.font.size.xs,
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'center',
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
});

export const search = style({
  boxSizing: 'border-box',
  flex: '1 1 200px',
  maxWidth: '320px',
  height: vars.size.controlMd,
  padding: `0 ${vars.space['3']}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.control,
  font: 'inherit',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
  },
});

export const batchBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.control,
  backgroundColor: vars.color.surfaceSelected,
});

export const batchCount = style({ fontWeight: vars.font.weight.medium, marginInlineEnd: 'auto' });

/** The scrolling area: both directions, header pinned on top, name pinned on the left. */
export const scroller = style({
  position: 'relative',
  overflow: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.control,
  overscrollBehavior: 'contain',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
  },
});

export const table = style({
  width: '100%',
  // The columns' widths added up (44 + 200 + 3 × 130 + 110 + 190 + 110): narrower, and a fixed
  // layout would squeeze every column and cut the times off.
  minWidth: '1044px',
  '@media': { [media.narrow]: { minWidth: '972px' } },
  tableLayout: 'fixed',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: vars.font.size.sm,
  fontVariantNumeric: 'tabular-nums',
});

export const headCell = style({
  position: 'sticky',
  top: 0,
  zIndex: 2,
  height: `${ROW_HEIGHT}px`,
  padding: `0 ${vars.space['3']}`,
  boxSizing: 'border-box',
  backgroundColor: vars.color.background,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  textAlign: 'start',
  whiteSpace: 'nowrap',
});

/** A body row; its cells light up on hover and when selected. */
export const row = style({});

export const cell = style({
  height: `${ROW_HEIGHT}px`,
  padding: `0 ${vars.space['3']}`,
  boxSizing: 'border-box',
  backgroundColor: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  textAlign: 'start',
  fontWeight: vars.font.weight.regular,
  selectors: {
    [`${row}:hover &`]: { backgroundColor: vars.color.surfaceHover },
    [`${row}[data-state="selected"] &`]: { backgroundColor: vars.color.surfaceSelected },
  },
});

export const numberCell = style({ textAlign: 'end' });

/** The selection column, pinned on the left. */
export const pinSelect = style({ position: 'sticky', left: 0, zIndex: 1, textAlign: 'center' });

/** The name column, pinned after the selection column. */
export const pinName = style({
  position: 'sticky',
  left: `${SELECT_WIDTH}px`,
  zIndex: 1,
  boxShadow: `inset -1px 0 0 ${vars.color.border}`,
});

globalStyle(`${headCell}${pinSelect}, ${headCell}${pinName}`, { zIndex: 3 });

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  maxWidth: '100%',
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

export const sortButtonEnd = style({ flexDirection: 'row-reverse' });

export const sortIcon = style({ flexShrink: 0, opacity: 0.5 });

export const checkbox = style({
  display: 'block',
  width: '16px',
  height: '16px',
  margin: '0 auto',
  accentColor: vars.color.brand,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const nameButton = style({
  maxWidth: '100%',
  padding: 0,
  border: 'none',
  background: 'transparent',
  color: vars.color.brandText,
  font: 'inherit',
  fontWeight: vars.font.weight.medium,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  cursor: 'pointer',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const spacer = style({ padding: 0, border: 'none' });

/** The name column: narrower on phones, so some figures show beside the pinned name. */
export const nameColumn = style({
  width: '200px',
  '@media': { [media.narrow]: { width: '128px' } },
});
