import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const clock = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space['2'],
  margin: 0,
});

export const unitBox = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['1'],
  padding: `${vars.space['3']} ${vars.space['1']}`,
  borderRadius: vars.radius.control,
  backgroundColor: vars.color.neutralSubtle,
  minWidth: 0,
});

export const unitValue = style({
  margin: 0,
  fontSize: vars.font.size.xl,
  fontWeight: vars.font.weight.bold,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: 1.2,
});

export const unitLabel = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
  textAlign: 'center',
  overflowWrap: 'anywhere',
});

export const progress = style({
  position: 'relative',
  height: '6px',
  borderRadius: vars.radius.round,
  backgroundColor: vars.color.neutralSubtle,
  overflow: 'hidden',
});

export const progressFill = style({
  position: 'absolute',
  insetBlock: 0,
  insetInlineStart: 0,
  borderRadius: vars.radius.round,
  backgroundColor: vars.color.brand,
});

export const progressLabel = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
  fontVariantNumeric: 'tabular-nums',
});

/** The estimated date takes two columns where there is room, so it does not wrap. */
export const wideStat = style({ gridColumn: 'span 2' });

export const date = style({ whiteSpace: 'nowrap' });
