import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const statusTag = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space['1'],
    maxWidth: '100%',
    borderRadius: vars.radius.round,
    color: vars.color.text,
    fontWeight: vars.font.weight.medium,
    lineHeight: 1.4,
    whiteSpace: 'nowrap',
    verticalAlign: 'middle',
  },
  variants: {
    tone: {
      success: { backgroundColor: vars.color.successSubtle },
      warning: { backgroundColor: vars.color.warningSubtle },
      danger: { backgroundColor: vars.color.dangerSubtle },
      neutral: { backgroundColor: vars.color.neutralSubtle },
      info: { backgroundColor: vars.color.infoSubtle },
    },
    size: {
      sm: { padding: `0 ${vars.space['2']}`, fontSize: vars.font.size.xs },
      md: { padding: `${vars.space['1']} ${vars.space['3']}`, fontSize: vars.font.size.sm },
    },
  },
  defaultVariants: { tone: 'neutral', size: 'sm' },
});

export type StatusTagVariants = NonNullable<RecipeVariants<typeof statusTag>>;

export const dot = recipe({
  base: {
    flexShrink: 0,
    width: vars.space['2'],
    height: vars.space['2'],
    borderRadius: vars.radius.round,
  },
  variants: {
    tone: {
      success: { backgroundColor: vars.color.success },
      warning: { backgroundColor: vars.color.warning },
      danger: { backgroundColor: vars.color.danger },
      neutral: { backgroundColor: vars.color.textMuted },
      info: { backgroundColor: vars.color.info },
    },
  },
});
