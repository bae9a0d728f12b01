import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
});

/** The info button overlaps the line's padding, so it adds no height to a table row. */
export const button = style({ marginBlock: `calc(${vars.space['1']} * -1.5)` });
