import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const typeFilter = style({ flexWrap: 'wrap', maxWidth: '100%' });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});

/** One message; unread ones carry a brand stripe and a bold title. */
export const item = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: vars.space['2'],
  padding: `${vars.space['3']} ${vars.space['3']}`,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  borderInlineStart: '3px solid transparent',
  selectors: {
    '&[data-state="unread"]': { borderInlineStartColor: vars.color.brand },
  },
  '@media': {
    'screen and (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  overflowWrap: 'anywhere',
  selectors: { [`${item}[data-state="unread"] &`]: { fontWeight: vars.font.weight.bold } },
});

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  alignItems: 'center',
  fontSize: vars.font.size.xs,
  color: vars.color.textMuted,
});

export const content = style({
  margin: `${vars.space['1']} 0 0`,
  fontSize: vars.font.size.sm,
  overflowWrap: 'anywhere',
});

export const actions = style({
  display: 'flex',
  gap: vars.space['1'],
  alignItems: 'flex-start',
});
