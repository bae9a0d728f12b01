import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export { copyStrip as link, details, layout, qr, url } from '../../lib/linkCard.css';

export const titleRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] });
