import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/media';

/**
 * The native `<dialog>` (shown with `showModal`: focus stays inside, the page behind is inert,
 * Escape closes, focus returns on close), drawn like the base Dialog: 560 px, 350 px on phones.
 * No padding of its own, so a click on the dialog element itself is a click on the backdrop.
 */
export const dialog = style({
  boxSizing: 'border-box',
  width: vars.size.dialog,
  maxWidth: `calc(100vw - 2 * ${vars.space['4']})`,
  maxHeight: `calc(100dvh - 2 * ${vars.space['8']})`,
  padding: 0,
  border: 'none',
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  borderRadius: vars.radius.card,
  boxShadow: vars.shadow.floating,
  selectors: { '&::backdrop': { backgroundColor: vars.color.overlay } },
  '@media': {
    [media.narrow]: {
      width: vars.size.dialogNarrow,
      maxHeight: `calc(100dvh - 2 * ${vars.space['6']})`,
    },
  },
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['6'],
  fontSize: vars.font.size.sm,
  lineHeight: 1.5,
  '@media': { [media.narrow]: { padding: vars.space['4'] } },
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
  lineHeight: 1.3,
});

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  margin: 0,
});

/** Fields side by side, one above the other on phones. */
export const pair = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))',
  gap: vars.space['3'],
});

/** A field with a button at its end (amount and All, code and Send code). */
export const withButton = style({
  display: 'flex',
  alignItems: 'stretch',
  gap: vars.space['2'],
});

/** A line of figures or status under a field (available balance, code sent, countdown). */
export const hint = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
  fontVariantNumeric: 'tabular-nums',
});

export const error = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
});

export const notice = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  margin: 0,
});

export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  width: '100%',
});

/** Figures as a list: label left, figure right (available, fee, receive; a quote). */
export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
});

/*
 * The list's terms and figures styled through the list, so each row's `<dt>` and `<dd>` carry no
 * class of their own (two dozen class names less in the dialogs' scripts).
 */
globalStyle(`${figures} > dt`, { color: vars.color.textMuted });

globalStyle(`${figures} > dd`, {
  margin: 0,
  textAlign: 'end',
  overflowWrap: 'anywhere',
});

/** The figure that matters (what arrives), over the list's muted terms. */
export const strong = style({
  selectors: {
    [`${figures} > &`]: { fontWeight: vars.font.weight.bold, color: vars.color.text },
  },
});
