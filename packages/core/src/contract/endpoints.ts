/**
 * Every call of the API, keyed by endpoint id (also the client's method name). Paths of spec
 * section 7 are kept exactly as written; calls the spec does not show get clean REST paths
 * under the same base, and their TSDoc says so ("Not shown: …").
 *
 * Auth: `public` needs no token; `optional` reads a token when present; `user` needs a user
 * token, an observer token is accepted for reads; `user-only` refuses observer tokens (money,
 * identity, security and personal data). Every non-GET call is a write, refused to observers.
 *
 * The endpoints are declared by group in `groups/*.ts` (one module per section of the contract,
 * so a browser can load and evaluate them one at a time, see `endpointGroups.ts`) and merged
 * here, in declaration order: family A, then family B.
 */
import type { z } from 'zod';
import type { Endpoint } from './endpoint';
import { addressMiningEndpoints } from './groups/addressMining';
import { adminEndpoints } from './groups/admin';
import { cloudContractsEndpoints } from './groups/cloudContracts';
import { identityEndpoints } from './groups/identity';
import { messagingEndpoints } from './groups/messaging';
import { poolAccountEndpoints } from './groups/poolAccount';
import { poolsAndCoinsEndpoints } from './groups/poolsAndCoins';
import { profitsEndpoints } from './groups/profits';
import { programmesEndpoints } from './groups/programmes';
import { siteContentEndpoints } from './groups/siteContent';
import { userAccountsEndpoints } from './groups/userAccounts';
import { walletEndpoints } from './groups/walletEndpoints';

/** The API contract: every endpoint by id. */
export const endpoints = {
  ...addressMiningEndpoints,
  ...identityEndpoints,
  ...siteContentEndpoints,
  ...poolsAndCoinsEndpoints,
  ...poolAccountEndpoints,
  ...profitsEndpoints,
  ...userAccountsEndpoints,
  ...walletEndpoints,
  ...cloudContractsEndpoints,
  ...programmesEndpoints,
  ...messagingEndpoints,
  ...adminEndpoints,
} as const;

/** The type of the contract: endpoint id → endpoint. */
export type Endpoints = typeof endpoints;

/** An endpoint id, e.g. `'poolStats'`. */
export type EndpointId = keyof Endpoints;

/** Every endpoint, in declaration order (families A then B). */
export const endpointList: readonly Endpoint[] = Object.values(endpoints);

/** Path parameters of an endpoint, as a caller sends them. */
export type EndpointParams<K extends EndpointId> = z.input<Endpoints[K]['params']>;
/** Query of an endpoint, as a caller sends it. */
export type EndpointQuery<K extends EndpointId> = z.input<Endpoints[K]['query']>;
/** Body of an endpoint, as a caller sends it. */
export type EndpointBody<K extends EndpointId> = z.input<Endpoints[K]['body']>;
/** Parsed answer (`data`) of an endpoint. */
export type EndpointResponse<K extends EndpointId> = z.infer<Endpoints[K]['response']>;
