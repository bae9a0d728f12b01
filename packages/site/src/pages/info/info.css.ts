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

/** A command line or a machine's pool settings: monospace, wrapped inside the card at 375 px. */
export const example = style({
  margin: 0,
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: 6,
  background: vars.color.surfaceRaised,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.font.size.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

/**
 * A pool's stratum endpoints, one a line. They wrap inside their own cell (the table's cells keep
 * one line by default), so the columns after them stay on screen at 1280 px.
 */
export const endpoints = style({ display: 'grid', gap: vars.space['1'], whiteSpace: 'normal' });

/** A stratum URL in its cell: monospace, broken anywhere rather than widening the table. */
export const endpointUrl = style({ overflowWrap: 'anywhere', wordBreak: 'break-all' });

/** A coin's configuration example: its name above the block. */
export const figure = style({ display: 'grid', gap: vars.space['2'], margin: 0 });

/** A table cell's text that may wrap (the table's cells keep one line by default). */
export const wrapCell = style({ whiteSpace: 'normal' });

/** The configuration examples: two or three a row on wide screens, one on phones. */
export const examples = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 380px), 1fr))',
  gap: vars.space['4'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
