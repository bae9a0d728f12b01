import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

// Pulls the toggle towards the border so the field keeps its height.
export const toggle = style({ marginRight: `calc(${vars.space['2']} * -1)` });
