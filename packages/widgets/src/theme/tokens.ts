/**
 * PoolKit's design tokens as plain objects (DESIGN.md). The CSS themes are built from them, and
 * charts read them at run time so SVG attributes get real values.
 */
export interface ThemeTokens {
  /** Every colour of the theme, by role. */
  color: {
    brand: string;
    brandText: string;
    onBrand: string;
    accent: string;
    background: string;
    surface: string;
    surfaceRaised: string;
    /** Hover and active rows on a surface. */
    surfaceHover: string;
    /** The selected option or row: a light brand tint. */
    surfaceSelected: string;
    border: string;
    /** Outlines of form controls: at least 3:1 against the surface (WCAG 1.4.11). */
    borderStrong: string;
    /** The dimmed layer behind modal dialogs and drawers. */
    overlay: string;
    text: string;
    textMuted: string;
    success: string;
    warning: string;
    danger: string;
    /** Text and icons on a `danger` fill. */
    onDanger: string;
    /** Neutral information (a tag tone, not a status). */
    info: string;
    successSubtle: string;
    warningSubtle: string;
    dangerSubtle: string;
    infoSubtle: string;
    neutralSubtle: string;
    focus: string;
    /** QR code modules: dark on light in both themes, because many scanners fail on inverted codes. */
    qrDark: string;
    qrLight: string;
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
    surfaceHover: '#F1F4F7',
    surfaceSelected: '#E6F4F2',
    border: '#E3E8EE',
    borderStrong: '#7D8796',
    overlay: 'rgba(20, 23, 26, 0.45)',
    text: '#14171A',
    textMuted: '#5B6573',
    success: '#1A9E5A',
    warning: '#C77C02',
    // DESIGN.md's #D93A3A reaches only 4.27:1 on the page background; this is AA everywhere.
    danger: '#CF3434',
    onDanger: '#FFFFFF',
    info: '#2F6FDB',
    successSubtle: '#E8F6EE',
    warningSubtle: '#FDF3E1',
    dangerSubtle: '#FCEBEB',
    infoSubtle: '#E8F0FC',
    neutralSubtle: '#EEF1F4',
    focus: '#0F8B7D',
    qrDark: '#000000',
    qrLight: '#FFFFFF',
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
    surfaceHover: '#21262D',
    surfaceSelected: '#163A37',
    border: '#2A313C',
    borderStrong: '#6E7681',
    overlay: 'rgba(1, 4, 9, 0.7)',
    text: '#E6EDF3',
    textMuted: '#9AA6B2',
    success: '#3FC27A',
    warning: '#E3A33B',
    danger: '#F06A6A',
    // White on the light dark-theme red is only 3:1; the page colour is 6.3:1.
    onDanger: '#0D1117',
    info: '#58A6FF',
    successSubtle: '#12261B',
    warningSubtle: '#2B2212',
    dangerSubtle: '#2D1618',
    infoSubtle: '#13233A',
    neutralSubtle: '#21262D',
    focus: '#2BC4B1',
    qrDark: '#000000',
    qrLight: '#FFFFFF',
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

/**
 * Fixed sizes: control heights, icons, and the dialog widths of the spec (section 3: 560 px
 * wide, 350 px narrow).
 */
export const sizes = {
  controlSm: '28px',
  controlMd: '36px',
  controlLg: '44px',
  iconSm: '16px',
  iconMd: '20px',
  dialog: '560px',
  dialogNarrow: '350px',
  drawer: '300px',
  tooltip: '260px',
  toast: '360px',
  contentMax: '1280px',
} as const;

/** The wide-screen breakpoint of the spec (section 9): below it, phones and narrow layouts. */
export const breakpoints = { wide: 768, desktop: 1024, max: 1280 } as const;

const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "PingFang SC", "Hiragino Sans", "Microsoft YaHei", "Malgun Gothic", sans-serif';

const monoFamily = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/** Every value of a theme, in the shape of the theme contract (`vars`). */
function themeValues(tokens: ThemeTokens, floatingShadow: string) {
  return {
    color: tokens.color,
    space,
    size: sizes,
    radius: { control: '6px', card: '10px', round: '999px' },
    font: {
      family: fontFamily,
      mono: monoFamily,
      size: { xs: '12px', sm: '14px', md: '16px', lg: '20px', xl: '24px', xxl: '32px' },
      weight: { regular: '400', medium: '500', bold: '600' },
    },
    shadow: { floating: floatingShadow },
    motion: { fast: '120ms', normal: '200ms' },
    z: { dropdown: '1000', dialog: '1100', toast: '1200' },
  };
}

/** The light theme's value of every theme variable. */
export const lightThemeValues = /*#__PURE__*/ themeValues(
  lightTokens,
  '0 8px 24px rgba(20, 23, 26, 0.12), 0 2px 6px rgba(20, 23, 26, 0.08)',
);

/** The dark theme's value of every theme variable. */
export const darkThemeValues = /*#__PURE__*/ themeValues(
  darkTokens,
  '0 8px 24px rgba(0, 0, 0, 0.5), 0 2px 6px rgba(0, 0, 0, 0.4)',
);
