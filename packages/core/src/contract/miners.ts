/**
 * Workers (miners) of an account or an address, and worker groups.
 */
import { z } from 'zod';
import {
  accountNameSchema,
  entityIdSchema,
  hashrateValueSchema,
  isoDateTimeSchema,
  moneySchema,
  nicknameSchema,
  paginatedSchema,
  paginationQueryShape,
  payoutModelSchema,
  poolNameSchema,
  ratioSchema,
  searchQuerySchema,
  sortOrderSchema,
  workerCountsSchema,
  workerNameSchema,
  workerStatusSchema,
} from './common';

/** Path parameters `{pool}/{account}` of the family-B account calls. */
export const accountPathParamsSchema = z
  .object({ pool: poolNameSchema, account: accountNameSchema })
  .strict();
/** `{pool}/{account}` as a caller sends them. */
export type AccountPathParams = z.input<typeof accountPathParamsSchema>;

/** Path parameters `{pool}/{account}/{miner}`; `miner` is a worker name. */
export const minerPathParamsSchema = z
  .object({ pool: poolNameSchema, account: accountNameSchema, miner: workerNameSchema })
  .strict();
/** `{pool}/{account}/{miner}` as a caller sends them. */
export type MinerPathParams = z.input<typeof minerPathParamsSchema>;

/** A worker's group, as shown in its row; `null` when ungrouped. */
export const workerGroupRefSchema = z.object({ id: entityIdSchema, name: z.string() });

/**
 * One worker row (spec section 3): accepted hashrate over 15 minutes, 1 hour and 24 hours
 * (`.value` in H/s), reject rate (0-1), last share time, plus state and group.
 */
export const workerRowSchema = z.object({
  worker_name: workerNameSchema,
  accept_15m: hashrateValueSchema,
  accept_1h: hashrateValueSchema,
  accept_24h: hashrateValueSchema,
  /** Rejected share of the work over 24 hours, 0-1. */
  reject_rate: ratioSchema,
  /** Time of the last accepted share; `null` when none was seen. */
  last_share_time: isoDateTimeSchema.nullable(),
  status: workerStatusSchema,
  /** The worker's group; always `null` in address mining. */
  group: workerGroupRefSchema.nullable(),
});
/** A worker row. */
export type WorkerRow = z.infer<typeof workerRowSchema>;

/** Sort keys of the worker lists. */
export const workerSortSchema = z.enum([
  'worker_name',
  'accept_15m',
  'accept_1h',
  'accept_24h',
  'reject_rate',
  'last_share_time',
]);
/** A worker sort key. */
export type WorkerSort = z.infer<typeof workerSortSchema>;

/** The query fields shared by the account and address worker lists. */
const workerListQueryShape = {
  ...paginationQueryShape,
  /** Sort key; default `worker_name`. */
  sort: workerSortSchema.default('worker_name'),
  /** Sort direction; default `asc`. */
  order: sortOrderSchema.default('asc'),
  /** Only workers in this state. */
  status: workerStatusSchema.optional(),
  /** Matches part of the worker name. */
  search: searchQuerySchema.optional(),
};

/** Query of `GET /address-mining/{coin}/miner/{addr}/workers` (no groups in address mining). */
export const addressWorkerListQuerySchema = z.object(workerListQueryShape).strict();
/** Address worker list query as a caller sends it. */
export type AddressWorkerListQuery = z.input<typeof addressWorkerListQuerySchema>;

/**
 * Query of `GET /pools/{pool}/accounts/{account}/miners`: pagination, sort, state filter,
 * group filter and search. `group_id=ungrouped` lists workers without a group.
 */
export const workerListQuerySchema = z
  .object({ ...workerListQueryShape, group_id: entityIdSchema.optional() })
  .strict();
/** Worker list query as a caller sends it. */
export type WorkerListQuery = z.input<typeof workerListQuerySchema>;

/** A page of workers. */
export const workerListSchema = paginatedSchema(workerRowSchema);
/** A page of workers. */
export type WorkerList = z.infer<typeof workerListSchema>;

/** Worker names of a bulk call: 1-100 distinct names. */
const workerNamesSchema = z
  .array(workerNameSchema)
  .min(1)
  .max(100)
  .refine((names) => new Set(names).size === names.length, 'Worker names must be distinct');

/**
 * Body of `DELETE /pools/{pool}/accounts/{account}/miners`: the workers to remove from the
 * list. Only inactive or dead workers can be removed; an active one comes back with its next
 * share.
 */
export const deleteWorkersBodySchema = z.object({ workers: workerNamesSchema }).strict();
/** Delete-workers body. */
export type DeleteWorkersBody = z.input<typeof deleteWorkersBodySchema>;

/** Answer of bulk worker calls: how many workers changed. */
export const workersChangedSchema = z.object({ count: z.number().int().nonnegative() });
/** Bulk worker answer. */
export type WorkersChanged = z.infer<typeof workersChangedSchema>;

