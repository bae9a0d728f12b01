import { vars } from '@poolkit/widgets';
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';

export const pageHeader = style({ marginBottom: vars.space['6'] });
export const pageTitle = style({ margin: 0, fontSize: vars.font.size.xl, lineHeight: 1.3 });
export const pageSubtitle = style({
  margin: `${vars.space['2']} 0 0`,
  color: vars.color.textMuted,
  // A long word (the address under an address dashboard's heading) wraps instead of widening
  // the page at 375 px.
  overflowWrap: 'anywhere',
});

export const grid = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
  marginBottom: vars.space['4'],
});

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  padding: vars.space['4'],
  minWidth: 0,
  marginBottom: vars.space['4'],
});

export const cardTitle = style({
  margin: `0 0 ${vars.space['3']}`,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.medium,
});

export const stats = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(140px, 40%), 1fr))',
  margin: 0,
});

export const stat = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space['1'],
});
/** A figure over two columns (`Stats`' `wide`). */
export const statWide = style({ gridColumn: 'span 2' });
export const statLabel = style({ color: vars.color.textMuted, fontSize: vars.font.size.xs });
export const statValue = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.medium,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
  '@media': { 'screen and (max-width: 767px)': { fontSize: vars.font.size.md } },
});

export const empty = style({
  padding: `${vars.space['6']} ${vars.space['4']}`,
  textAlign: 'center',
  color: vars.color.textMuted,
});

export const skeleton = style({
  height: 16,
  borderRadius: vars.radius.control,
  background: vars.color.neutralSubtle,
  marginBottom: vars.space['2'],
});

export const tableWrap = style({ overflowX: 'auto', width: '100%' });
export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.font.size.sm,
  fontVariantNumeric: 'tabular-nums',
});
globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  whiteSpace: 'nowrap',
});
globalStyle(`${table} th`, { color: vars.color.textMuted, fontWeight: vars.font.weight.medium });
globalStyle(`${table} th:first-child, ${table} td:first-child`, {
  position: 'sticky',
  left: 0,
  background: vars.color.surface,
});

/**
 * A table whose rows become blocks of labelled lines on phones (`DataTable`'s `stackOnPhones`):
 * the header row is hidden, each cell shows its column's name (`data-label`) at the start and
 * its value at the end, and the first cell heads the block.
 */
export const stackedTable = style({});
const PHONE = 'screen and (max-width: 767px)';
globalStyle(`${stackedTable} thead`, {
  '@media': {
    [PHONE]: {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
    },
  },
});
globalStyle(`${stackedTable}, ${stackedTable} tbody, ${stackedTable} tr`, {
  '@media': { [PHONE]: { display: 'block', width: '100%' } },
});
globalStyle(`${stackedTable} tr`, {
  '@media': {
    [PHONE]: {
      padding: `${vars.space['2']} 0`,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});
globalStyle(`${stackedTable} td`, {
  '@media': {
    [PHONE]: {
      display: 'flex',
      justifyContent: 'space-between',
      alignItems: 'center',
      gap: vars.space['3'],
      padding: `${vars.space['1']} 0`,
      border: 'none',
      whiteSpace: 'normal',
      textAlign: 'end',
      overflowWrap: 'anywhere',
    },
  },
});
globalStyle(`${stackedTable} td::before`, {
  '@media': {
    [PHONE]: {
      content: 'attr(data-label)',
      flexShrink: 0,
      color: vars.color.textMuted,
      textAlign: 'start',
    },
  },
});
globalStyle(`${stackedTable} td:first-child`, {
  '@media': {
    [PHONE]: { position: 'static', justifyContent: 'flex-start', fontSize: vars.font.size.md },
  },
});
globalStyle(`${stackedTable} td:first-child::before`, {
  '@media': { [PHONE]: { content: 'none' } },
});

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  maxWidth: 420,
  margin: '0 auto',
  width: '100%',
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });
export const label = style({ fontSize: vars.font.size.sm, fontWeight: vars.font.weight.medium });
export const input = style({
  height: vars.size.controlMd,
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.control,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.size.sm,
  minWidth: 0,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});
