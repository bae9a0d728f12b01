import { createGlobalThemeContract } from '@vanilla-extract/css';

/**
 * The one theme contract. Components use only `vars.*`; a partner can restyle every widget by
 * setting these CSS variables on a wrapper (`PoolKitProvider`'s `overrides`, or any CSS rule
 * that reaches the widgets). The names are public and stable (`--pk-color-brand`, …): they are
 * the values below with `--` in front, never build hashes. README.md lists them all.
 */
export const vars = createGlobalThemeContract({
  color: {
    brand: 'pk-color-brand',
    brandText: 'pk-color-brand-text',
    onBrand: 'pk-color-on-brand',
    accent: 'pk-color-accent',
    background: 'pk-color-background',
    surface: 'pk-color-surface',
    surfaceRaised: 'pk-color-surface-raised',
    border: 'pk-color-border',
    borderStrong: 'pk-color-border-strong',
    surfaceHover: 'pk-color-surface-hover',
    surfaceSelected: 'pk-color-surface-selected',
    overlay: 'pk-color-overlay',
    text: 'pk-color-text',
    textMuted: 'pk-color-text-muted',
    success: 'pk-color-success',
    warning: 'pk-color-warning',
    danger: 'pk-color-danger',
    onDanger: 'pk-color-on-danger',
    info: 'pk-color-info',
    successSubtle: 'pk-color-success-subtle',
    warningSubtle: 'pk-color-warning-subtle',
    dangerSubtle: 'pk-color-danger-subtle',
    infoSubtle: 'pk-color-info-subtle',
    neutralSubtle: 'pk-color-neutral-subtle',
    focus: 'pk-color-focus',
    qrDark: 'pk-color-qr-dark',
    qrLight: 'pk-color-qr-light',
  },
  space: {
    '0': 'pk-space-0',
    '1': 'pk-space-1',
    '2': 'pk-space-2',
    '3': 'pk-space-3',
    '4': 'pk-space-4',
    '6': 'pk-space-6',
    '8': 'pk-space-8',
    '12': 'pk-space-12',
  },
  size: {
    controlSm: 'pk-size-control-sm',
    controlMd: 'pk-size-control-md',
    controlLg: 'pk-size-control-lg',
    iconSm: 'pk-size-icon-sm',
    iconMd: 'pk-size-icon-md',
    dialog: 'pk-size-dialog',
    dialogNarrow: 'pk-size-dialog-narrow',
    drawer: 'pk-size-drawer',
    tooltip: 'pk-size-tooltip',
    toast: 'pk-size-toast',
    contentMax: 'pk-size-content-max',
  },
  radius: { control: 'pk-radius-control', card: 'pk-radius-card', round: 'pk-radius-round' },
  font: {
    family: 'pk-font-family',
    mono: 'pk-font-mono',
    size: {
      xs: 'pk-font-size-xs',
      sm: 'pk-font-size-sm',
      md: 'pk-font-size-md',
      lg: 'pk-font-size-lg',
      xl: 'pk-font-size-xl',
      xxl: 'pk-font-size-xxl',
    },
    weight: {
      regular: 'pk-font-weight-regular',
      medium: 'pk-font-weight-medium',
      bold: 'pk-font-weight-bold',
    },
  },
  shadow: { floating: 'pk-shadow-floating' },
  motion: { fast: 'pk-motion-fast', normal: 'pk-motion-normal' },
  z: { dropdown: 'pk-z-dropdown', dialog: 'pk-z-dialog', toast: 'pk-z-toast' },
});
