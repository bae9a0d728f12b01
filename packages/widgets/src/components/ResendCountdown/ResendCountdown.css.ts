import { style } from '@vanilla-extract/css';

// Tabular figures keep the button from jiggling as the seconds tick.
export const label = style({ fontVariantNumeric: 'tabular-nums' });
