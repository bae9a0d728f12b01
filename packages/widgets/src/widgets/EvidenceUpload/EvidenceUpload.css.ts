import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({ display: 'grid', gap: vars.space['3'] });

/** The drop zone: dashed while idle, solid brand while files are dragged over it. */
export const zone = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space['2'],
  padding: vars.space['6'],
  border: `2px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.card,
  background: vars.color.surface,
  color: vars.color.textMuted,
  textAlign: 'center',
  margin: 0,
  minWidth: 0,
  selectors: {
    '&[data-state="dragging"]': {
      borderStyle: 'solid',
      borderColor: vars.color.brand,
      background: vars.color.surfaceSelected,
    },
    '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const hiddenInput = style({
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  border: 0,
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['1'],
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  padding: `${vars.space['1']} ${vars.space['2']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.control,
  fontSize: vars.font.size.sm,
  overflowWrap: 'anywhere',
});

export const progress = style({
  width: '100%',
  height: vars.space['2'],
  accentColor: vars.color.brand,
});

export const message = style({ margin: 0, fontSize: vars.font.size.sm });
export const error = style([message, { color: vars.color.danger }]);
export const success = style([
  message,
  {
    color: vars.color.text,
    background: vars.color.successSubtle,
    padding: `${vars.space['1']} ${vars.space['2']}`,
    borderRadius: vars.radius.control,
  },
]);
export const actions = style({ display: 'flex', gap: vars.space['2'], flexWrap: 'wrap' });
export const legend = style({
  padding: `0 ${vars.space['1']}`,
  color: vars.color.text,
  fontWeight: vars.font.weight.bold,
});
