import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export { copyStrip as link, details, layout, qr, url } from '../../lib/linkCard.css';

export const code = style({ fontFamily: vars.font.mono, letterSpacing: '0.05em' });
