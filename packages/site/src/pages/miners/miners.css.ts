import { vars } from '@poolkit/widgets';
import { style } from '@vanilla-extract/css';

/** The electricity price field: a price per kWh needs no full-width input. */
export const priceField = style({ maxWidth: 280, marginBottom: vars.space['4'] });
