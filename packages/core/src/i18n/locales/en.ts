import { enFirstScreen } from './enFirstScreen';
import { enLater } from './enLater';
import { joinEnglish } from './joinEnglish';

/**
 * PoolKit's English messages, by group: a message is addressed as `<group>.<key>` in the
 * `poolkit` namespace, e.g. `validation.phoneInvalid`. English is the default and fallback
 * language, bundled statically; the other languages are separate modules loaded on demand (see
 * `createI18n`).
 *
 * English is the reference: every other locale is typed as {@link LocaleMessages}, so a missing
 * or extra group or key is a type error as well as a test failure.
 *
 * The messages live in two modules, so that a page's first load carries only what its first
 * screen shows: `enFirstScreen.ts` (frame, home page, generic words and errors, statuses, base
 * widgets) and `enLater.ts` (everything else); add a key to the module of the screens that use it.
 * Each group of either lives in a module of its own under `english/` (a bundler never splits a
 * module between chunks), so a bundle that shows some groups only (the widgets) takes only those.
 *
 * Not here: `units`, all languages in one small catalogue each under `../messages`, added to
 * every language's bundle when it loads.
 */
export const en = /* @__PURE__ */ joinEnglish(enFirstScreen, enLater);

/**
 * The shape of a locale module: English's groups and keys, every value a string.
 * `LanguageMessages` (in `../resources`) adds `units`.
 */
export type LocaleMessages = typeof en;
