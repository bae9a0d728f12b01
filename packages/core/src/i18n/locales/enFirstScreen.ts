import { enCommon } from './english/common';
import { enFirstScreenErrors } from './english/errorsFirstScreen';
import { enFirstScreenSite } from './english/siteFirstScreen';
import { enStatus } from './english/status';
import { enWidgets } from './english/widgets';

/**
 * English messages of a page's first screen: the site's frame (header, navigation, footer,
 * layout), the home page, the generic words and errors, statuses and the base widgets' defaults.
 * Bundled with the first load by `createFirstScreenI18n`; the rest of English (`enLater.ts`) is
 * its own chunk. `en.ts` joins both into the whole catalogue, the reference for the other
 * languages.
 */
export const enFirstScreen = {
  common: enCommon,
  errors: enFirstScreenErrors,
  site: enFirstScreenSite,
  status: enStatus,
  widgets: enWidgets,
};
