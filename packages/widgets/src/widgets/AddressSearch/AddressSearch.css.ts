import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const form = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space['2'],
});

export const pool = style({ flex: '0 0 auto', width: '112px' });

export const address = style({
  flex: '1 1 260px',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
});

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.font.size.xs });

export const recentHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
});

export const recentList = style({
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  borderTop: `1px solid ${vars.color.border}`,
});

export const recentItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  borderBottom: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

export const recentButton = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  flex: 1,
  minWidth: 0,
  minHeight: '40px',
  padding: `0 ${vars.space['2']}`,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  borderRadius: vars.radius.control,
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
});

export const poolTag = style({
  flexShrink: 0,
  minWidth: '44px',
  padding: `0 ${vars.space['1']}`,
  borderRadius: vars.radius.control,
  backgroundColor: vars.color.neutralSubtle,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  textAlign: 'center',
  textTransform: 'uppercase',
});

export const addr = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontFamily: vars.font.mono,
  fontSize: vars.font.size.xs,
});

export const remove = style({
  flexShrink: 0,
  width: '32px',
  height: '32px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: 'none',
  borderRadius: vars.radius.control,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text, backgroundColor: vars.color.surfaceHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
});
