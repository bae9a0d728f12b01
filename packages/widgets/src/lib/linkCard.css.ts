import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/*
 * The card of a link or an address with its QR code (InvitationCard, ObserverLinkCard,
 * DepositCard): the details beside the QR code, which wraps under or above them on a phone, and
 * the value with its copy button on a tinted strip.
 */

export const layout = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  alignItems: 'flex-start',
});

export const details = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  flex: '1 1 240px',
  minWidth: 0,
});

/** The QR code: the theme's QR colours (dark on light in both themes), so every scanner reads it. */
export const qr = style({
  flex: '0 0 auto',
  display: 'block',
  borderRadius: vars.radius.control,
  border: `1px solid ${vars.color.border}`,
});

/** The value with its copy button, on a tinted strip. */
export const copyStrip = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
  padding: `${vars.space['1']} ${vars.space['1']} ${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.control,
  backgroundColor: vars.color.neutralSubtle,
});

/** The value on the strip, in the code font. */
export const copyValue = style({
  flex: 1,
  minWidth: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.font.size.xs,
  color: vars.color.text,
});

/** A link on the strip: one line, cut with an ellipsis (the copy button copies all of it). */
export const url = style([
  copyValue,
  { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
]);
