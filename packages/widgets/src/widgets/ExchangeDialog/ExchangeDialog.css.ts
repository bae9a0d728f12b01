import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** The quote (with the shell's figures): rate, fee, amount received; faded once expired. */
export const quote = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.card,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  selectors: { '&[data-state="expired"]': { opacity: 0.6 } },
});
