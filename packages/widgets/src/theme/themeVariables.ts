import { vars } from './contract.css';
import { darkThemeValues, lightThemeValues } from './tokens';

/** One public theme variable. */
export interface ThemeVariable {
  /** The CSS custom property, e.g. `--pk-color-brand`. */
  name: string;
  /** Its place in `vars`, e.g. `color.brand`. */
  path: string;
  /** Its value in the light theme. */
  light: string;
  /** Its value in the dark theme. */
  dark: string;
}

type Tree = { readonly [key: string]: string | Tree };

function walk(contract: Tree, light: Tree, dark: Tree, path: string[], into: ThemeVariable[]) {
  for (const [key, value] of Object.entries(contract)) {
    const at = [...path, key];
    const lightValue = light[key];
    const darkValue = dark[key];
    if (typeof value === 'string') {
      into.push({
        name: value.replace(/^var\((--[^,)]+).*$/, '$1'),
        path: at.join('.'),
        light: typeof lightValue === 'string' ? lightValue : '',
        dark: typeof darkValue === 'string' ? darkValue : '',
      });
    } else {
      walk(value, (lightValue ?? {}) as Tree, (darkValue ?? {}) as Tree, at, into);
    }
  }
}

/**
 * Every public theme variable with its light and dark values, in the contract's order: what a
 * partner may set (`PoolKitProvider`'s `overrides`, or any CSS rule reaching the widgets).
 */
export function themeVariables(): ThemeVariable[] {
  const rows: ThemeVariable[] = [];
  walk(vars as unknown as Tree, lightThemeValues, darkThemeValues, [], rows);
  return rows;
}

/** {@link themeVariables} as the Markdown table of the package README. */
export function themeVariablesTable(): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  return [
    '| Variable | `vars` | Light | Dark |',
    '| --- | --- | --- | --- |',
    ...themeVariables().map(
      (row) =>
        `| \`${row.name}\` | \`${row.path}\` | \`${cell(row.light)}\` | \`${cell(row.dark)}\` |`,
    ),
  ].join('\n');
}
