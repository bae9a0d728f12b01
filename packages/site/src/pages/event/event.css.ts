import { vars } from '@poolkit/widgets';
import { style } from '@vanilla-extract/css';

/** The banner: the picture at 3:1 with its caption under it. */
export const banner = style({
  margin: `0 0 ${vars.space['4']}`,
  display: 'grid',
  gap: vars.space['2'],
});

export const bannerImage = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '3 / 1',
  objectFit: 'cover',
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
});

export const bannerCaption = style({
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
});

export const paragraph = style({ margin: `0 0 ${vars.space['3']}`, lineHeight: 1.6 });

export const machines = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: vars.space['3'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const machine = style({
  display: 'grid',
  gap: vars.space['1'],
  padding: vars.space['3'],
  borderRadius: vars.radius.card,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
});

export const coupon = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
});

export const code = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.font.size.xl,
  fontWeight: vars.font.weight.bold,
  letterSpacing: '0.05em',
  padding: `${vars.space['1']} ${vars.space['3']}`,
  border: `2px dashed ${vars.color.brand}`,
  borderRadius: vars.radius.control,
});
