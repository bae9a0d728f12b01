/**
 * Mining accounts (the main account and its sub-accounts) and observer links.
 */
import { z } from 'zod';
import {
  accountNameSchema,
  entityIdSchema,
  isoDateTimeSchema,
  nicknameSchema,
  poolNameSchema,
  tokenSchema,
  urlSchema,
} from './common';

/** Path parameters `{account}` of `/accounts/{account}/…`. */
export const accountParamsSchema = z.object({ account: accountNameSchema }).strict();
/** `{account}` as a caller sends it. */
export type AccountParams = z.input<typeof accountParamsSchema>;

/** A sub-account's state (spec section 3): `normal` or `abnormal` (e.g. frozen). */
export const subAccountStatusSchema = z.enum(['normal', 'abnormal']);
/** A sub-account state. */
export type SubAccountStatus = z.infer<typeof subAccountStatusSchema>;

/**
 * What a sub-account allows (spec section 6): `pool_management` (workers, groups, settings),
 * `profit_management` (profits, settlement method) or `read_only`.
 */
export const subAccountPermissionSchema = z.enum([
  'pool_management',
  'profit_management',
  'read_only',
]);
/** A sub-account permission level. */
export type SubAccountPermission = z.infer<typeof subAccountPermissionSchema>;

/** One mining account of the user (`GET /accounts`). */
export const subAccountSchema = z.object({
  name: accountNameSchema,
  created_at: isoDateTimeSchema,
  status: subAccountStatusSchema,
  permission: subAccountPermissionSchema,
  /** True for the main account (the one red packets can be switched to). */
  main: z.boolean(),
  /** True for the account chosen with `PUT /users/accounts`. */
  current: z.boolean(),
});
/** A mining account. */
export type SubAccount = z.infer<typeof subAccountSchema>;

/** Answer of `GET /accounts`: main account first, then sub-accounts by creation. */
export const subAccountListSchema = z.object({ list: z.array(subAccountSchema) });
/** The user's mining accounts. */
export type SubAccountList = z.infer<typeof subAccountListSchema>;

/** Body of `POST /accounts`: a new sub-account. */
export const createSubAccountBodySchema = z
  .object({ name: accountNameSchema, permission: subAccountPermissionSchema })
  .strict();
/** Create-sub-account body. */
export type CreateSubAccountBody = z.input<typeof createSubAccountBodySchema>;

/** Body of `PUT /accounts/{account}`: changes a sub-account's permission level. */
export const updateSubAccountBodySchema = z
  .object({ permission: subAccountPermissionSchema })
  .strict();
/** Update-sub-account body. */
export type UpdateSubAccountBody = z.input<typeof updateSubAccountBodySchema>;

/** How long an observer link works: one day, one week, one month or forever. */
export const observerExpirySchema = z.enum(['one_day', 'one_week', 'one_month', 'forever']);
/** An observer link lifetime. */
export type ObserverExpiry = z.infer<typeof observerExpirySchema>;

/**
 * A read-only observer link of an account. The link is `url` (it carries `observer_token`);
 * the QR code is drawn from it by the client.
 */
export const observerLinkSchema = z.object({
  id: entityIdSchema,
  nickname: z.string(),
  expiry: observerExpirySchema,
  /** When the link stops working; `null` for `forever`. */
  expires_at: isoDateTimeSchema.nullable(),
  /** The observer token, sent as the bearer credential in observer mode. */
  token: tokenSchema,
  /** The shareable link, e.g. `https://pool.example/observer_redirect?observer_token=…`. */
  url: urlSchema,
  /** Pools the observer may see; empty means all pools of the account. */
  pools: z.array(poolNameSchema),
  created_at: isoDateTimeSchema,
});
/** An observer link. */
export type ObserverLink = z.infer<typeof observerLinkSchema>;

/** Answer of `GET /accounts/{account}/observers`, newest first. */
export const observerLinkListSchema = z.object({ list: z.array(observerLinkSchema) });
/** Observer links. */
export type ObserverLinkList = z.infer<typeof observerLinkListSchema>;

/** Body of `POST /accounts/{account}/observers`. Nickname not blank (spec section 5). */
export const createObserverBodySchema = z
  .object({
    nickname: nicknameSchema,
    expiry: observerExpirySchema,
    /** Pools to share; empty or absent means all. */
    pools: z.array(poolNameSchema).max(50).default([]),
  })
  .strict();
/** Create-observer body. */
export type CreateObserverBody = z.input<typeof createObserverBodySchema>;

/** Path parameters `{account}/{id}` of an observer link. */
export const observerParamsSchema = z
  .object({ account: accountNameSchema, id: entityIdSchema })
  .strict();
/** `{account}/{id}` as a caller sends them. */
export type ObserverParams = z.input<typeof observerParamsSchema>;
