import { createVar, globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/media';

export const scroll = style({
  position: 'relative',
  maxWidth: '100%',
  overflow: 'auto',
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

const cellPadding = createVar();

export const table = recipe({
  base: {
    width: '100%',
    borderCollapse: 'separate',
    borderSpacing: 0,
    fontSize: vars.font.size.sm,
    fontVariantNumeric: 'tabular-nums',
    color: vars.color.text,
  },
  variants: {
    density: {
      comfortable: { vars: { [cellPadding]: `${vars.space['3']} ${vars.space['4']}` } },
      compact: { vars: { [cellPadding]: `${vars.space['2']} ${vars.space['3']}` } },
    },
  },
  defaultVariants: { density: 'comfortable' },
});

export const caption = style({
  padding: `${vars.space['3']} ${vars.space['4']}`,
  textAlign: 'start',
  fontWeight: vars.font.weight.bold,
  fontSize: vars.font.size.md,
});

const cellBase = {
  padding: cellPadding,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  backgroundColor: vars.color.surface,
} as const;

export const headerCell = recipe({
  base: {
    ...cellBase,
    textAlign: 'start',
    fontSize: vars.font.size.xs,
    fontWeight: vars.font.weight.medium,
    color: vars.color.textMuted,
    backgroundColor: vars.color.background,
    selectors: {
      '[data-sticky] &': { position: 'sticky', top: 0, zIndex: 2 },
    },
  },
  variants: {
    numeric: { true: { textAlign: 'end' }, false: {} },
  },
});

export const cell = recipe({
  base: { ...cellBase, textAlign: 'start', fontWeight: vars.font.weight.regular },
  variants: {
    numeric: { true: { textAlign: 'end' }, false: {} },
  },
});

export const rowHeader = style({ fontWeight: vars.font.weight.medium });

export const row = style({});

globalStyle(`${row}:hover > *`, { backgroundColor: vars.color.surfaceHover });
globalStyle(`${row}:last-child > *`, { borderBottom: 'none' });

// The first column stays put while the rest scrolls sideways; a hairline marks the edge on phones.
globalStyle(`${scroll}[data-pinned] > table tr > :first-child`, {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  '@media': { [media.narrow]: { boxShadow: `inset -1px 0 0 ${vars.color.border}` } },
});
globalStyle(`${scroll}[data-pinned][data-sticky] > table thead tr > :first-child`, { zIndex: 3 });

export const stateCell = style({ padding: 0, backgroundColor: vars.color.surface });

/**
 * The empty or error message inside {@link stateCell}: when the table is wider than the screen
 * (a phone), it stays in view at the scroller's left instead of centred across columns off
 * screen. Its width is the screen's less a page's and a card's padding.
 */
export const stateContent = style({
  position: 'sticky',
  left: 0,
  width: '100%',
  maxWidth: `calc(100vw - 4rem)`,
});

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  margin: `calc(${vars.space['1']} * -1)`,
  padding: vars.space['1'],
  border: 'none',
  borderRadius: vars.radius.control,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[data-sorted]': { color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 0 },
  },
});

export const sortIcon = style({ opacity: 0.7 });
