import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
});

export const label = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text,
  selectors: { [`${field}[data-disabled] &`]: { color: vars.color.textMuted } },
});

export const requiredMark = style({ color: vars.color.danger });

export const hint = style({
  margin: 0,
  lineHeight: 1.5,
  fontSize: vars.font.size.xs,
  color: vars.color.textMuted,
});

/**
 * The kit's errorCircle icon, drawn by the stylesheet as a mask in the text's colour: as markup
 * it would add its paths to the script of every form that can show an error.
 */
const errorCircle = `url("data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="10"/><path d="m15 9-6 6M9 9l6 6"/></svg>',
)}") center / contain no-repeat`;

export const error = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['1'],
  margin: 0,
  fontSize: vars.font.size.xs,
  lineHeight: 1.5,
  color: vars.color.danger,
  selectors: {
    '&::before': {
      content: '""',
      flexShrink: 0,
      width: `calc(${vars.size.iconSm} - 2px)`,
      height: `calc(${vars.size.iconSm} - 2px)`,
      marginTop: '2px',
      backgroundColor: 'currentColor',
      // In forced colours the mask keeps the system's text colour instead of a blank box.
      forcedColorAdjust: 'none',
      WebkitMask: errorCircle,
      mask: errorCircle,
    },
  },
});
