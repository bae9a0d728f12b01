import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * Factories whose call at the top of a module has no side effect: the value is only made. An
 * app's bundler cannot know that, so without the annotation it keeps every such call (and the
 * module it came from) even when nothing uses the value.
 */
const PURE_FACTORIES: Readonly<Record<string, readonly string[]>> = {
  react: ['createContext', 'memo', 'forwardRef', 'lazy'],
  '@vanilla-extract/recipes/createRuntimeFn': ['createRuntimeFn'],
};

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

/**
 * Marks the package's top-level calls of {@link PURE_FACTORIES} `/* @__PURE__ *\/` in the built
 * chunks (contexts, memoised components, vanilla-extract recipes), so an app that imports
 * `PoolKitProvider` from the root entry drops the components it does not use, and their
 * dependencies, instead of keeping every top-level `createContext(…)` and recipe.
 */
export function pureFactories(): Plugin {
  return {
    name: 'poolkit:pure-factories',
    renderChunk(code) {
      const program = this.parse(code) as unknown as { body: Node[] };
      const locals = new Set<string>();
      for (const node of program.body) {
        if (node.type !== 'ImportDeclaration') continue;
        const names = PURE_FACTORIES[(node.source as { value: string }).value];
        if (names === undefined) continue;
        for (const specifier of node.specifiers as Node[]) {
          const imported = specifier.imported as { name?: string } | undefined;
          if (specifier.type === 'ImportSpecifier' && names.includes(imported?.name ?? '')) {
            locals.add((specifier.local as { name: string }).name);
          }
        }
      }
      if (locals.size === 0) return null;
      const output = new MagicString(code);
      for (const node of program.body) {
        const declaration =
          node.type === 'ExportNamedDeclaration' ? (node.declaration as Node | null) : node;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) {
          const init = declarator.init as Node | null;
          const callee = init?.callee as Node | undefined;
          if (
            init?.type === 'CallExpression' &&
            callee?.type === 'Identifier' &&
            locals.has((callee as unknown as { name: string }).name) &&
            !code.slice(Math.max(0, init.start - 20), init.start).includes('__PURE__')
          ) {
            output.appendLeft(init.start, '/* @__PURE__ */ ');
          }
        }
      }
      if (!output.hasChanged()) return null;
      return { code: output.toString(), map: output.generateMap({ hires: true }) };
    },
  };
}
