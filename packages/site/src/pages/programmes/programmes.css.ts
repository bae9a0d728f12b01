import { vars } from '@poolkit/widgets';
import { style } from '@vanilla-extract/css';

/** A packet's or an invitation's main block: the card, then its actions. */
export const stack = style({
  display: 'grid',
  gap: vars.space['4'],
  maxWidth: 720,
});

/** Received packets: one column on phones, two from 768 px. */
export const packetGrid = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space['4'],
  '@media': {
    'screen and (min-width: 768px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});

/** A form in one column with its submit at the end. */
export const form = style({
  display: 'grid',
  gap: vars.space['3'],
  maxWidth: 420,
});

/** A row of actions that wraps on phones. */
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  alignItems: 'center',
});

/** The invitation link and code beside their QR code; stacked on phones. */
export const share = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: '1fr',
  alignItems: 'start',
  '@media': {
    'screen and (min-width: 768px)': { gridTemplateColumns: 'minmax(0, 1fr) auto' },
  },
});

/** A link or code shown in full, breaking anywhere so it never widens a phone's page. */
export const mono = style({
  fontFamily: vars.font.mono,
  overflowWrap: 'anywhere',
  wordBreak: 'break-all',
});

/** The QR code's frame. */
export const qr = style({
  justifySelf: 'start',
  background: vars.color.qrLight,
  borderRadius: vars.radius.card,
  padding: vars.space['2'],
});

/** The programme's steps on the public invitation page. */
export const steps = style({
  margin: 0,
  paddingInlineStart: vars.space['6'],
  display: 'grid',
  gap: vars.space['2'],
  lineHeight: 1.6,
});

/** A number input with its unit's select beside it. */
export const withUnit = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: vars.space['2'],
});

/** A widget card among the page's cards: the same space below it. */
export const spaced = style({ marginBottom: vars.space['4'] });
