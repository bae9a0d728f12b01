import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const searchIcon = style({ color: vars.color.textMuted });

export const clear = style({ marginRight: `calc(${vars.space['2']} * -1)` });
