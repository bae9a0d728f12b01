export { Button, type ButtonProps } from './components/Button/Button';
export { vars } from './theme/contract.css';
export {
  PoolKitThemeProvider,
  type PoolKitThemeProviderProps,
} from './theme/PoolKitThemeProvider';
export { darkTheme, lightTheme } from './theme/themes.css';
export { breakpoints, darkTokens, lightTokens, space, type ThemeTokens } from './theme/tokens';
