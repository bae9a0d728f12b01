import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/**
 * The plain data table the light domain widgets draw (BlockTable, MinerRanking): they do not use
 * the base Table, whose translations would break their size budget. Each widget composes these
 * with its own minimum width and row height.
 */
export const dataScroller = style({
  overflowX: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.control,
});

export const dataTable = style({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: vars.font.size.sm,
  fontVariantNumeric: 'tabular-nums',
});

export const dataHead = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  backgroundColor: vars.color.background,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  textAlign: 'start',
  whiteSpace: 'nowrap',
});

export const dataCell = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  boxSizing: 'border-box',
  backgroundColor: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'start',
  fontWeight: vars.font.weight.regular,
  whiteSpace: 'nowrap',
  selectors: { 'tr:last-child > &': { borderBottom: 'none' } },
});

/** Numbers align to the end of their column. */
export const dataEnd = style({ textAlign: 'end' });
