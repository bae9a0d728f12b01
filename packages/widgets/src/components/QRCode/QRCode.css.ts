import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const qr = style({ display: 'block', maxWidth: '100%', height: 'auto' });

export const light = style({ fill: vars.color.qrLight });

export const dark = style({ fill: vars.color.qrDark });
