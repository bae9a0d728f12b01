import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
});

export const legendItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
});

/** A short line in the series colour; dashed for averages (set inline). */
export const swatch = style({
  display: 'inline-block',
  width: '14px',
  height: 0,
  borderTopWidth: '2px',
  borderTopStyle: 'solid',
});

export const plot = style({ position: 'relative', width: '100%', minWidth: 0 });

export const overlay = style({
  position: 'absolute',
  inset: 0,
  // Vertical swipes still scroll the page on phones; horizontal drags move the crosshair.
  touchAction: 'pan-y',
  borderRadius: vars.radius.control,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const crosshair = style({
  position: 'absolute',
  width: 0,
  borderLeft: `1px dashed ${vars.color.borderStrong}`,
  pointerEvents: 'none',
});

export const dot = style({
  position: 'absolute',
  width: '8px',
  height: '8px',
  marginLeft: '-4px',
  marginTop: '-4px',
  borderRadius: vars.radius.round,
  border: `2px solid ${vars.color.surface}`,
  boxSizing: 'content-box',
  pointerEvents: 'none',
});

export const tooltip = style({
  position: 'absolute',
  zIndex: 1,
  minWidth: '160px',
  maxWidth: vars.size.tooltip,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.control,
  boxShadow: vars.shadow.floating,
  fontSize: vars.font.size.xs,
  pointerEvents: 'none',
  whiteSpace: 'nowrap',
});

export const tooltipTime = style({
  marginBottom: vars.space['1'],
  fontWeight: vars.font.weight.bold,
  fontVariantNumeric: 'tabular-nums',
});

export const tooltipRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  lineHeight: '20px',
});

export const tooltipValue = style({
  marginInlineStart: 'auto',
  paddingInlineStart: vars.space['3'],
  fontWeight: vars.font.weight.medium,
  fontVariantNumeric: 'tabular-nums',
});

export const axisText = style({ fontSize: '11px', fontVariantNumeric: 'tabular-nums' });

/** The header's own controls (`toolbar`), kept at the end beside the range buttons. */
export const toolbar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  marginInlineStart: 'auto',
  minWidth: 0,
});
