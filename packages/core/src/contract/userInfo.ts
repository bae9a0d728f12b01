/**
 * The signed-in user: info, settings, permissions, current account, observer info, mining
 * summary, account cancellation and the user log.
 */
import { z } from 'zod';
import { subAccountSchema } from './accounts';
import {
  accountNameSchema,
  apiPermissionSchema,
  coinIdSchema,
  countryCodeSchema,
  currencyCodeSchema,
  entityIdSchema,
  hashrateSchema,
  isoDateTimeSchema,
  languageSchema,
  moneySchema,
  paginatedSchema,
  paginationQueryShape,
  poolNameSchema,
  roleNameSchema,
  timezoneSchema,
  validationTokenSchema,
  workerCountsSchema,
} from './common';
import { usernameSchema, verifyTypeSchema } from './identityFields';

// ---------------------------------------------------------------------------------------------
// User info, settings, permissions
// ---------------------------------------------------------------------------------------------

/** The user's display settings (`PUT /users/settings`). */
export const userSettingsSchema = z.object({
  /** `UTC±hh:mm`, default `UTC+00:00`. */
  timezone: timezoneSchema,
  language: languageSchema,
  /** Display currency of values, default `CNY`. */
  currency: currencyCodeSchema,
  /** Hide the wallet menu. */
  hide_wallet: z.boolean(),
  /** Mask amounts on screen. */
  hide_amount: z.boolean(),
});
/** User settings. */
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** Body of `PUT /users/settings`: any of the settings, at least one. Answer: all settings. */
export const updateSettingsBodySchema = userSettingsSchema
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update');
/** Update-settings body. */
export type UpdateSettingsBody = z.input<typeof updateSettingsBodySchema>;

/** A pending account cancellation: final at `final_at` unless the user logs in before. */
export const cancellationSchema = z.object({
  requested_at: isoDateTimeSchema,
  /** 30 days after the request. */
  final_at: isoDateTimeSchema,
});
/** A pending cancellation. */
export type Cancellation = z.infer<typeof cancellationSchema>;

/** Answer of `GET /users/info`: the signed-in user. Email and phone are masked. */
export const userInfoSchema = z.object({
  id: entityIdSchema,
  username: usernameSchema,
  /** Masked, e.g. `a***@example.com`; `null` when none is bound. */
  email: z.string().max(254).nullable(),
  /** Masked, e.g. `138****0000`; `null` when none is bound. */
  phone: z.string().max(20).nullable(),
  country_code: countryCodeSchema.nullable(),
  roles: z.array(roleNameSchema),
  settings: userSettingsSchema,
  /** Preferred second factor. */
  verify_type: verifyTypeSchema,
  totp_enabled: z.boolean(),
  pay_password_set: z.boolean(),
  /** Signed up through Google. */
  google_login: z.boolean(),
  /** Current mining account. */
  current_account: accountNameSchema.nullable(),
  /** Withdrawals are paused until then after a security change (24 h); else `null`. */
  withdraw_paused_until: isoDateTimeSchema.nullable(),
  cancellation: cancellationSchema.nullable(),
  created_at: isoDateTimeSchema,
});
/** The signed-in user. */
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Answer of `GET /permissions/current`: the caller's roles and permission strings. */
export const currentPermissionsSchema = z.object({
  roles: z.array(roleNameSchema),
  permissions: z.array(apiPermissionSchema),
});
/** Current permissions. */
export type CurrentPermissions = z.infer<typeof currentPermissionsSchema>;

/** Body of `PUT /users/accounts`: chooses the current mining account. */
export const setCurrentAccountBodySchema = z.object({ account: accountNameSchema }).strict();
/** Set-current-account body. */
export type SetCurrentAccountBody = z.input<typeof setCurrentAccountBodySchema>;

/** Answer of `PUT /users/accounts`: the account now current. */
export const currentAccountSchema = subAccountSchema;
/** The current account. */
export type CurrentAccount = z.infer<typeof currentAccountSchema>;

/** Answer of `GET /users/observer/info`, for an observer session. */
export const observerInfoSchema = z.object({
  nickname: z.string(),
  /** The observed account. */
  account: accountNameSchema,
  /** Pools the observer may see; empty means all. */
  pools: z.array(poolNameSchema),
  expires_at: isoDateTimeSchema.nullable(),
  /** Observer roles, kept apart from user roles (spec section 6). */
  roles: z.array(roleNameSchema),
  permissions: z.array(apiPermissionSchema),
});
/** Observer info. */
export type ObserverInfo = z.infer<typeof observerInfoSchema>;

/** One line of `GET /users/mine`: an account mining on a pool. */
export const userMiningRowSchema = z.object({
  pool: poolNameSchema,
  coin: coinIdSchema,
  account: accountNameSchema,
  /** Accepted hashrate over 24 hours, H/s. */
  hashrate_24h: hashrateSchema,
  workers: workerCountsSchema,
  today_estimated: moneySchema,
  balance: moneySchema,
});
/** A user-mining line. */
export type UserMiningRow = z.infer<typeof userMiningRowSchema>;

/** Answer of `GET /users/mine`: everything the user mines, over all accounts. */
export const userMiningSchema = z.object({ list: z.array(userMiningRowSchema) });
/** The user's mining overview. */
export type UserMining = z.infer<typeof userMiningSchema>;

/** Body of `POST /users/cancellation`. */
export const cancellationBodySchema = z
  .object({ validation_token: validationTokenSchema })
  .strict();
/** Cancellation body. */
export type CancellationBody = z.input<typeof cancellationBodySchema>;

/** Kinds of user log entries. */
export const userLogTypeSchema = z.enum(['login', 'security', 'operation']);
/** A user log kind. */
export type UserLogType = z.infer<typeof userLogTypeSchema>;

/** Query of `GET /users/logs`. */
export const userLogQuerySchema = z
  .object({ ...paginationQueryShape, type: userLogTypeSchema.optional() })
  .strict();
/** User-log query as a caller sends it. */
export type UserLogQuery = z.input<typeof userLogQuerySchema>;

/** One entry of the user's log (the `/user/logs` page). */
export const userLogSchema = z.object({
  id: entityIdSchema,
  time: isoDateTimeSchema,
  type: userLogTypeSchema,
  /** What happened, as a stable key (`login`, `withdraw_address_added`, …). */
  action: z.string().min(1).max(64),
  ip: z.string().max(45),
  /** Rough location of the IP; `null` when unknown. */
  location: z.string().max(128).nullable(),
  user_agent: z.string().max(512).nullable(),
});
/** A user log entry. */
export type UserLog = z.infer<typeof userLogSchema>;

/** A page of user log entries, newest first. */
export const userLogListSchema = paginatedSchema(userLogSchema);
/** A page of user log entries. */
export type UserLogList = z.infer<typeof userLogListSchema>;
