/**
 * Declaration files that resolve under every TypeScript resolution. The packages' sources import
 * relative paths without extensions (`./Button`), which `moduleResolution: bundler` accepts; the
 * emitted `.d.ts` files keep them, and under `node16`/`nodenext` an extensionless relative import
 * of an ES module does not resolve, so every type that crossed it became `any`, silently.
 * {@link addDeclarationExtensions} rewrites each relative specifier of the emitted declarations
 * to the file it means (`./Button.js`, `./theme/index.js`), which every resolution understands.
 * The packages' `vite.config.ts` run it once the declarations are written (`vite-plugin-dts`'s
 * `afterBuild`); `scripts/packageChecks.test.mjs` proves the result with
 * `@arethetypeswrong/cli`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** `from './x'`, `import('./x')`, `import './x'`, with either quote. */
const RELATIVE_SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g;

/**
 * Adds `.js` (or `/index.js`) to the extensionless relative imports of declaration files, when
 * the declaration they mean exists beside them.
 *
 * @param {Iterable<string>} files absolute paths of the emitted files (others are skipped).
 * @returns {number} how many files changed.
 */
export function addDeclarationExtensions(files) {
  let changed = 0;
  for (const file of files) {
    if (!file.endsWith('.d.ts') || !existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const next = text.replace(RELATIVE_SPECIFIER, (match, lead, quote, specifier) => {
      if (/\.(?:[cm]?js|json)$/.test(specifier)) return match;
      const target = resolve(dirname(file), specifier);
      if (existsSync(`${target}.d.ts`)) return `${lead}${quote}${specifier}.js${quote}`;
      if (existsSync(`${target}/index.d.ts`)) {
        return `${lead}${quote}${specifier.replace(/\/$/, '')}/index.js${quote}`;
      }
      return match;
    });
    if (next !== text) {
      writeFileSync(file, next);
      changed += 1;
    }
  }
  return changed;
}
