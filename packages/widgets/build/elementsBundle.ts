import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The string the elements' entry passes as its CSS; the build puts the stylesheet's text there. */
export const CSS_PLACEHOLDER = '__POOLKIT_ELEMENTS_CSS__';

/** The module's file name in `dist/elements/`. */
export const ELEMENTS_FILE = 'poolkit-elements.js';

/** The manifest beside it: `{ version, file, integrity }`. */
export const ELEMENTS_MANIFEST = 'poolkit-elements.json';

/** The manifest's shape. */
export interface ElementsManifest {
  /** The version of `@poolkit/widgets` the module was built from. */
  version: string;
  /** {@link ELEMENTS_FILE}. */
  file: string;
  /** Subresource Integrity of the file: `sha384-…` (base64). */
  integrity: string;
}

/** The SRI value of some bytes: `sha384-` and the base64 digest. */
export function integrityOf(content: string | Uint8Array): string {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

/**
 * zod probes whether it may compile validators with the `Function` constructor (and uses it
 * when allowed). A page whose CSP forbids `unsafe-eval` reports the probe as a violation even
 * though zod catches it, and a module partners load must not carry such code: in this build the
 * constructor is a function that throws, so zod validates without compiling.
 */
const NO_FUNCTION_CONSTRUCTOR =
  "function () { throw new EvalError('PoolKit elements never compile code at run time'); }";

/**
 * The elements' build (`vite.elements.config.ts`): zod's `Function` constructor is replaced
 * (see {@link NO_FUNCTION_CONSTRUCTOR}); the stylesheet Vite would emit goes into the module
 * as a string instead (the entry adopts it in every shadow root, so nothing needs a `<style>`
 * element or `unsafe-inline`); and `poolkit-elements.json` is written beside the module with
 * its version and SRI hash.
 */
export function elementsBundle(packageDir: string): Plugin {
  const { version } = JSON.parse(readFileSync(resolve(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return {
    name: 'poolkit:elements-bundle',
    enforce: 'post',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]zod[\\/]/.test(id) || !code.includes('= Function;')) return null;
      return { code: code.replaceAll('= Function;', `= ${NO_FUNCTION_CONSTRUCTOR};`), map: null };
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        let css = '';
        for (const [name, output] of Object.entries(bundle)) {
          if (output.type === 'asset' && name.endsWith('.css')) {
            css += typeof output.source === 'string' ? output.source : Buffer.from(output.source);
            delete bundle[name];
          }
        }
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const entry = chunks[0];
        if (chunks.length !== 1 || entry === undefined || entry.fileName !== ELEMENTS_FILE) {
          this.error(
            `the elements build must emit one module, ${ELEMENTS_FILE}; it emitted ${chunks.map((chunk) => chunk.fileName).join(', ')}`,
          );
        }
        const placeholders = [
          `"${CSS_PLACEHOLDER}"`,
          `'${CSS_PLACEHOLDER}'`,
          `\`${CSS_PLACEHOLDER}\``,
        ];
        const found = placeholders.filter((text) => entry.code.includes(text));
        if (found.length !== 1 || entry.code.split(found[0] as string).length !== 2) {
          this.error(`the elements' entry must hold the CSS placeholder ${CSS_PLACEHOLDER} once`);
        }
        if (css.trim() === '') this.error('the elements build emitted no CSS');
        entry.code = entry.code.replace(found[0] as string, () => JSON.stringify(css));
        const manifest: ElementsManifest = {
          version,
          file: ELEMENTS_FILE,
          integrity: integrityOf(entry.code),
        };
        this.emitFile({
          type: 'asset',
          fileName: ELEMENTS_MANIFEST,
          source: `${JSON.stringify(manifest, null, 2)}\n`,
        });
      },
    },
  };
}
