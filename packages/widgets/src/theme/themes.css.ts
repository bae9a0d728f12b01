import { createTheme } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { darkThemeValues, lightThemeValues } from './tokens';

/** Class that applies the light theme's variables to an element and its descendants. */
export const lightTheme = createTheme(vars, lightThemeValues);

/** Class that applies the dark theme's variables to an element and its descendants. */
export const darkTheme = createTheme(vars, darkThemeValues);
