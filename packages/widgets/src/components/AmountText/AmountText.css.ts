import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const root = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space['1'],
    maxWidth: '100%',
    color: vars.color.text,
    fontVariantNumeric: 'tabular-nums',
    lineHeight: 1.2,
  },
  variants: {
    size: {
      sm: { fontSize: vars.font.size.sm },
      md: { fontSize: vars.font.size.md },
      lg: { fontSize: vars.font.size.xl },
      xl: { fontSize: vars.font.size.xxl },
    },
  },
});

export const value = style({
  fontWeight: vars.font.weight.bold,
  overflowWrap: 'anywhere',
  minWidth: 0,
});

// DESIGN.md: the unit in a lighter weight beside the value.
export const unit = style({
  fontSize: '0.75em',
  fontWeight: vars.font.weight.regular,
  color: vars.color.textMuted,
});

export const toggle = style({ marginLeft: vars.space['1'] });