export const fieldError = style({
  color: vars.color.danger,
  fontSize: vars.font.size.xs,
  margin: 0,
});
export const row = style({
  display: 'flex',
  gap: vars.space['2'],
  alignItems: 'center',
  flexWrap: 'wrap',
});
export const grow = style({ flex: 1, minWidth: 0 });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const link = style({
  color: vars.color.brandText,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const tabs = style({
  display: 'flex',
  gap: vars.space['1'],
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space['4'],
  overflowX: 'auto',
});
export const tab = style({
  border: 'none',
  background: 'transparent',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  color: vars.color.textMuted,
  cursor: 'pointer',
  fontSize: vars.font.size.sm,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  borderBottom: '2px solid transparent',
  selectors: {
    '&[aria-selected="true"], &[aria-current="page"], &[aria-pressed="true"]': {
      color: vars.color.brandText,
      borderBottomColor: vars.color.brand,
    },
  },
});

export const authCard = style({
  maxWidth: 460,
  margin: `${vars.space['6']} auto`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  padding: vars.space['6'],
});

/** An auth card with a table in it (the passkeys after a password reset): room for its columns. */
export const authCardWide = style([authCard, { maxWidth: 680 }]);

/** The column of {@link authCardWide}: a {@link form} as wide as its card. */
export const wideColumn = style([form, { maxWidth: 'none' }]);

export const checkRow = style({
  display: 'flex',
  gap: vars.space['2'],
  alignItems: 'flex-start',
  fontSize: vars.font.size.sm,
});

/** Holds a chart's place while its chunk loads, so the page does not shift when it arrives. */
export const chartPlaceholder = style({ minHeight: 390 });

/** The widgets' chart card among the site's cards: the same gap below. */
export const chartCard = style({ marginBottom: vars.space['4'] });

// Layout helpers instead of `style` attributes: the CSP allows no inline style, and a
// prerendered page's `style` attributes would be dropped (see `scripts/prerender.mjs`).
/** A row pushed to the end, a little below what precedes it (pagers). */
export const rowEnd = style({ justifyContent: 'flex-end', marginTop: vars.space['2'] });
/** A row with its items at both ends. */
export const rowBetween = style({ justifyContent: 'space-between' });
/** A row whose items line up at the bottom (fields beside a button). */
export const rowBottom = style({ alignItems: 'flex-end' });
/** A little space below. */
export const spacedBelow = style({ marginBottom: vars.space['2'] });
/** A little space above. */
export const spacedAbove = style({ marginTop: vars.space['2'] });
/** No outer margin (a form inside a card). */
export const flush = style({ margin: 0 });
/** Long unbroken text (a secret, an address) wraps anywhere. */
export const breakAnywhere = style({ overflowWrap: 'anywhere' });
/** The captcha's small box beside its field. */
export const captchaBox = style({ width: 90 });
/** A select that keeps a readable width in a wrapping row. */
export const minSelect = style({ minWidth: 180 });
/** A multi-line text field. */
export const textArea = style({ height: 120, padding: vars.space['2'] });
/** Read by screen readers, not shown (a table's caption). */
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
/** The widths of skeleton lines, in turn, so a skeleton looks like text. */
export const skeletonWidth = styleVariants({
  0: { width: '90%' },
  1: { width: '75%' },
  2: { width: '60%' },
  3: { width: '45%' },
});

/** The star beside an unverified figure (`Unverified`). */
export const unverifiedMark = style({
  marginInlineStart: '0.15em',
  // Raised without raising the line: a marked row is as tall as the others.
  lineHeight: 0,
  color: vars.color.textMuted,
  fontWeight: vars.font.weight.medium,
  cursor: 'help',
});
/** The legend of the unverified marks: a small line under what it explains. */
export const legend = style({
  margin: `${vars.space['2']} 0 0`,
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
});
