/**
 * The package's entries as a user resolves them: every subpath of package.json `exports` names a
 * source file and built files that exist (needs `npm run build -w @poolkit/core`), each area's
 * built entry exports something and only what the root entry exports too, and the root entry
 * keeps the names the other packages import. Each area's index.ts names every module of its
 * folder but the few that are private.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import * as root from './index';

const packageDir = resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(resolve(packageDir, 'package.json'), 'utf8')) as {
  exports: Record<string, string | Record<string, string>>;
};
const entries = Object.entries(manifest.exports).flatMap(([subpath, target]) =>
  typeof target === 'object' ? [{ subpath, target }] : [],
);

/** The module namespace of a built file of the package. */
function importBuilt(file: string): Promise<Record<string, unknown>> {
  return import(/* @vite-ignore */ pathToFileURL(resolve(packageDir, file)).href);
}

describe('package entries', () => {
  let builtRoot: Record<string, unknown> = {};
  // The built root pulls in every module of the package: slow on a busy machine.
  beforeAll(async () => {
    if (existsSync(resolve(packageDir, 'dist/index.js')))
      builtRoot = await importBuilt('dist/index.js');
  }, 60_000);

  it('should give the root and every area its own subpath', () => {
    expect(entries.map(({ subpath }) => subpath).sort()).toEqual([
      '.',
      './access',
      './client',
      './constants',
      './contract',
      './domain',
      './format',
      './i18n',
      './session',
      './validators',
    ]);
  });

  it.each(entries)('should resolve $subpath to its source and built files', ({ target }) => {
    for (const condition of ['@poolkit/source', 'types', 'import']) {
      const file = target[condition];
      expect(file, condition).toBeDefined();
      expect(
        existsSync(resolve(packageDir, file as string)),
        `${file}: build @poolkit/core first`,
      ).toBe(true);
    }
  });

  it.each(entries)(
    'should export from the built $subpath only what the root exports',
    async ({ target }) => {
      const area = await importBuilt(target.import as string);
      const names = Object.keys(area);
      expect(names.length).toBeGreaterThan(0);
      expect(Object.keys(builtRoot)).toEqual(expect.arrayContaining(names));
    },
    30_000,
  );

  it('should export every module of an area from its index but the private ones', () => {
    // Tooling and what reaches the entries another way (`ERROR_CODES` through `envelope`).
    const PRIVATE = [
      'contract/contractDoc',
      'contract/errorCodes',
      'i18n/catalogues',
      'i18n/english',
    ];
    const areas = entries
      .map(({ target }) => target['@poolkit/source'] ?? '')
      .flatMap((source) => /^\.\/src\/(\w+)\/index\.ts$/.exec(source)?.[1] ?? []);
    expect(areas).toHaveLength(8);
    const missing = areas.flatMap((area) => {
      const dir = resolve(packageDir, 'src', area);
      const index = readFileSync(resolve(dir, 'index.ts'), 'utf8');
      return readdirSync(dir)
        .filter((file) => /^(?!index\.)[^.]+\.ts$/.test(file))
        .map((file) => `${area}/${file.replace(/\.ts$/, '')}`)
        .filter((module) => !PRIVATE.includes(module))
        .filter((module) => !index.includes(`'./${module.split('/')[1]}'`));
    });
    expect(missing).toEqual([]);
  });

  it('should keep the root names the other packages use', () => {
    for (const name of [
      'createApi',
      'createHttpClient',
      'endpoints',
      'endpointList',
      'ERROR_CODES',
      'createSession',
      'validators',
      'formatHashrate',
      'formatCoinAmount',
      'COINS',
      'ROUTES',
      'createI18n',
      'englishWidgetMessages',
      'PAGE_SIZE',
      'DEFAULT_LANGUAGE',
      'nextTask',
      'walletBalancesSchema',
      'contractOrderSchema',
    ]) {
      expect(root, name).toHaveProperty(name);
    }
  });

  it('should keep what only i18n uses out of the entries', async () => {
    const i18n = await importBuilt('dist/i18n/index.js');
    for (const name of ['withUnits', 'loadEnglishLater', 'partialEnglish', 'en']) {
      expect(root, name).not.toHaveProperty(name);
      expect(i18n, name).not.toHaveProperty(name);
    }
  });
});
