/**
 * The contract's endpoint groups as separate modules, for a browser that loads the API after its
 * first paint. Evaluating every schema of the contract takes one long task (about 40 ms on a
 * desktop, four times that on a phone); loaded group by group, with the main thread given back
 * between two groups, no task is long, and the groups a public page calls arrive first.
 */
import type { Endpoint } from './endpoint';

/** One group of endpoints, by id (a part of `endpoints`). */
export type EndpointGroup = Readonly<Record<string, Endpoint>>;

/**
 * Loaders of every endpoint group: the public pages' groups (site content, pools and coins,
 * address mining) first, then what the header calls for a signed-in user on every page (identity:
 * permissions; messaging: the unread count), the account pages' groups, and the groups no page of
 * the site calls yet. Together they hold exactly the endpoints of `endpoints`.
 */
export const endpointGroupLoaders: readonly (() => Promise<EndpointGroup>)[] = [
  () => import('./groups/siteContent').then((group) => group.siteContentEndpoints),
  () => import('./groups/poolsAndCoins').then((group) => group.poolsAndCoinsEndpoints),
  () => import('./groups/addressMining').then((group) => group.addressMiningEndpoints),
  () => import('./groups/identity').then((group) => group.identityEndpoints),
  () => import('./groups/messaging').then((group) => group.messagingEndpoints),
  () => import('./groups/poolAccount').then((group) => group.poolAccountEndpoints),
  () => import('./groups/profits').then((group) => group.profitsEndpoints),
  () => import('./groups/userAccounts').then((group) => group.userAccountsEndpoints),
  () => import('./groups/wallet').then((group) => group.walletEndpoints),
  () => import('./groups/cloudContracts').then((group) => group.cloudContractsEndpoints),
  () => import('./groups/programmes').then((group) => group.programmesEndpoints),
];

/** Resolves in a later task: what ran before has ended its task, and the browser may paint. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Loads the endpoint groups one after another and yields each as it arrives, giving the main
 * thread back between two groups.
 *
 * @example
 * for await (const group of loadEndpointGroups()) Object.assign(api, createApi(http, group));
 */
export async function* loadEndpointGroups(
  loaders: readonly (() => Promise<EndpointGroup>)[] = endpointGroupLoaders,
): AsyncGenerator<EndpointGroup, void, undefined> {
  for (const [index, load] of loaders.entries()) {
    if (index > 0) await nextTask();
    yield await load();
  }
}
