/**
 * PoolKit's design tokens as plain objects (DESIGN.md). The CSS themes are built from them, and
 * charts read them at run time so SVG attributes get real values.
 */
export interface ThemeTokens {
  color: {
    brand: string;
    brandText: string;
    onBrand: string;
    accent: string;
    background: string;
    surface: string;
    surfaceRaised: string;
    border: string;
    text: string;
    textMuted: string;
    success: string;
    warning: string;
    danger: string;
    focus: string;
  };
}

/** Light theme colours. `brandText` is the brand colour darkened where it sits on white text. */
export const lightTokens: ThemeTokens = {
  color: {
    brand: '#0F8B7D',
    brandText: '#0B6F64',
    onBrand: '#FFFFFF',
    accent: '#F5A524',
    background: '#F6F8FA',
    surface: '#FFFFFF',
    surfaceRaised: '#FFFFFF',
    border: '#E3E8EE',
    text: '#14171A',
    textMuted: '#5B6573',
    success: '#1A9E5A',
    warning: '#C77C02',
    danger: '#D93A3A',
    focus: '#0F8B7D',
  },
};

/** Dark theme colours. */
export const darkTokens: ThemeTokens = {
  color: {
    brand: '#2BC4B1',
    brandText: '#2BC4B1',
    onBrand: '#0D1117',
    accent: '#F7B84B',
    background: '#0D1117',
    surface: '#161B22',
    surfaceRaised: '#1C232C',
    border: '#2A313C',
    text: '#E6EDF3',
    textMuted: '#9AA6B2',
    success: '#3FC27A',
    warning: '#E3A33B',
    danger: '#F06A6A',
    focus: '#2BC4B1',
  },
};

/** Spacing on a 4 px scale. */
export const space = {
  '0': '0',
  '1': '4px',
  '2': '8px',
  '3': '12px',
  '4': '16px',
  '6': '24px',
  '8': '32px',
  '12': '48px',
} as const;

/** The wide-screen breakpoint of the spec (section 9): below it, phones and narrow layouts. */
export const breakpoints = { wide: 768, desktop: 1024, max: 1280 } as const;
