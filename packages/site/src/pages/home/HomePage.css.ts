import { vars } from '@poolkit/widgets';
import { style } from '@vanilla-extract/css';

export const hero = style({
  background: `linear-gradient(120deg, ${vars.color.brandText}, ${vars.color.brand})`,
  color: vars.color.onBrand,
  borderRadius: vars.radius.card,
  padding: vars.space['6'],
  marginBottom: vars.space['4'],
});
export const heroText = style({
  margin: `0 0 ${vars.space['4']}`,
  fontSize: vars.font.size.md,
  maxWidth: 640,
});
export const primaryCta = style({
  background: vars.color.surface,
  color: vars.color.brandText,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.control,
  textDecoration: 'none',
  fontWeight: vars.font.weight.medium,
});
export const secondaryCta = style({
  color: vars.color.onBrand,
  border: `1px solid ${vars.color.onBrand}`,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.control,
  textDecoration: 'none',
});
export const slides = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
  gap: vars.space['4'],
  marginBottom: vars.space['4'],
});
export const slide = style({
  display: 'block',
  borderRadius: vars.radius.card,
  overflow: 'hidden',
});
export const newsList = style({
  margin: 0,
  paddingLeft: vars.space['4'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
});
export const sectionTitle = style({
  fontSize: vars.font.size.lg,
  margin: `${vars.space['6']} 0 ${vars.space['3']}`,
});
