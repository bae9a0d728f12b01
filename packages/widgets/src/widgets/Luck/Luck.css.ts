import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const badgeRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${vars.space['1']} ${vars.space['3']}`,
});

export const average = style({
  fontSize: vars.font.size.xl,
  fontWeight: vars.font.weight.bold,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: 1.2,
});

/** The bars with a gutter on the left for the scale's labels. */
export const chart = style({ position: 'relative', paddingInlineStart: '44px' });

export const svg = style({ display: 'block', width: '100%', overflow: 'visible' });

export const barAbove = style({ fill: vars.color.success });

export const barBelow = style({ fill: vars.color.warning });

export const baseline = style({
  stroke: vars.color.textMuted,
  strokeWidth: 1,
  strokeDasharray: '3 3',
  vectorEffect: 'non-scaling-stroke',
});

/** A label of the scale in the left gutter, centred on its line. */
export const scaleLabel = style({
  position: 'absolute',
  insetInlineStart: 0,
  width: '38px',
  transform: 'translateY(-50%)',
  color: vars.color.textMuted,
  fontSize: '11px',
  lineHeight: 1,
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'end',
  pointerEvents: 'none',
});

export const baselineLabel = style([
  scaleLabel,
  { color: vars.color.text, fontWeight: vars.font.weight.medium },
]);

export const axis = style({
  display: 'flex',
  justifyContent: 'space-between',
  marginTop: vars.space['1'],
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
});

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
});

export const legendItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
});

export const legendSwatch = style({ width: '10px', height: '10px', borderRadius: '2px' });

export const swatchAbove = style({ backgroundColor: vars.color.success });

export const swatchBelow = style({ backgroundColor: vars.color.warning });
