import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/media';

/** The bar: a megaphone label, the announcement, and its controls in one line. */
export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: vars.size.controlMd,
  paddingInline: vars.space['3'],
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.infoSubtle,
  color: vars.color.text,
  fontSize: vars.font.size.sm,
});

export const label = style({
  flex: 'none',
  fontWeight: vars.font.weight.bold,
  color: vars.color.brandText,
});

export const viewport = style({
  flex: '1 1 auto',
  minWidth: 0,
  overflow: 'hidden',
});

const slideIn = keyframes({
  from: { transform: 'translateY(60%)', opacity: 0 },
  to: { transform: 'translateY(0)', opacity: 1 },
});

/** One announcement, on one line, cut with an ellipsis when too long. */
export const item = style({
  display: 'block',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  animation: `${slideIn} 240ms ease-out`,
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});

export const still = style({ animation: 'none' });

/**
 * A linked announcement: a block as wide as the bar's middle and 24 px high, cut with its own
 * ellipsis. Inline, its box ran the whole title's width under the controls (and was 16 px high),
 * so the controls counted as obscured and the link as too small a target (WCAG 2.5.8).
 */
export const link = style({
  display: 'block',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  lineHeight: '24px',
  color: 'inherit',
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const controls = style({
  flex: 'none',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
});

export const position = style({
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
  fontSize: vars.font.size.xs,
});
