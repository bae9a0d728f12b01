import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const thread = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
});

/** One entry; support answers lean to the end, notes are tinted. */
export const entry = style({
  maxWidth: 'min(100%, 680px)',
  padding: vars.space['3'],
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  selectors: {
    '&[data-author="support"]': {
      alignSelf: 'flex-end',
      backgroundColor: vars.color.infoSubtle,
    },
    '&[data-internal="true"]': {
      backgroundColor: vars.color.warningSubtle,
      borderStyle: 'dashed',
    },
  },
});

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  fontSize: vars.font.size.xs,
  color: vars.color.textMuted,
  marginBlockEnd: vars.space['1'],
});

export const author = style({ fontWeight: vars.font.weight.bold, color: vars.color.text });

export const content = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
