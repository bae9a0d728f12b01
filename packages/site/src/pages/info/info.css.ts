import { vars } from '@poolkit/widgets';
import { style } from '@vanilla-extract/css';

/** The downloads of a category, one after the other. */
export const downloads = style({
  display: 'grid',
  gap: vars.space['4'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** A checksum wraps anywhere rather than widening the page. */
export const checksum = style({ overflowWrap: 'anywhere' });
