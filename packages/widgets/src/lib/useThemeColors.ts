import { useLayoutEffect, useState } from 'react';
import { vars } from '../theme/contract.css';
import { lightTokens, type ThemeTokens } from '../theme/tokens';

/** A theme colour's name in {@link ThemeTokens}. */
export type ColorName = keyof ThemeTokens['color'];

/** `var(--pk-color-accent)` → `--pk-color-accent`. */
function propertyOf(name: ColorName): string {
  return vars.color[name].replace(/^var\((--[^,)]+).*$/, '$1');
}

/**
 * Real colour values for SVG attributes (charts), read from the theme's CSS variables on the
 * element, so the light and dark themes and a partner's `--pk-*` overrides all reach the chart.
 * Outside a theme wrapper the light tokens are used. Re-read after every render, which is cheap
 * and catches a theme switch above the widget.
 */
export function useThemeColors<N extends ColorName>(
  element: HTMLElement | null,
  names: readonly N[],
): Record<N, string> {
  const read = () => {
    const style = element ? getComputedStyle(element) : undefined;
    const colors = {} as Record<N, string>;
    for (const name of names) {
      const value = style?.getPropertyValue(propertyOf(name)).trim();
      colors[name] = value || lightTokens.color[name];
    }
    return colors;
  };
  const [colors, setColors] = useState<Record<N, string>>(read);
  useLayoutEffect(() => {
    const next = read();
    setColors((current) => (names.every((name) => current[name] === next[name]) ? current : next));
  });
  return colors;
}
