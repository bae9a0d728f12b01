import { style } from '@vanilla-extract/css';
import {
  choiceControl,
  choiceDescription,
  choiceInput,
  choiceMark,
  choiceRoot,
  choiceText,
} from '../../internal/choiceControl.css';
import { vars } from '../../theme/contract.css';

export const root = style([choiceRoot, { color: vars.color.text }]);

export const control = choiceControl;

export const input = choiceInput;

export const box = style([
  choiceMark,
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: '4px',
    color: vars.color.onBrand,
    selectors: {
      [`${input}:checked + &, ${input}:indeterminate + &`]: {
        backgroundColor: vars.color.brandText,
        borderColor: vars.color.brandText,
      },
      [`${input}[aria-invalid="true"] + &`]: { borderColor: vars.color.danger },
    },
  },
]);

// The mark sits inside the box with a little air around it.
export const mark = style({
  width: `calc(${vars.size.iconSm} - ${vars.space['1']})`,
  height: `calc(${vars.size.iconSm} - ${vars.space['1']})`,
  strokeWidth: 3,
});

export const text = choiceText;

export const description = choiceDescription;
