import { style } from '@vanilla-extract/css';
import * as linkCard from '../../lib/linkCard.css';
import { vars } from '../../theme/contract.css';

export { details, layout } from '../../lib/linkCard.css';

/** The QR code, centred on its own line when the card is too narrow to keep it beside the details. */
export const qr = style([linkCard.qr, { marginInline: 'auto' }]);

export const qrLight = style({ fill: vars.color.qrLight });

export const qrDark = style({ fill: vars.color.qrDark });

/** The address and its copy button on a faint band. */
export const addressRow = style([
  linkCard.copyStrip,
  { padding: `${vars.space['2']} ${vars.space['2']} ${vars.space['2']} ${vars.space['3']}` },
]);

/** The whole address, broken anywhere: a deposit address must be read in full, never cut. */
export const address = style([
  linkCard.copyValue,
  { margin: 0, overflowWrap: 'anywhere', lineHeight: 1.5 },
]);

export const label = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
});

export const coinRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
});

/** The chain warning (KDA): coins sent on another chain are lost to the user. */
export const warning = style({
  margin: 0,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderInlineStart: `3px solid ${vars.color.warning}`,
  backgroundColor: vars.color.neutralSubtle,
  borderRadius: vars.radius.control,
  fontSize: vars.font.size.xs,
});

export const recent = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const recentList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** Amount, time and state on one line; the state wraps under them on a narrow card. */
export const recentLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  paddingBlock: vars.space['1'],
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.font.size.sm,
});

export const recentTime = style({
  flex: 1,
  whiteSpace: 'nowrap',
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
  fontVariantNumeric: 'tabular-nums',
});
