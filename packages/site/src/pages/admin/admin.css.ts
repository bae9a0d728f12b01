import { vars } from '@poolkit/widgets';
import { globalStyle, style } from '@vanilla-extract/css';

/** The issue form: one column on phones, three from 768 px. */
export const formGrid = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space['4'],
  alignItems: 'start',
  '@media': {
    'screen and (min-width: 768px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

/** The note takes a whole row of the form. */
export const wide = style({
  '@media': { 'screen and (min-width: 768px)': { gridColumn: '1 / -1' } },
});

/** The form's submit row. */
export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  gridColumn: '1 / -1',
});

/** Issued codes: monospaced, several per row, each selectable on its own. */
export const codeList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  gap: vars.space['2'],
  margin: `${vars.space['3']} 0`,
  padding: 0,
  listStyle: 'none',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontVariantNumeric: 'tabular-nums',
  fontSize: vars.font.size.sm,
  maxHeight: 320,
  overflowY: 'auto',
});

/** A code in a table cell or the list. */
export const code = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  whiteSpace: 'nowrap',
});

/** The audit log's filters, above its table. */
export const filters = style({ marginBottom: vars.space['4'] });

/** An audit entry's details: one line each, wrapping in a narrow column. */
export const details = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  minWidth: 220,
  whiteSpace: 'normal',
});

/** The reconciliation's verdict and its re-check button, on one line. */
export const summary = style({
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  marginBottom: vars.space['2'],
});

/** An exact ledger amount: tabular digits, on one line where the table has room. */
export const exact = style({
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
  '@media': { 'screen and (min-width: 768px)': { whiteSpace: 'nowrap' } },
});

/** The verdict beside its tag, wrapping on narrow screens. */
export const verdict = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  margin: 0,
  fontSize: vars.font.size.sm,
});

/** A coin's pool accounts, one per line, as narrow as the phone allows. */
export const poolAccounts = style({ margin: 0, padding: 0, listStyle: 'none' });

/** A withdrawal's address in the queue: cut with an ellipsis, whole in its title. */
export const addressCell = style({
  display: 'inline-block',
  maxWidth: '14ch',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  verticalAlign: 'bottom',
});

/** The withdrawal restated in the approve and reject dialogs: name and value side by side. */
export const summaryList = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: `0 0 ${vars.space['3']}`,
});

globalStyle(`${summaryList} dt`, { color: vars.color.textMuted });
globalStyle(`${summaryList} dd`, { margin: 0 });

/** A whole address in a dialog: monospace, broken anywhere rather than overflowing. */
export const address = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  overflowWrap: 'anywhere',
});
