import { enAlerts } from './locales/english/alerts';
import { enCommon } from './locales/english/common';
import { enContent } from './locales/english/content';
import { enContracts } from './locales/english/contracts';
import { enFirstScreenErrors } from './locales/english/errorsFirstScreen';
import { enLaterErrors } from './locales/english/errorsLater';
import { enMessages } from './locales/english/messages';
import { enMining } from './locales/english/mining';
import { enStatus } from './locales/english/status';
import { enTickets } from './locales/english/tickets';
import { enValidation } from './locales/english/validation';
import { enWidgets } from './locales/english/widgets';
import { unitMessages } from './messages/units';
import type { LanguageMessages } from './resources';

/**
 * English's messages of the groups every widget of `@poolkit/widgets` may show, without the
 * website's (`site`, the bulk of English) and the feature groups a few widgets show (`enContracts` and
 * the others below): `common`, `errors`, `status`, `widgets` (the base components),
 * `mining` (the domain widgets), `validation` and `units`. `PoolKitProvider` bundles these as its
 * English, so an app with one widget does not carry the whole site's catalogue.
 */
export function englishWidgetMessages(): Pick<
  LanguageMessages,
  'common' | 'errors' | 'status' | 'widgets' | 'mining' | 'validation' | 'units'
> {
  return {
    common: enCommon,
    errors: { ...enFirstScreenErrors, ...enLaterErrors },
    status: enStatus,
    widgets: enWidgets,
    mining: enMining,
    validation: enValidation,
    units: unitMessages.en ?? {},
  };
}

/**
 * English's feature groups that only some widgets show, one export each, so that a bundle
 * carries only the groups its widgets use: `contracts` (the cloud-mining widgets), `messages`
 * (the message list and unread badge), `alerts` (the alert settings form), `tickets` (the
 * ticket thread) and `content` (the carousel and the announcement bar). Such a widget gives its
 * group to its translation hook as the English default, under a provider that holds only
 * {@link englishWidgetMessages}.
 */
export { enAlerts, enContent, enContracts, enMessages, enTickets };
