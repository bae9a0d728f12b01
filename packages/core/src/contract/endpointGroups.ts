/**
 * The contract's endpoint groups as separate modules, for a browser that loads the API after its
 * first paint. Evaluating every schema of the contract takes one long task (about 40 ms on a
 * desktop, four times that on a phone); loaded group by group, with the main thread given back
 * between two groups, no task is long, and the groups a public page calls arrive first.
 */
import { nextTask } from '../nextTask';
import type { Endpoint } from './endpoint';

/** One group of endpoints, by id (a part of `endpoints`). */
export type EndpointGroup = Readonly<Record<string, Endpoint>>;

/** Loaders of the endpoint groups, by name; together they hold exactly the endpoints of `endpoints`. */
export const endpointGroupLoaders = {
  siteContent: () => import('./groups/siteContent').then((group) => group.siteContentEndpoints),
  poolsAndCoins: () =>
    import('./groups/poolsAndCoins').then((group) => group.poolsAndCoinsEndpoints),
  addressMining: () =>
    import('./groups/addressMining').then((group) => group.addressMiningEndpoints),
  identity: () => import('./groups/identity').then((group) => group.identityEndpoints),
  messaging: () => import('./groups/messaging').then((group) => group.messagingEndpoints),
  poolAccount: () => import('./groups/poolAccount').then((group) => group.poolAccountEndpoints),
  profits: () => import('./groups/profits').then((group) => group.profitsEndpoints),
  userAccounts: () => import('./groups/userAccounts').then((group) => group.userAccountsEndpoints),
  wallet: () => import('./groups/walletEndpoints').then((group) => group.walletEndpoints),
  cloudContracts: () =>
    import('./groups/cloudContracts').then((group) => group.cloudContractsEndpoints),
  programmes: () => import('./groups/programmes').then((group) => group.programmesEndpoints),
  admin: () => import('./groups/admin').then((group) => group.adminEndpoints),
} satisfies Record<string, () => Promise<EndpointGroup>>;

/** The name of an endpoint group. */
export type EndpointGroupName = keyof typeof endpointGroupLoaders;

/**
 * The order for a visitor: the public pages' groups (site content, pools and coins, address
 * mining) first, then identity (sign-in), the account groups, the groups few pages call, and the
 * operator console's last.
 */
export const VISITOR_GROUP_ORDER: readonly EndpointGroupName[] = [
  'siteContent',
  'poolsAndCoins',
  'addressMining',
  'identity',
  'messaging',
  'poolAccount',
  'profits',
  'userAccounts',
  'wallet',
  'cloudContracts',
  'programmes',
  'admin',
];

/**
 * The order for a signed-in user or an observer: what the route guard and the header call on
 * every page first (identity: permissions; messaging: the unread count), then the account pages'
 * groups, the public groups, the groups few pages call, and the operator console's last (only
 * operators call it).
 */
export const ACCOUNT_GROUP_ORDER: readonly EndpointGroupName[] = [
  'identity',
  'messaging',
  'poolAccount',
  'poolsAndCoins',
  'siteContent',
  'profits',
  'userAccounts',
  'addressMining',
  'wallet',
  'cloudContracts',
  'programmes',
  'admin',
];

/**
 * Loads the endpoint groups one after another, in `order`, and yields each as it arrives, giving
 * the main thread back between two groups. `loaders` is for tests.
 *
 * @example
 * for await (const group of loadEndpointGroups(ACCOUNT_GROUP_ORDER)) parts.push(group);
 */
export async function* loadEndpointGroups(
  order: readonly EndpointGroupName[] = VISITOR_GROUP_ORDER,
  loaders: Readonly<Record<EndpointGroupName, () => Promise<EndpointGroup>>> = endpointGroupLoaders,
): AsyncGenerator<EndpointGroup, void, undefined> {
  for (const [index, name] of order.entries()) {
    if (index > 0) await nextTask();
    yield await loaders[name]();
  }
}
