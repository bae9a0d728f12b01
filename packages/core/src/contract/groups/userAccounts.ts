/**
 * The user's sub-accounts, observer links and read-only API keys.
 * Family B of the API contract; `../endpoints.ts` merges every group into `endpoints`.
 */
import {
  accountParamsSchema,
  createObserverBodySchema,
  createSubAccountBodySchema,
  observerLinkListSchema,
  observerLinkSchema,
  observerParamsSchema,
  subAccountSchema,
  updateSubAccountBodySchema,
} from '../accounts';
import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
} from '../apiKeys';
import { emptyResponseSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { oauthGrantListSchema, oauthGrantParamsSchema } from '../oauthApps';
import { linkedIdentityListSchema, linkedIdentityParamsSchema } from '../thirdPartyLogin';
import { userInfoSchema } from '../userInfo';

/** The user, sub-accounts, observers and API keys calls. */
export const userAccountsEndpoints = {
  /** Not shown: the signed-in user's info. */
  userInfo: defineEndpoint({
    id: 'userInfo',
    family: 'B',
    method: 'GET',
    path: '/users/info',
    auth: 'user-only',
    response: userInfoSchema,
    summary: 'The signed-in user',
  }),
  /** Not shown: creates a sub-account. */
  createSubAccount: defineEndpoint({
    id: 'createSubAccount',
    family: 'B',
    method: 'POST',
    path: '/accounts',
    auth: 'user-only',
    permission: 'account.view',
    body: createSubAccountBodySchema,
    response: subAccountSchema,
    errors: [409],
    summary: 'Create a sub-account',
  }),
  /** Not shown: changes a sub-account's permission level. */
  updateSubAccount: defineEndpoint({
    id: 'updateSubAccount',
    family: 'B',
    method: 'PUT',
    path: '/accounts/{account}',
    auth: 'user-only',
    permission: 'account.view',
    params: accountParamsSchema,
    body: updateSubAccountBodySchema,
    response: subAccountSchema,
    summary: 'Change the permission of a sub-account',
  }),
  /** Not shown: observer links of an account (they hold tokens, so never for observers). */
  observerLinks: defineEndpoint({
    id: 'observerLinks',
    family: 'B',
    method: 'GET',
    path: '/accounts/{account}/observers',
    auth: 'user-only',
    permission: 'account.view',
    params: accountParamsSchema,
    response: observerLinkListSchema,
    summary: 'Observer links of an account',
  }),
  /** Not shown: creates an observer link. */
  createObserverLink: defineEndpoint({
    id: 'createObserverLink',
    family: 'B',
    method: 'POST',
    path: '/accounts/{account}/observers',
    auth: 'user-only',
    permission: 'account.view',
    params: accountParamsSchema,
    body: createObserverBodySchema,
    response: observerLinkSchema,
    summary: 'Create an observer link',
  }),
  /** Not shown: deletes an observer link; its token stops working at once. */
  deleteObserverLink: defineEndpoint({
    id: 'deleteObserverLink',
    family: 'B',
    method: 'DELETE',
    path: '/accounts/{account}/observers/{id}',
    auth: 'user-only',
    permission: 'account.view',
    params: observerParamsSchema,
    response: emptyResponseSchema,
    summary: 'Delete an observer link',
  }),
  /** Not shown: the user's read-only API keys (never their secrets). */
  apiKeys: defineEndpoint({
    id: 'apiKeys',
    family: 'B',
    method: 'GET',
    path: '/users/api-keys',
    auth: 'user-only',
    response: apiKeyListSchema,
    summary: 'Read-only API keys of the user',
  }),
  /** Not shown: creates a read-only API key; the answer carries its secret, this once. */
  createApiKey: defineEndpoint({
    id: 'createApiKey',
    family: 'B',
    method: 'POST',
    path: '/users/api-keys',
    auth: 'user-only',
    body: createApiKeyBodySchema,
    response: createdApiKeySchema,
    errors: [404],
    summary: 'Create a read-only API key',
  }),
  /** Not shown: revokes an API key; it stops working at once. */
  revokeApiKey: defineEndpoint({
    id: 'revokeApiKey',
    family: 'B',
    method: 'DELETE',
    path: '/users/api-keys/{id}',
    auth: 'user-only',
    params: apiKeyParamsSchema,
    response: emptyResponseSchema,
    summary: 'Revoke a read-only API key',
  }),
  /** Not shown: the third-party apps the user authorised, with their accounts and scopes. */
  oauthGrants: defineEndpoint({
    id: 'oauthGrants',
    family: 'B',
    method: 'GET',
    path: '/users/oauth/grants',
    auth: 'user-only',
    response: oauthGrantListSchema,
    summary: 'Third-party apps the user authorised',
  }),
  /** Not shown: revokes an app's authorisation; its tokens stop working at once. */
  revokeOauthGrant: defineEndpoint({
    id: 'revokeOauthGrant',
    family: 'B',
    method: 'DELETE',
    path: '/users/oauth/grants/{id}',
    auth: 'user-only',
    params: oauthGrantParamsSchema,
    response: emptyResponseSchema,
    summary: 'Revoke a third-party app',
  }),
  /** Not shown: the third-party sign-in identities linked to the user. */
  linkedIdentities: defineEndpoint({
    id: 'linkedIdentities',
    family: 'B',
    method: 'GET',
    path: '/users/identities',
    auth: 'user-only',
    response: linkedIdentityListSchema,
    summary: 'Linked third-party sign-ins',
  }),
  /** Not shown: unlinks an identity; never the last way to sign in (409). */
  unlinkIdentity: defineEndpoint({
    id: 'unlinkIdentity',
    family: 'B',
    method: 'DELETE',
    path: '/users/identities/{id}',
    auth: 'user-only',
    params: linkedIdentityParamsSchema,
    response: emptyResponseSchema,
    errors: [404, 409],
    summary: 'Unlink a third-party sign-in',
  }),
} as const;
