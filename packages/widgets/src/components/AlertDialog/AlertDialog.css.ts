import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/media';
import { overlay as dialogOverlay, panel as dialogPanel } from '../Dialog/Dialog.css';

export const overlay = dialogOverlay;

export const panel = style([
  dialogPanel,
  { padding: vars.space['6'], '@media': { [media.narrow]: { padding: vars.space['4'] } } },
]);

export const content = style({ display: 'flex', gap: vars.space['3'] });

export const icon = style({ marginTop: '2px', color: vars.color.danger });

export const text = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere' });

export const title = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
  lineHeight: 1.3,
});

export const description = style({
  margin: `${vars.space['2']} 0 0`,
  fontSize: vars.font.size.sm,
  lineHeight: 1.5,
  color: vars.color.textMuted,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  marginTop: vars.space['6'],
});

// On phones the buttons share the row, easy to hit with a thumb.
globalStyle(`${actions} > *`, { '@media': { [media.narrow]: { flex: '1 1 0' } } });
