/**
 * An account on a pool: its statistics, hashrates, workers and worker groups.
 * Family B of the API contract; `../endpoints.ts` merges every group into `endpoints`.
 */
import {
  emptyResponseSchema,
  hashrateSeriesQuerySchema,
  minerHashrateSeriesSchema,
} from '../common';
import { defineEndpoint } from '../endpoint';
import {
  alertSettingsSchema,
  updateAlertSettingsBodySchema,
  webhookSecretSchema,
  webhookTestResultSchema,
} from '../messages';
import {
  accountPathParamsSchema,
  accountStatsSchema,
  createGroupBodySchema,
  deleteGroupBodySchema,
  deleteWorkersBodySchema,
  groupPathParamsSchema,
  minerPathParamsSchema,
  moveWorkersBodySchema,
  renameGroupBodySchema,
  workerDetailSchema,
  workerGroupListSchema,
  workerGroupSchema,
  workerListQuerySchema,
  workerListSchema,
  workerStatsQuerySchema,
  workerStatsSchema,
  workersChangedSchema,
} from '../miners';
import { poolParamsSchema } from '../pools';

/** The an account on a pool calls. */
export const poolAccountEndpoints = {
  /** An account's dashboard on a pool. */
  accountStats: defineEndpoint({
    id: 'accountStats',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/stats',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    response: accountStatsSchema,
    summary: 'Dashboard of an account on a pool',
  }),
  /** Hashrate series of an account. */
  accountHashrates: defineEndpoint({
    id: 'accountHashrates',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/hashrates',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    query: hashrateSeriesQuerySchema,
    response: minerHashrateSeriesSchema,
    summary: 'Hashrate series of an account',
  }),
  /** Workers of an account: paged, sorted, filtered by state, group and name. */
  accountWorkers: defineEndpoint({
    id: 'accountWorkers',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/miners',
    auth: 'user',
    permission: 'miner.view',
    params: accountPathParamsSchema,
    query: workerListQuerySchema,
    response: workerListSchema,
    summary: 'Workers of an account',
  }),
  /** Removes inactive or dead workers from the list. */
  deleteWorkers: defineEndpoint({
    id: 'deleteWorkers',
    family: 'B',
    method: 'DELETE',
    path: '/pools/{pool}/accounts/{account}/miners',
    auth: 'user',
    permission: 'miner.view',
    params: accountPathParamsSchema,
    body: deleteWorkersBodySchema,
    response: workersChangedSchema,
    summary: 'Remove workers from the list',
  }),
  /**
   * Worker counts of an account by state. Registered before `…/miners/{miner}`, so a worker
   * named `stats` is shadowed by the spec's path.
   */
  workerStats: defineEndpoint({
    id: 'workerStats',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/miners/stats',
    auth: 'user',
    permission: 'miner.view',
    params: accountPathParamsSchema,
    query: workerStatsQuerySchema,
    response: workerStatsSchema,
    summary: 'Worker counts of an account by state',
  }),
  /** One worker in detail. */
  worker: defineEndpoint({
    id: 'worker',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/miners/{miner}',
    auth: 'user',
    permission: 'miner.view',
    params: minerPathParamsSchema,
    response: workerDetailSchema,
    summary: 'One worker in detail',
  }),
  /** Hashrate series of one worker. */
  workerHashrates: defineEndpoint({
    id: 'workerHashrates',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/miners/{miner}/hashrates',
    auth: 'user',
    permission: 'miner.view',
    params: minerPathParamsSchema,
    query: hashrateSeriesQuerySchema,
    response: minerHashrateSeriesSchema,
    summary: 'Hashrate series of a worker',
  }),
  /** Moves workers of an account into a group, or out of any. */
  moveWorkers: defineEndpoint({
    id: 'moveWorkers',
    family: 'B',
    method: 'PUT',
    path: '/pools/{pool}/miners',
    auth: 'user',
    permission: 'miner.view',
    params: poolParamsSchema,
    body: moveWorkersBodySchema,
    response: workersChangedSchema,
    summary: 'Move workers to a group',
  }),
  /** Creates a worker group for an account. */
  createWorkerGroup: defineEndpoint({
    id: 'createWorkerGroup',
    family: 'B',
    method: 'POST',
    path: '/pools/{pool}/miners/groups',
    auth: 'user',
    permission: 'miner.view',
    params: poolParamsSchema,
    body: createGroupBodySchema,
    response: workerGroupSchema,
    errors: [409],
    summary: 'Create a worker group',
  }),
  /** Renames a worker group. */
  renameWorkerGroup: defineEndpoint({
    id: 'renameWorkerGroup',
    family: 'B',
    method: 'PUT',
    path: '/miners/groups/{id}',
    auth: 'user',
    permission: 'miner.view',
    params: groupPathParamsSchema,
    body: renameGroupBodySchema,
    response: workerGroupSchema,
    summary: 'Rename a worker group',
  }),
  /** Deletes a worker group; its workers move to another group or none. */
  deleteWorkerGroup: defineEndpoint({
    id: 'deleteWorkerGroup',
    family: 'B',
    method: 'DELETE',
    path: '/miners/groups/{id}',
    auth: 'user',
    permission: 'miner.view',
    params: groupPathParamsSchema,
    body: deleteGroupBodySchema,
    response: emptyResponseSchema,
    summary: 'Delete a worker group',
  }),
  /** Worker groups of an account. */
  workerGroups: defineEndpoint({
    id: 'workerGroups',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/groups',
    auth: 'user',
    permission: 'miner.view',
    params: accountPathParamsSchema,
    response: workerGroupListSchema,
    summary: 'Worker groups of an account',
  }),
  /**
   * Not shown: an account's alert settings (hashrate and offline alerts). Observers, API keys and
   * app tokens read the webhook address as its host only (`maskWebhookUrl`).
   */
  alertSettings: defineEndpoint({
    id: 'alertSettings',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/alerts',
    auth: 'user',
    permission: 'miner.view',
    params: accountPathParamsSchema,
    response: alertSettingsSchema,
    summary: 'Alert settings of an account',
  }),
  /**
   * Not shown: replaces an account's alert settings. A new or changed webhook address spends a
   * second validation of scene `webhook` (`validation_token`; 400 code 40002 naming it when
   * missing or not valid). 409 when the saved address changed while the call ran.
   */
  updateAlertSettings: defineEndpoint({
    id: 'updateAlertSettings',
    family: 'B',
    method: 'PUT',
    path: '/pools/{pool}/accounts/{account}/alerts',
    auth: 'user-only',
    permission: 'miner.view',
    params: accountPathParamsSchema,
    body: updateAlertSettingsBodySchema,
    response: alertSettingsSchema,
    errors: [409],
    summary: 'Update alert settings of an account',
  }),
  /** Not shown: makes a new webhook signing secret for the account, shown this once. */
  rotateWebhookSecret: defineEndpoint({
    id: 'rotateWebhookSecret',
    family: 'B',
    method: 'POST',
    path: '/pools/{pool}/accounts/{account}/alerts/webhook-secret',
    auth: 'user-only',
    permission: 'miner.view',
    params: accountPathParamsSchema,
    response: webhookSecretSchema,
    summary: 'New webhook signing secret',
  }),
  /** Not shown: sends a signed test event to the account's webhook now. */
  testWebhook: defineEndpoint({
    id: 'testWebhook',
    family: 'B',
    method: 'POST',
    path: '/pools/{pool}/accounts/{account}/alerts/test-webhook',
    auth: 'user-only',
    permission: 'miner.view',
    params: accountPathParamsSchema,
    errors: [429],
    response: webhookTestResultSchema,
    summary: 'Send a test webhook',
  }),
} as const;
