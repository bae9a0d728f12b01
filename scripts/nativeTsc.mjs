import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

/**
 * TypeScript 7's command line (devDependency `typescript-native`, an npm alias of
 * `typescript@7`), by path: `.bin/tsc` may link either version's. `npm run typecheck`
 * (scripts/typecheck.mjs) and vitest's type tests (vitest.config.ts) run it.
 */
export const nativeTsc = resolve(
  dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin/tsc',
);
