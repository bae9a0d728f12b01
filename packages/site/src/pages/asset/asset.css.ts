import { vars } from '@poolkit/widgets';
import { style } from '@vanilla-extract/css';

/** The DepositCard inside the deposit dialog: the dialog is its frame. */
export const flushCard = style({ padding: 0, border: 'none', backgroundColor: 'transparent' });

/** The account and coin pickers above the deposit address, side by side. */
export const pickers = style({ flexWrap: 'wrap', marginBottom: vars.space['3'] });
