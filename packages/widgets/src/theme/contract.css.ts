import { createThemeContract } from '@vanilla-extract/css';

/**
 * The one theme contract. Components use only `vars.*`; a partner can restyle every widget by
 * setting these CSS variables on a wrapper.
 */
export const vars = createThemeContract({
  color: {
    brand: 'pk-color-brand',
    brandText: 'pk-color-brand-text',
    onBrand: 'pk-color-on-brand',
    accent: 'pk-color-accent',
    background: 'pk-color-background',
    surface: 'pk-color-surface',
    surfaceRaised: 'pk-color-surface-raised',
    border: 'pk-color-border',
    text: 'pk-color-text',
    textMuted: 'pk-color-text-muted',
    success: 'pk-color-success',
    warning: 'pk-color-warning',
    danger: 'pk-color-danger',
    focus: 'pk-color-focus',
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
  radius: { control: 'pk-radius-control', card: 'pk-radius-card', round: 'pk-radius-round' },
  font: {
    family: 'pk-font-family',
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
  z: { dropdown: 'pk-z-dropdown', dialog: 'pk-z-dialog', toast: 'pk-z-toast' },
});
