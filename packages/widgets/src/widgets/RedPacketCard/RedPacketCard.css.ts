import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const packet = style({
  position: 'relative',
  overflow: 'hidden',
  selectors: {
    // A red-packet ribbon along the top edge; greyed once the packet can no longer be used.
    '&::before': {
      content: '""',
      position: 'absolute',
      insetInline: 0,
      top: 0,
      height: '4px',
      backgroundColor: vars.color.danger,
    },
    '&[data-state="expired"]::before, &[data-state="invalid"]::before': {
      backgroundColor: vars.color.borderStrong,
    },
  },
});

export const titleRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  minWidth: 0,
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const deadline = style({ color: vars.color.textMuted, fontSize: vars.font.size.xs });

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.size.xs });

/** The receive step of a packet on offer, under a line. */
export const receive = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  paddingTop: vars.space['3'],
  borderTop: `1px solid ${vars.color.border}`,
});

export const receiveTitle = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.bold,
});

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  maxWidth: '420px',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
});

export const fieldError = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
});

/** Why the packet cannot be received (taken, closed, received already). */
export const refusal = style({ margin: 0, color: vars.color.textMuted });

export const link = style({
  color: vars.color.brandText,
  fontWeight: vars.font.weight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
