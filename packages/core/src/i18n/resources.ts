import { type Catalogue, LANGUAGES, type Language } from './languages';
import { commonMessages } from './messages/common';
import { errorMessages } from './messages/errors';
import { miningWidgetMessages } from './messages/mining';
import { siteMessages } from './messages/site';
import { statusMessages } from './messages/status';
import { unitMessages } from './messages/units';
import { validationMessages } from './messages/validation';
import { widgetMessages } from './messages/widgets';

/**
 * Every message catalogue of core, by top-level key. A message is addressed as
 * `<group>.<key>`, e.g. `validation.phoneInvalid`, `errors.requestFailed`, `status.active`.
 */
export const CATALOGUES = {
  common: commonMessages,
  errors: errorMessages,
  mining: miningWidgetMessages,
  site: siteMessages,
  status: statusMessages,
  units: unitMessages,
  validation: validationMessages,
  widgets: widgetMessages,
} satisfies Record<string, Catalogue>;

/** The i18next namespace PoolKit's messages live in. */
export const I18N_NAMESPACE = 'poolkit';

/** The messages of one language, grouped as in {@link CATALOGUES}. */
export type LanguageMessages = { [Group in keyof typeof CATALOGUES]: Record<string, string> };

/** Builds the messages of one language from the catalogues. */
export function messagesFor(language: Language): LanguageMessages {
  return {
    common: CATALOGUES.common[language],
    errors: CATALOGUES.errors[language],
    mining: CATALOGUES.mining[language],
    site: CATALOGUES.site[language],
    status: CATALOGUES.status[language],
    units: CATALOGUES.units[language],
    validation: CATALOGUES.validation[language],
    widgets: CATALOGUES.widgets[language],
  };
}

/**
 * i18next resources for the five languages: `{ en: { poolkit: { common: {…}, … } }, … }`.
 * Hosts can merge their own namespaces beside it.
 */
export function buildResources(): Record<
  Language,
  Record<typeof I18N_NAMESPACE, LanguageMessages>
> {
  const resources = {} as Record<Language, Record<typeof I18N_NAMESPACE, LanguageMessages>>;
  for (const language of LANGUAGES)
    resources[language] = { [I18N_NAMESPACE]: messagesFor(language) };
  return resources;
}
