import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** The steps: address, amount, confirm; the current one in the brand colour. */
export const steps = style({
  display: 'flex',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  counterReset: 'step',
});

export const step = style({
  flex: 1,
  minWidth: 0,
  paddingTop: vars.space['2'],
  borderTop: `3px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
  selectors: {
    '&[data-state="done"]': { borderTopColor: vars.color.brand },
    '&[aria-current="step"]': {
      borderTopColor: vars.color.brand,
      color: vars.color.text,
      fontWeight: vars.font.weight.bold,
    },
  },
});

/** The saved addresses: one radio per address, with its delete button. */
export const addressList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space['2'],
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
});

export const addressOption = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minWidth: 0,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.control,
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.brand },
  },
});

export const addressLabel = style({
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  minWidth: 0,
  cursor: 'pointer',
});

export const alias = style({ fontWeight: vars.font.weight.medium, overflowWrap: 'anywhere' });

export const addressText = style({
  fontFamily: vars.font.mono,
  fontSize: vars.font.size.xs,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

/** The new-address form, set apart from the list. */
export const addForm = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['3'],
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.control,
});

/** Available, fee, minimum, receive (with the shell's figures): in the small size. */
export const figures = style({ fontSize: vars.font.size.xs });

/** The audit and split notes, and the pause: worth reading before sending. */
export const callout = style({
  margin: 0,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderInlineStart: `3px solid ${vars.color.warning}`,
  backgroundColor: vars.color.neutralSubtle,
  borderRadius: vars.radius.control,
  fontSize: vars.font.size.xs,
});
