import { vars } from '@poolkit/widgets';
import { style } from '@vanilla-extract/css';

/** A group of checkboxes with its legend, wrapping on phones. */
export const choices = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  minWidth: 0,
});

/** The legend of {@link choices}, like a field label. */
export const choicesLegend = style({
  padding: 0,
  marginBottom: vars.space['2'],
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  width: '100%',
});

/** The new key's secret: monospace, broken anywhere so it never widens the page. */
export const secret = style({
  display: 'block',
  fontFamily: vars.font.mono,
  fontSize: vars.font.size.sm,
  padding: vars.space['3'],
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.control,
  overflowWrap: 'anywhere',
  margin: `${vars.space['2']} 0`,
});
