import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { media } from '../../theme/media';

const slideIn = keyframes({
  from: { opacity: 0, transform: 'translateY(8px)' },
  to: { opacity: 1, transform: 'none' },
});

export const region = style({
  position: 'fixed',
  zIndex: vars.z.toast,
  right: vars.space['4'],
  bottom: vars.space['4'],
  width: vars.size.toast,
  maxWidth: `calc(100vw - 2 * ${vars.space['4']})`,
  pointerEvents: 'none',
  '@media': {
    [media.narrow]: {
      left: vars.space['3'],
      right: vars.space['3'],
      bottom: vars.space['3'],
      width: 'auto',
      maxWidth: 'none',
    },
  },
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const toast = recipe({
  base: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: vars.space['3'],
    padding: `${vars.space['3']} ${vars.space['2']} ${vars.space['3']} ${vars.space['3']}`,
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderLeftWidth: vars.space['1'],
    borderRadius: vars.radius.card,
    boxShadow: vars.shadow.floating,
    fontSize: vars.font.size.sm,
    pointerEvents: 'auto',
    animation: `${slideIn} ${vars.motion.normal} ease-out`,
    '@media': { [media.reducedMotion]: { animation: 'none' } },
  },
  variants: {
    tone: {
      info: { borderLeftColor: vars.color.info },
      success: { borderLeftColor: vars.color.success },
      warning: { borderLeftColor: vars.color.warning },
      danger: { borderLeftColor: vars.color.danger },
    },
  },
});

export const icon = recipe({
  base: { marginTop: '1px' },
  variants: {
    tone: {
      info: { color: vars.color.info },
      success: { color: vars.color.success },
      warning: { color: vars.color.warning },
      danger: { color: vars.color.danger },
    },
  },
});

export const content = style({ flex: 1, minWidth: 0, paddingTop: '2px', overflowWrap: 'anywhere' });

export const title = style({ margin: `0 0 ${vars.space['1']}`, fontWeight: vars.font.weight.bold });

export const description = style({ margin: 0, lineHeight: 1.45 });

export const action = style({ marginTop: vars.space['2'] });
