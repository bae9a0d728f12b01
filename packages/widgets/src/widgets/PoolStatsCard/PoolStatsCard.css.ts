import { style } from '@vanilla-extract/css';
import * as widget from '../../lib/widget.css';
import { vars } from '../../theme/contract.css';

export const headline = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${vars.space['1']} ${vars.space['3']}`,
});

export const headlineValue = style({
  fontSize: vars.font.size.xxl,
  fontWeight: vars.font.weight.bold,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: 1.15,
});

/**
 * The figures' grid: columns wide enough for a 9-digit block height (Kaspa's "123,456,789") on
 * one line, still two columns on a 320 px phone.
 */
export const statGrid = style({
  selectors: {
    [`${widget.statGrid}&`]: {
      gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 8.5rem), 1fr))',
    },
  },
});

/** A count never breaks inside its digits (the shared figure style may break anywhere). */
export const count = style({ whiteSpace: 'nowrap' });
