import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const emptyState = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: vars.space['2'],
    textAlign: 'center',
    color: vars.color.textMuted,
    overflowWrap: 'anywhere',
  },
  variants: {
    size: {
      sm: { padding: vars.space['4'], fontSize: vars.font.size.sm },
      md: { padding: `${vars.space['8']} ${vars.space['4']}`, fontSize: vars.font.size.sm },
    },
  },
  defaultVariants: { size: 'md' },
});

export type EmptyStateVariants = NonNullable<RecipeVariants<typeof emptyState>>;

export const icon = style({
  boxSizing: 'content-box',
  padding: vars.space['2'],
  borderRadius: vars.radius.round,
  backgroundColor: vars.color.neutralSubtle,
});

export const title = style({
  margin: 0,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text,
});

export const text = style({ margin: 0, maxWidth: '40ch', lineHeight: 1.5 });
