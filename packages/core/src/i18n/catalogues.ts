import { buildResources } from './buildResources';
import { type Catalogue, LANGUAGES } from './languages';
import { I18N_NAMESPACE, type LanguageMessages } from './resources';

/**
 * One group of PoolKit's messages in all five languages, keyed loosely by string: the shape of
 * the per-namespace catalogues before the split into one module per language. For tests that
 * compare languages; it imports every locale (not part of the public API).
 */
export function catalogueOf(group: keyof LanguageMessages): Catalogue {
  const resources = buildResources();
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, resources[language][I18N_NAMESPACE][group]]),
  ) as Catalogue;
}
