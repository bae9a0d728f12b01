import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const subtitle = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
});

export const specs = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  margin: 0,
  fontSize: vars.font.size.xs,
});

export const spec = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  minWidth: 0,
});

export const specLabel = style({ color: vars.color.textMuted });

export const specValue = style({
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'end',
  whiteSpace: 'nowrap',
});

export const sellers = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.font.size.xs,
  fontVariantNumeric: 'tabular-nums',
});

export const sellerCell = style({
  padding: `${vars.space['1']} ${vars.space['2']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'start',
  fontWeight: vars.font.weight.regular,
});

export const sellerHead = style([
  sellerCell,
  { color: vars.color.textMuted, fontWeight: vars.font.weight.medium },
]);

export const profitLoss = style({ color: vars.color.danger });
