import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/media';

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

/** A field with a button at its end (amount and All). */
export const withButton = style({
  display: 'flex',
  alignItems: 'stretch',
  gap: vars.space['2'],
});

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

/** The quote: rate, fee, amount received and the time it holds. */
export const quote = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: 0,
  padding: vars.space['3'],
  borderRadius: vars.radius.card,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  fontVariantNumeric: 'tabular-nums',
  selectors: { '&[data-state="expired"]': { opacity: 0.6 } },
});

export const term = style({ color: vars.color.textMuted });

export const value = style({
  margin: 0,
  textAlign: 'end',
  overflowWrap: 'anywhere',
});

export const receive = style({ fontWeight: vars.font.weight.bold });

export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  width: '100%',
});

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