/** One worker in detail: its row plus share counts and connection facts. */
export const workerDetailSchema = workerRowSchema.extend({
  /** Time of the worker's first share. */
  first_share_time: isoDateTimeSchema.nullable(),
  /** Shares over the last 24 hours. */
  shares_24h: z.object({
    accepted: z.number().int().nonnegative(),
    rejected: z.number().int().nonnegative(),
  }),
  /** Current share difficulty set by the stratum server; `null` when disconnected. */
  difficulty: z.number().finite().nonnegative().nullable(),
  /** Remote address of the last connection (IPv4 or IPv6); `null` when unknown. */
  last_ip: z.string().max(45).nullable(),
});
/** Worker detail. */
export type WorkerDetail = z.infer<typeof workerDetailSchema>;

/** Query of `GET /pools/{pool}/accounts/{account}/miners/stats`: optional group filter. */
export const workerStatsQuerySchema = z.object({ group_id: entityIdSchema.optional() }).strict();
/** Worker stats query as a caller sends it. */
export type WorkerStatsQuery = z.input<typeof workerStatsQuerySchema>;

/** Workers counted by state (also the answer of `/address-mining/{coin}/workers/stats`). */
export const workerStatsSchema = workerCountsSchema;
/** Worker counts. */
export type WorkerStats = z.infer<typeof workerStatsSchema>;

/**
 * Body of `PUT /pools/{pool}/miners`: moves workers of `account` into a group (`group_id`), or
 * out of any group (`null`).
 */
export const moveWorkersBodySchema = z
  .object({
    account: accountNameSchema,
    workers: workerNamesSchema,
    group_id: entityIdSchema.nullable(),
  })
  .strict();
/** Move-workers body. */
export type MoveWorkersBody = z.input<typeof moveWorkersBodySchema>;

/** A group name: trimmed, 1-32 characters, not blank. */
export const groupNameSchema = nicknameSchema;

/** A worker group. */
export const workerGroupSchema = z.object({
  id: entityIdSchema,
  name: z.string(),
  /** Workers in the group. */
  worker_count: z.number().int().nonnegative(),
  /** Active workers in the group. */
  active_count: z.number().int().nonnegative(),
  created_at: isoDateTimeSchema,
});
/** A worker group. */
export type WorkerGroup = z.infer<typeof workerGroupSchema>;

/** Answer of `GET /pools/{pool}/accounts/{account}/groups`. */
export const workerGroupListSchema = z.object({ list: z.array(workerGroupSchema) });
/** Worker groups. */
export type WorkerGroupList = z.infer<typeof workerGroupListSchema>;

/** Body of `POST /pools/{pool}/miners/groups`: a new group for `account`. */
export const createGroupBodySchema = z
  .object({ account: accountNameSchema, name: groupNameSchema })
  .strict();
/** Create-group body. */
export type CreateGroupBody = z.input<typeof createGroupBodySchema>;

/** Path parameters `{id}` of `/miners/groups/{id}`. */
export const groupPathParamsSchema = z.object({ id: entityIdSchema }).strict();
/** `{id}` as a caller sends it. */
export type GroupPathParams = z.input<typeof groupPathParamsSchema>;

/** Body of `PUT /miners/groups/{id}`: renames the group. */
export const renameGroupBodySchema = z.object({ name: groupNameSchema }).strict();
/** Rename-group body. */
export type RenameGroupBody = z.input<typeof renameGroupBodySchema>;

/**
 * Body of `DELETE /miners/groups/{id}`: where the group's workers go, another group or `null`
 * (ungrouped, the default).
 */
export const deleteGroupBodySchema = z
  .object({ move_to_group_id: entityIdSchema.nullable().default(null) })
  .strict();
/** Delete-group body. */
export type DeleteGroupBody = z.input<typeof deleteGroupBodySchema>;

/** Answer of `GET /pools/{pool}/accounts/{account}/stats`: an account's dashboard on a pool. */
export const accountStatsSchema = z.object({
  pool: poolNameSchema,
  account: accountNameSchema,
  /** Accepted hashrate over 15 minutes, 1 hour and 24 hours (H/s in `.value`). */
  accept_15m: hashrateValueSchema,
  accept_1h: hashrateValueSchema,
  accept_24h: hashrateValueSchema,
  /** Rejected share of the work over 24 hours, 0-1. */
  reject_rate: ratioSchema,
  workers: workerCountsSchema,
  /** Settled, not yet paid, in the coin. */
  balance: moneySchema,
  today_estimated: moneySchema,
  yesterday_profit: moneySchema,
  /** Current settlement model. */
  pay_method: payoutModelSchema,
});
/** An account's pool dashboard. */
export type AccountStats = z.infer<typeof accountStatsSchema>;
