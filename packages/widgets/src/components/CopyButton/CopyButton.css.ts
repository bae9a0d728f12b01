import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/media';

export const root = style({
  position: 'relative',
  display: 'inline-flex',
  verticalAlign: 'middle',
});

export const copied = style({ color: vars.color.brandText });

const pop = keyframes({ from: { opacity: 0, transform: 'translate(-50%, 4px)' } });

// The "Copied" note above an icon button; the status line says it to screen readers.
export const bubble = recipe({
  base: {
    position: 'absolute',
    bottom: `calc(100% + ${vars.space['1']})`,
    left: '50%',
    transform: 'translateX(-50%)',
    padding: `2px ${vars.space['2']}`,
    borderRadius: vars.radius.control,
    backgroundColor: vars.color.text,
    color: vars.color.surface,
    fontSize: vars.font.size.xs,
    whiteSpace: 'nowrap',
    pointerEvents: 'none',
    zIndex: vars.z.dropdown,
    animation: `${pop} ${vars.motion.fast} ease-out`,
    '@media': { [media.reducedMotion]: { animation: 'none' } },
  },
  variants: {
    state: {
      copied: {},
      failed: { backgroundColor: vars.color.danger, color: vars.color.onDanger },
    },
  },
});
