import { vars } from '@poolkit/widgets';
import { style } from '@vanilla-extract/css';

const narrow = 'screen and (max-width: 767px)';
const wide = 'screen and (min-width: 768px)';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['4'],
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
  padding: `0 ${vars.space['4']}`,
  height: 56,
  '@media': { [narrow]: { gap: vars.space['2'], padding: `0 ${vars.space['2']}` } },
});

export const logo = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  color: vars.color.brandText,
  fontWeight: vars.font.weight.bold,
  fontSize: vars.font.size.lg,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
});

export const coin = style({ flexShrink: 1, minWidth: 0 });

/** The product name beside the logo mark; phones show the mark only (it keeps its label). */
export const logoText = style({ '@media': { [narrow]: { display: 'none' } } });

export const nav = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  flex: 1,
  minWidth: 0,
  // Until the script has measured what fits (prerendered page), the links that do not are cut
  // off rather than drawn over the actions; after, "More" holds them and its menu may overflow.
  selectors: { '&:not([data-measured])': { overflow: 'hidden' } },
  '@media': { [narrow]: { display: 'none' } },
});

/** Hidden copies of the links, measured to decide how many fit beside "More". */
export const navMeasure = style({
  position: 'absolute',
  top: 0,
  left: 0,
  display: 'flex',
  gap: vars.space['1'],
  visibility: 'hidden',
  pointerEvents: 'none',
  whiteSpace: 'nowrap',
});

export const navLink = style({
  padding: `${vars.space['2']} ${vars.space['2']}`,
  borderRadius: vars.radius.control,
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: vars.font.size.sm,
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&[aria-current="page"]': { color: vars.color.brandText, fontWeight: vars.font.weight.medium },
  },
});

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  marginLeft: 'auto',
  flexShrink: 0,
});

export const desktopOnly = style({ '@media': { [narrow]: { display: 'none' } } });

export const drawerButton = style({
  display: 'none',
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  padding: vars.space['2'],
  cursor: 'pointer',
  '@media': { [narrow]: { display: 'inline-flex' } },
});

export const selectLabel = style({ display: 'inline-flex' });

export const select = style({
  height: vars.size.controlSm,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.control,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.size.sm,
  padding: `0 ${vars.space['2']}`,
  maxWidth: 140,
  '@media': { [narrow]: { maxWidth: 96 } },
});

/**
 * The language and theme selects: as wide as their longest choice, never cut ("システムに合わせる"
 * in Japanese is wider than the 140 px a coin name gets). Their choices are few words, and the
 * desktop nav moves links under "More" to make room; on phones they sit in the drawer.
 */
export const settingSelect = style([
  select,
  { maxWidth: 'none', '@media': { [narrow]: { maxWidth: 'none' } } },
]);

// One visually-hidden style for the site.
export { visuallyHidden } from './ui.css';

export const iconLink = style({
  position: 'relative',
  display: 'inline-flex',
  padding: vars.space['2'],
  color: vars.color.text,
});

export const badge = style({
  position: 'absolute',
  top: 0,
  right: 0,
  minWidth: 16,
  height: 16,
  borderRadius: 8,
  background: vars.color.danger,
  color: vars.color.onDanger,
  fontSize: 10,
  lineHeight: '16px',
  textAlign: 'center',
  padding: '0 4px',
});

export const signIn = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.control,
  background: vars.color.brandText,
  color: vars.color.onBrand,
  textDecoration: 'none',
  fontSize: vars.font.size.sm,
  whiteSpace: 'nowrap',
});

export const observerTag = style({
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.control,
  background: vars.color.infoSubtle,
  color: vars.color.info,
  fontSize: vars.font.size.xs,
  whiteSpace: 'nowrap',
});

export const menuWrap = style({ position: 'relative' });
export const menuButton = style({
  height: vars.size.controlSm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.control,
  background: vars.color.surface,
  color: vars.color.text,
  padding: `0 ${vars.space['3']}`,
  cursor: 'pointer',
  fontSize: vars.font.size.sm,
});
export const moreButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  padding: `${vars.space['2']} ${vars.space['2']}`,
  border: 'none',
  borderRadius: vars.radius.control,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.size.sm,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceHover } },
});

export const menu = style({
  position: 'absolute',
  right: 0,
  top: 'calc(100% + 4px)',
  minWidth: 200,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.control,
  boxShadow: vars.shadow.floating,
  display: 'flex',
  flexDirection: 'column',
  padding: vars.space['1'],
  zIndex: vars.z.dropdown,
});
/** The "More" menu opens under its button, from its left edge. */
export const moreMenu = style([menu, { left: 0, right: 'auto' }]);

export const menuItem = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: vars.font.size.sm,
  border: 'none',
  background: 'transparent',
  textAlign: 'left',
  cursor: 'pointer',
  borderRadius: vars.radius.control,
  selectors: { '&:hover, &:focus-visible': { background: vars.color.surfaceHover } },
});

export const drawerOverlay = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.overlay,
  zIndex: 20,
  '@media': { [wide]: { display: 'none' } },
});

export const drawer = style({
  position: 'fixed',
  top: 0,
  left: 0,
  bottom: 0,
  width: 'min(80vw, 300px)',
  background: vars.color.surface,
  zIndex: 21,
  padding: vars.space['4'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  boxShadow: vars.shadow.floating,
  '@media': { [wide]: { display: 'none' } },
});

export const drawerNav = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'] });
