import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** Hides content visually but keeps it for screen readers. */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/** The focus ring of every interactive element. */
export const focusRing = style({
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

/** A floating layer: listboxes, menus, popovers. */
export const floatingPanel = style({
  boxSizing: 'border-box',
  zIndex: vars.z.dropdown,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.control,
  boxShadow: vars.shadow.floating,
  fontSize: vars.font.size.sm,
  outline: 'none',
});

/** A list of options or menu items inside a floating panel. */
export const listPanel = style([
  floatingPanel,
  {
    margin: 0,
    padding: vars.space['1'],
    listStyle: 'none',
    overflowY: 'auto',
    minWidth: '160px',
  },
]);

/** One option or menu item; the highlighted one carries `data-active`. */
export const listItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: vars.size.controlSm,
  padding: `${vars.space['1']} ${vars.space['2']}`,
  borderRadius: vars.radius.control,
  cursor: 'pointer',
  userSelect: 'none',
  selectors: {
    '&[data-active]': { backgroundColor: vars.color.surfaceHover },
    '&[aria-selected="true"]': {
      backgroundColor: vars.color.surfaceSelected,
      fontWeight: vars.font.weight.medium,
    },
    '&[aria-selected="true"][data-active]': { backgroundColor: vars.color.surfaceSelected },
    '&[aria-disabled="true"]': { cursor: 'not-allowed', color: vars.color.textMuted },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
});

/** The check mark column of a list item; keeps labels aligned whether checked or not. */
export const listItemCheck = style({
  display: 'inline-flex',
  flexShrink: 0,
  width: vars.size.iconSm,
  color: vars.color.brandText,
});

/** A muted line inside a list ("No results"). */
export const listMessage = style({
  padding: `${vars.space['2']} ${vars.space['2']}`,
  color: vars.color.textMuted,
});
