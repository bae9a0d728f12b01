import { enAlerts } from './english/alerts';
import { enContent } from './english/content';
import { enContracts } from './english/contracts';
import { enLaterErrors } from './english/errorsLater';
import { enMessages } from './english/messages';
import { enMining } from './english/mining';
import { enLaterSite } from './english/siteLater';
import { enTickets } from './english/tickets';
import { enValidation } from './english/validation';

/**
 * English messages beyond a page's first screen: the other pages of the site, the API's errors,
 * the mining widgets and form validation. Loaded as its own chunk (`loadLanguage(instance, 'en')`)
 * by an instance of `createFirstScreenI18n`; `en.ts` joins it with `enFirstScreen.ts` into the
 * whole catalogue.
 */
export const enLater = {
  errors: enLaterErrors,
  mining: enMining,
  site: enLaterSite,
  validation: enValidation,
  contracts: enContracts,
  messages: enMessages,
  alerts: enAlerts,
  tickets: enTickets,
  content: enContent,
};
