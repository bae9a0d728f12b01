import { vars } from '@poolkit/widgets';
import { style } from '@vanilla-extract/css';

/** The DepositCard inside the deposit dialog: the dialog is its frame. */
export const flushCard = style({ padding: 0, border: 'none', backgroundColor: 'transparent' });

/** The account picker above the deposit address. */
export const accountRow = style({ maxWidth: 280, marginBottom: vars.space['3'] });
