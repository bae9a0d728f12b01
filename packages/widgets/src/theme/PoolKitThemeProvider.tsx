import type { CSSProperties, ReactNode } from 'react';
import { root } from './PoolKitThemeProvider.css';
import { darkTheme, lightTheme } from './themes.css';

/** Props of {@link PoolKitThemeProvider}. */
export interface PoolKitThemeProviderProps {
  /** Which built-in theme to apply. Default `'light'`. */
  mode?: 'light' | 'dark';
  /**
   * A partner's own values for theme variables, e.g. `{ '--pk-color-brand': '#5b21b6' }`.
   * They override the built-in theme inside this wrapper only.
   */
  overrides?: Record<`--pk-${string}`, string>;
  children?: ReactNode;
}

/** Applies PoolKit's theme to its children. Every widget must sit inside one. */
export function PoolKitThemeProvider({
  mode = 'light',
  overrides,
  children,
}: PoolKitThemeProviderProps) {
  const themeClass = mode === 'dark' ? darkTheme : lightTheme;
  return (
    <div
      className={`${themeClass} ${root}`}
      data-theme={mode}
      style={overrides as CSSProperties | undefined}
    >
      {children}
    </div>
  );
}
