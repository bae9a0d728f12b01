import { vars } from '@poolkit/widgets';
import { globalStyle, style } from '@vanilla-extract/css';

/**
 * An observer's worker table: the widget has no switch for its selection column yet, so the
 * checkboxes are hidden (and so leave the accessibility tree) when nothing may be changed.
 */
export const readOnly = style({});

globalStyle(`${readOnly} input[type="checkbox"]`, { visibility: 'hidden' });

/** The group tabs with, on the right (below on phones), the selected group's actions. */
export const groupBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space['3'],
  rowGap: vars.space['2'],
  marginBottom: vars.space['4'],
});

// Inside the bar the tabs take the free width and scroll sideways when there are many groups;
// the bar keeps the spacing below.
globalStyle(`${groupBar} > [role="tablist"]`, {
  flex: '1 1 320px',
  minWidth: 0,
  marginBottom: 0,
});

/** Rename and delete of the selected group. */
export const groupActions = style({
  display: 'flex',
  gap: vars.space['2'],
  flexShrink: 0,
});
