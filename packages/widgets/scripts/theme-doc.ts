/**
 * Writes the table of theme variables into the package README, between its
 * `<!-- theme-variables -->` markers, from the theme contract (`src/theme/themeVariables.ts`).
 * `src/theme/themeVariables.test.tsx` fails when the README's table is not what this writes.
 *
 * node --conditions=@poolkit/source --import tsx packages/widgets/scripts/theme-doc.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { themeVariablesTable } from '../src/theme/themeVariables';

const readme = resolve(import.meta.dirname, '../README.md');
const start = '<!-- theme-variables:start -->';
const end = '<!-- theme-variables:end -->';
const text = readFileSync(readme, 'utf8');
const from = text.indexOf(start);
const to = text.indexOf(end);
if (from < 0 || to < from) throw new Error(`README.md has no ${start} … ${end} markers`);
writeFileSync(
  readme,
  `${text.slice(0, from + start.length)}\n${themeVariablesTable()}\n${text.slice(to)}`,
);
console.log('README.md: theme variables written');
