import { style } from '@vanilla-extract/css';
import { floatingPanel } from '../../internal/shared.css';
import { vars } from '../../theme/contract.css';

export const panel = style([
  floatingPanel,
  {
    position: 'relative',
    boxSizing: 'border-box',
    minWidth: '200px',
    maxWidth: `min(${vars.size.toast}, calc(100vw - ${vars.space['4']}))`,
    padding: vars.space['4'],
    borderRadius: vars.radius.card,
  },
]);

export const title = style({
  margin: `0 0 ${vars.space['2']}`,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  overflowWrap: 'anywhere',
  selectors: { '&[data-closable]': { paddingRight: vars.space['8'] } },
});

export const body = style({ overflowWrap: 'anywhere', lineHeight: 1.5 });

export const close = style({
  position: 'absolute',
  top: vars.space['2'],
  right: vars.space['2'],
});
