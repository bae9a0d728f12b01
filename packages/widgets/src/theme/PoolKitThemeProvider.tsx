import { type CSSProperties, type ReactNode, useState } from 'react';
import { root } from './PoolKitThemeProvider.css';
import { PortalContainerContext } from './portalContainer';
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
  /** The language of the content, set as the wrapper's `lang` attribute. Default: inherited. */
  lang?: string;
  /** The widgets to theme. */
  children?: ReactNode;
}

/**
 * Applies PoolKit's theme to its children. Every widget must sit inside one. Floating layers
 * (menus, dialogs, toasts) are portalled into this wrapper so they keep the theme.
 */
export function PoolKitThemeProvider({
  mode = 'light',
  overrides,
  lang,
  children,
}: PoolKitThemeProviderProps) {
  const themeClass = mode === 'dark' ? darkTheme : lightTheme;
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  return (
    <div
      ref={setContainer}
      className={`${themeClass} ${root}`}
      data-theme={mode}
      lang={lang}
      style={overrides as CSSProperties | undefined}
    >
      <PortalContainerContext.Provider value={container}>
        {children}
      </PortalContainerContext.Provider>
    </div>
  );
}
