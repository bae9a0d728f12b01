import { createTheme } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { darkTokens, lightTokens, sizes, space, type ThemeTokens } from './tokens';

const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "PingFang SC", "Hiragino Sans", "Microsoft YaHei", "Malgun Gothic", sans-serif';

const monoFamily = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

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

/** Class that applies the light theme's variables to an element and its descendants. */
export const lightTheme = createTheme(
  vars,
  themeValues(lightTokens, '0 8px 24px rgba(20, 23, 26, 0.12), 0 2px 6px rgba(20, 23, 26, 0.08)'),
);

/** Class that applies the dark theme's variables to an element and its descendants. */
export const darkTheme = createTheme(
  vars,
  themeValues(darkTokens, '0 8px 24px rgba(0, 0, 0, 0.5), 0 2px 6px rgba(0, 0, 0, 0.4)'),
);
