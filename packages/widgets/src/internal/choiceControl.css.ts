import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/*
 * The parts a checkbox and a radio share: a label row with a drawn mark, the native input
 * invisible on top of it, and the text with its description.
 */

/** The label row: the mark, then the text. */
export const choiceRoot = style({
  display: 'inline-flex',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  fontSize: vars.font.size.sm,
  lineHeight: '20px',
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.textMuted } },
});

/** Holds the native input and the drawn mark, aligned with the first line of text. */
export const choiceControl = style({
  position: 'relative',
  display: 'inline-flex',
  flexShrink: 0,
  marginTop: '2px',
});

// The native input stays on top of the drawn mark: it takes the clicks and the focus.
export const choiceInput = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'inherit',
});

/** The drawn mark: its size, border, focus ring and disabled look; the shape is the control's. */
export const choiceMark = style({
  boxSizing: 'border-box',
  width: vars.size.iconSm,
  height: vars.size.iconSm,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  pointerEvents: 'none',
  selectors: {
    [`${choiceInput}:focus-visible + &`]: {
      outline: `2px solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
    [`${choiceInput}:disabled + &`]: { opacity: 0.6 },
  },
});

export const choiceText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const choiceDescription = style({
  fontSize: vars.font.size.xs,
  lineHeight: '18px',
  color: vars.color.textMuted,
});
