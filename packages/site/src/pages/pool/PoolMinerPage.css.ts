import { globalStyle, style } from '@vanilla-extract/css';

/**
 * An observer's worker table: the widget has no switch for its selection column yet, so the
 * checkboxes are hidden (and so leave the accessibility tree) when nothing may be changed.
 */
export const readOnly = style({});

globalStyle(`${readOnly} input[type="checkbox"]`, { visibility: 'hidden' });
