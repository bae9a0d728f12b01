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
