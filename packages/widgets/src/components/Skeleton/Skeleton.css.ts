import { keyframes, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/media';

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });

export const skeleton = recipe({
  base: {
    display: 'block',
    maxWidth: '100%',
    backgroundColor: vars.color.neutralSubtle,
    animation: `${pulse} 1.4s ease-in-out infinite`,
    '@media': { [media.reducedMotion]: { animation: 'none' } },
  },
  variants: {
    shape: {
      text: { borderRadius: vars.radius.control },
      rect: { borderRadius: vars.radius.card },
      circle: { borderRadius: vars.radius.round },
    },
  },
  defaultVariants: { shape: 'text' },
});

export type SkeletonVariants = NonNullable<RecipeVariants<typeof skeleton>>;

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });
