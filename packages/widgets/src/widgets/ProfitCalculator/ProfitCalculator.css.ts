import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/media';

export const form = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: vars.space['3'],
  margin: 0,
});

export const pair = style({ display: 'flex', gap: vars.space['2'], minWidth: 0 });

export const pairUnit = style({ flex: '0 0 auto', width: '96px' });

export const results = style({
  width: '100%',
  '@media': { [media.narrow]: { fontSize: vars.font.size.xs } },
  maxWidth: '720px',
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
});

export const resultHead = style({
  padding: `${vars.space['2']} ${vars.space['2']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  textAlign: 'end',
  selectors: { '&:first-child': { textAlign: 'start' } },
});

export const resultCell = style({
  padding: `${vars.space['2']} ${vars.space['2']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'end',
  // A figure never breaks in the middle; on phones the labels wrap instead.
  whiteSpace: 'nowrap',
  '@media': { [media.narrow]: { paddingInline: vars.space['1'] } },
});

/** The results: summary, table and note, spaced like the rest of the card. */
export const output = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  minWidth: 0,
});

export const resultLabel = style({
  padding: `${vars.space['2']} ${vars.space['2']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontWeight: vars.font.weight.regular,
  textAlign: 'start',
  color: vars.color.textMuted,
});

export const profitRow = style({ fontWeight: vars.font.weight.bold });

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
});

export const hint = style({ margin: 0, color: vars.color.textMuted });
