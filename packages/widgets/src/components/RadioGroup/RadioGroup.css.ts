import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import {
  choiceControl,
  choiceDescription,
  choiceInput,
  choiceMark,
  choiceRoot,
  choiceText,
} from '../../internal/choiceControl.css';
import { vars } from '../../theme/contract.css';

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

export const groupLabel = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
});

export const items = recipe({
  base: { display: 'flex', gap: vars.space['2'] },
  variants: {
    orientation: {
      vertical: { flexDirection: 'column' },
      horizontal: { flexDirection: 'row', flexWrap: 'wrap', columnGap: vars.space['4'] },
    },
  },
});

export const radio = choiceRoot;

export const control = choiceControl;

export const input = choiceInput;

export const circle = style([
  choiceMark,
  {
    borderRadius: vars.radius.round,
    selectors: {
      [`${input}:checked + &`]: {
        borderColor: vars.color.brandText,
        borderWidth: '5px',
      },
      [`[aria-invalid="true"] ${input} + &`]: { borderColor: vars.color.danger },
    },
  },
]);

export const text = choiceText;

export const description = choiceDescription;
