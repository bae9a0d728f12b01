import { vars } from '@poolkit/widgets';
import { style } from '@vanilla-extract/css';

/** The wallet payment: a narrow column at the card's start. */
export const payForm = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  maxWidth: 420,
});
