/**
 * The custom elements' module as the server serves it and partners load it
 * (`dist/elements/poolkit-elements.js`, built by `vite.elements.config.ts`): self-contained,
 * free of run-time code evaluation (a CSP without `unsafe-eval` loads it), and described by its
 * manifest. Needs the build (`npm run build -w @poolkit/widgets`; `npm test` builds first).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = resolve(import.meta.dirname, '..');
const file = join(dir, 'dist/elements/poolkit-elements.js');
const manifestFile = join(dir, 'dist/elements/poolkit-elements.json');
const built = existsSync(file) && existsSync(manifestFile);
const code = built ? readFileSync(file, 'utf8') : '';

describe('dist/elements/poolkit-elements.js', () => {
  it('should be built', () => {
    expect(built, 'build @poolkit/widgets first (npm run build -w @poolkit/widgets)').toBe(true);
  });

  it('should import nothing: React, core and the widgets are inside', () => {
    // Static imports and re-exports with a specifier, bare or not, and dynamic imports.
    expect(code.match(/(?:^|[;}\s])(?:import|export)\b[^;"'`]*?\bfrom\s*["'`]/gm)).toBeNull();
    expect(code.match(/(?:^|[;}\s])import\s*["'`]/gm)).toBeNull();
    expect(code.match(/\bimport\s*\(/g)).toBeNull();
  });

  it('should never evaluate code: no eval, no Function constructor in any spelling', () => {
    expect(code.match(/\beval\b/g)).toBeNull();
    // The one `Function` left is inside lodash-style type tags ("[object Function]").
    expect(code.replaceAll('[object Function]', '').match(/\bFunction\b/g)).toBeNull();
    expect(code.match(/\bsetTimeout\(\s*["'`]/g)).toBeNull();
  });

  it('should carry its styles as text for the shadow roots, not a placeholder', () => {
    expect(code).not.toContain('__POOLKIT_ELEMENTS_CSS__');
    expect(code).toContain('--pk-color-brand');
    expect(existsSync(join(dir, 'dist/elements/poolkit-elements.css'))).toBe(false);
  });

  it('should be described by its manifest: version, file and SRI hash', () => {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(manifest).toEqual({
      version,
      file: 'poolkit-elements.js',
      integrity: `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`,
    });
  });
});
