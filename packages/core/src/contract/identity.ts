/**
 * Identity: public key, login (password with captcha, authenticator app), second validation,
 * token refresh, registration, password reset, verification codes, user info and settings,
 * account cancellation, permissions, observer info and third-party authorisation.
 */
import { z } from 'zod';
import { subAccountSchema } from './accounts';
import {
  accountNameSchema,
  apiPermissionSchema,
  coinIdSchema,
  countryCodeSchema,
  currencyCodeSchema,
  emailSchema,
  encryptedSecretSchema,
  entityIdSchema,
  hashrateSchema,
  isoDateTimeSchema,
  keyIdSchema,
  languageSchema,
  moneySchema,
  paginatedSchema,
  paginationQueryShape,
  phoneMatchesCountry,
  phoneSchema,
  poolNameSchema,
  roleNameSchema,
  timezoneSchema,
  tokenSchema,
  urlSchema,
  validationTokenSchema,
  verificationCodeSchema,
  workerCountsSchema,
} from './common';

const PHONE_MESSAGE = 'Phone number format is incorrect';

// ---------------------------------------------------------------------------------------------
// Captcha, public key, login
// ---------------------------------------------------------------------------------------------

/**
 * A captcha result (spec section 3), sent in the query of the login and code-sending calls.
 * The captcha provider's id is a site parameter (`GET /parameters`).
 */
export const captchaResultSchema = z
  .object({
    lot_number: z.string().min(1).max(128),
    /** Generation time as the provider writes it (epoch seconds, digits). */
    gen_time: z.string().regex(/^\d{1,20}$/, 'Invalid captcha time'),
    captcha_output: z.string().min(1).max(2048),
    pass_token: z.string().min(1).max(512),
  })
  .strict();
/** A captcha result. */
export type CaptchaResult = z.input<typeof captchaResultSchema>;

/**
 * Answer of `GET /captcha/challenge`: a self-hosted proof-of-work captcha. The client finds a
 * `captcha_output` (a nonce) such that SHA-256(`lot_number + ':' + captcha_output`) starts with
 * `difficulty_bits` zero bits, then sends `lot_number`, `gen_time`, `captcha_output` and
 * `pass_token` as the {@link captchaResultSchema captcha result}. A challenge works once, for
 * about 5 minutes.
 */
export const captchaChallengeSchema = z.object({
  /** Random, single-use id of the challenge. */
  lot_number: z.string().min(1).max(128),
  /** Epoch seconds when the challenge was made (digits). */
  gen_time: z.string().regex(/^\d{1,20}$/),
  /** Leading zero bits the hash must have (about 16 in production). */
  difficulty_bits: z.number().int().min(0).max(32),
  /** The server's signature of the challenge; sent back unchanged. */
  pass_token: z.string().min(1).max(512),
});
/** A proof-of-work captcha challenge. */
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

/** Answer of `GET /v2/users/encrypt/pubkey`: the RSA public key secrets are encrypted with. */
export const publicKeySchema = z.object({
  /** SPKI public key in PEM form. */
  public_key: z.string().min(1).max(4096),
  /** Sent back with every encrypted secret, so keys can rotate. */
  key_id: keyIdSchema,
});
/** The encryption public key. */
export type PublicKey = z.infer<typeof publicKeySchema>;

/** A user name: 4-30 letters or digits; it also names the main mining account. */
export const usernameSchema = accountNameSchema;

/**
 * Body of `POST /v2/users/encrypt/login`: by email or by phone, with the password encrypted
 * with the public key.
 */
export const loginBodySchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('email'),
      email: emailSchema,
      password: encryptedSecretSchema,
      key_id: keyIdSchema,
    })
    .strict(),
  z
    .object({
      type: z.literal('phone'),
      country_code: countryCodeSchema,
      phone: phoneSchema,
      password: encryptedSecretSchema,
      key_id: keyIdSchema,
    })
    .strict()
    .refine(phoneMatchesCountry, { message: PHONE_MESSAGE, path: ['phone'] }),
]);
/** Login body. */
export type LoginBody = z.input<typeof loginBodySchema>;

/** Query of `POST /v2/users/encrypt/login`: the captcha result. */
export const loginQuerySchema = captchaResultSchema;
/** Login query. */
export type LoginQuery = z.input<typeof loginQuerySchema>;

/** An access token and its refresh token. The expiry is the access token's `exp` claim. */
export const tokenPairSchema = z.object({ token: tokenSchema, refresh_token: tokenSchema });
/** A token pair. */
export type TokenPair = z.infer<typeof tokenPairSchema>;

/**
 * Answer of the password login: `status: 'ok'` with tokens, or `status: 'totp_required'` with
 * a short-lived `login_ticket` to finish with `POST /auth/totp/login`.
 */
export const loginResultSchema = z.discriminatedUnion('status', [
  tokenPairSchema.extend({ status: z.literal('ok') }),
  z.object({
    status: z.literal('totp_required'),
    login_ticket: z.string().min(1).max(512),
    /** When the ticket stops working (about 5 minutes). */
    expires_at: isoDateTimeSchema,
  }),
]);
/** Login answer. */
export type LoginResult = z.infer<typeof loginResultSchema>;

/** Body of `POST /auth/totp/login`: the ticket of the password step and the app's code. */
export const totpLoginBodySchema = z
  .object({ login_ticket: z.string().min(1).max(512), code: verificationCodeSchema })
  .strict();
/** TOTP login body. */
export type TotpLoginBody = z.input<typeof totpLoginBodySchema>;

/** Answer of `POST /auth/totp/secret`: a new authenticator secret waiting for validation. */
export const totpSecretSchema = z.object({
  /** Base32 secret, for manual entry. */
  secret: z.string().regex(/^[A-Z2-7]{16,64}$/),
  /** `otpauth://totp/…` URI, for the QR code. */
  otpauth_url: z.string().startsWith('otpauth://totp/').max(1024),
});
/** A pending authenticator secret. */
export type TotpSecret = z.infer<typeof totpSecretSchema>;

/**
 * Body of `POST /auth/totp/validation`: the first code from the app, which turns the pending
 * secret on, with a second validation of the account's email or phone.
 */
export const totpValidationBodySchema = z
  .object({ code: verificationCodeSchema, validation_token: validationTokenSchema })
  .strict();
/** TOTP validation body. */
export type TotpValidationBody = z.input<typeof totpValidationBodySchema>;

/** Body of `DELETE /auth/totp`: turns the authenticator off after a second validation. */
export const totpDisableBodySchema = z.object({ validation_token: validationTokenSchema }).strict();
/** TOTP disable body. */
export type TotpDisableBody = z.input<typeof totpDisableBodySchema>;

// ---------------------------------------------------------------------------------------------
// Second validation and verification codes
// ---------------------------------------------------------------------------------------------

/** The second factor used for sensitive actions: email code, SMS code or authenticator app. */
export const verifyTypeSchema = z.enum(['email', 'sms', 'totp']);
/** A second-factor kind. */
export type VerifyType = z.infer<typeof verifyTypeSchema>;

/** The sensitive actions a second validation (and its code) is for. */
export const securitySceneSchema = z.enum([
  'withdraw',
  'withdraw_address',
  'auto_withdraw',
  'pay_password',
  'transfer',
  'change_email',
  'change_phone',
  'change_password',
  'totp',
  'cancellation',
  /** Registering a new passkey on the account. */
  'passkey',
  /** Creating an API key. */
  'api_key',
  /** Granting a third-party app long-lived access (OAuth consent). */
  'authorize_app',
  /** Adding or changing an alert webhook. */
  'webhook',
  /**
   * Linking a third-party identity (`POST /oidc/start` with `purpose: link`): the identity signs
   * in on its own and survives a password reset, so a stolen session alone must not add one.
   */
  'link_identity',
]);
/** A sensitive action. */
export type SecurityScene = z.infer<typeof securitySceneSchema>;

/**
 * Body of `POST /users/second-validation`: a code of the chosen kind for one action. The answer
 * is a validation token for that action only.
 */
export const secondValidationBodySchema = z
  .object({
    verify_type: verifyTypeSchema,
    code: verificationCodeSchema,
    scene: securitySceneSchema,
  })
  .strict();
/** Second-validation body. */
export type SecondValidationBody = z.input<typeof secondValidationBodySchema>;

/** Answer of `POST /users/second-validation`. */
export const secondValidationSchema = z.object({
  validation_token: validationTokenSchema,
  scene: securitySceneSchema,
  /** The token works until then (about 10 minutes). */
  expires_at: isoDateTimeSchema,
});
/** A second-validation answer. */
export type SecondValidation = z.infer<typeof secondValidationSchema>;

/**
 * Body of `POST /auth/validation/sms` and `POST /auth/validation/verified-email`: sends a code
 * to the signed-in user's bound phone or verified email, for a sensitive action.
 */
export const sendBoundCodeBodySchema = z.object({ scene: securitySceneSchema }).strict();
/** Bound-code body. */
export type SendBoundCodeBody = z.input<typeof sendBoundCodeBodySchema>;

/** The actions a code to a typed-in email or phone is for (before or without login). */
export const publicCodeSceneSchema = z.enum([
  'register',
  'reset_password',
  'bind_email',
  'bind_phone',
]);
/** A code scene of `POST /v3/auth/validation/code`. */
export type PublicCodeScene = z.infer<typeof publicCodeSceneSchema>;

/**
 * Body of `POST /v3/auth/validation/code`: where to send a code (email or SMS) and what for.
 * `bind_email`/`bind_phone` (the new address of a change) need a signed-in user.
 */
export const sendCodeBodySchema = z.discriminatedUnion('channel', [
  z
    .object({ channel: z.literal('email'), email: emailSchema, scene: publicCodeSceneSchema })
    .strict(),
  z
    .object({
      channel: z.literal('sms'),
      country_code: countryCodeSchema,
      phone: phoneSchema,
      scene: publicCodeSceneSchema,
    })
    .strict()
    .refine(phoneMatchesCountry, { message: PHONE_MESSAGE, path: ['phone'] }),
]);
/** Send-code body. */
export type SendCodeBody = z.input<typeof sendCodeBodySchema>;

/** Query of `POST /v3/auth/validation/code`: the captcha result. */
export const sendCodeQuerySchema = captchaResultSchema;
/** Send-code query. */
export type SendCodeQuery = z.input<typeof sendCodeQuerySchema>;

/** Answer of the code-sending calls. */
export const codeSentSchema = z.object({
  /** Seconds before another code may be asked for (spec: 60). */
  resend_after_s: z.number().int().nonnegative(),
  /** Seconds the code stays valid. */
  expires_in_s: z.number().int().positive(),
});
/** A code-sent answer. */
export type CodeSent = z.infer<typeof codeSentSchema>;

// ---------------------------------------------------------------------------------------------
// Refresh, registration, password reset
// ---------------------------------------------------------------------------------------------

/** Body of `POST /users/refresh/login`. The answer is a new {@link tokenPairSchema}. */
export const refreshBodySchema = z.object({ refresh_token: tokenSchema }).strict();
/** Refresh body. */
export type RefreshBody = z.input<typeof refreshBodySchema>;

/** Body of `POST /users/logout`: the refresh token to revoke. */
export const logoutBodySchema = z.object({ refresh_token: tokenSchema }).strict();
/** Logout body. */
export type LogoutBody = z.input<typeof logoutBodySchema>;

/** An invitation code, as in the invitation link. */
export const inviteCodeSchema = z.string().regex(/^[A-Za-z0-9]{4,32}$/, 'Invalid invitation code');

/** Body of `POST /users/register/email`. The terms box must be ticked. Answer: tokens. */
export const registerEmailBodySchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    code: verificationCodeSchema,
    password: encryptedSecretSchema,
    key_id: keyIdSchema,
    terms_accepted: z.literal(true),
    invite_code: inviteCodeSchema.optional(),
  })
  .strict();
/** Email registration body. */
export type RegisterEmailBody = z.input<typeof registerEmailBodySchema>;

/** Body of `POST /users/register/phone`. The terms box must be ticked. Answer: tokens. */
export const registerPhoneBodySchema = z
  .object({
    username: usernameSchema,
    country_code: countryCodeSchema,
    phone: phoneSchema,
    code: verificationCodeSchema,
    password: encryptedSecretSchema,
    key_id: keyIdSchema,
    terms_accepted: z.literal(true),
    invite_code: inviteCodeSchema.optional(),
  })
  .strict()
  .refine(phoneMatchesCountry, { message: PHONE_MESSAGE, path: ['phone'] });
/** Phone registration body. */
export type RegisterPhoneBody = z.input<typeof registerPhoneBodySchema>;

/** Body of `POST /users/password/reset/email`: code sent with scene `reset_password`. */
export const resetPasswordEmailBodySchema = z
  .object({
    email: emailSchema,
    code: verificationCodeSchema,
    password: encryptedSecretSchema,
    key_id: keyIdSchema,
  })
  .strict();
/** Email password-reset body. */
export type ResetPasswordEmailBody = z.input<typeof resetPasswordEmailBodySchema>;

/** Body of `POST /users/password/reset/phone`: code sent with scene `reset_password`. */
export const resetPasswordPhoneBodySchema = z
  .object({
    country_code: countryCodeSchema,
    phone: phoneSchema,
    code: verificationCodeSchema,
    password: encryptedSecretSchema,
    key_id: keyIdSchema,
  })
  .strict()
  .refine(phoneMatchesCountry, { message: PHONE_MESSAGE, path: ['phone'] });
/** Phone password-reset body. */
export type ResetPasswordPhoneBody = z.input<typeof resetPasswordPhoneBodySchema>;

/**
 * A password reset's recovery token (`rk_…`): proof that the holder just reset the account's
 * password with a code sent to its email or phone, kept for the screen after the reset.
 */
export const recoveryTokenSchema = z.string().min(1).max(512);

/**
 * Answer of `POST /users/password/reset/email` and `/phone`. A reset is the "I lost control"
 * path: it ends every session and refresh token of the account, revokes every API key and every
 * third-party app's authorisation (and so their tokens), and answers a recovery token for the
 * screen after it, which lists the account's passkeys so one planted by someone else can go.
 *
 * Decision (the spec leaves it open): the reset does not sign the user in, since an account
 * protected by an authenticator must still pass its second factor at login. The screen is
 * authorised by the recovery token instead: random, stored hashed, bound to the user, good for
 * 15 minutes and for two calls only, `POST /users/password/reset/passkeys` (list) and
 * `DELETE /users/password/reset/passkeys/{id}` (remove), sent in the body, never as a bearer
 * token, so no other call accepts it. It may be used several times within its 15 minutes (to
 * remove more than one passkey); a newer reset of the same account spends the older tokens.
 */
export const passwordResetSchema = z.object({
  recovery_token: recoveryTokenSchema,
  /** The recovery token works until then (15 minutes after the reset). */
  expires_at: isoDateTimeSchema,
});
/** A password reset's answer. */
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/**
 * Body of `PUT /users/password`: a new password for the signed-in user. A change ends the
 * account's other sessions and refresh tokens (the session that made the change stays signed
 * in); API keys and app authorisations stay, since the owner is still in control.
 */
export const changePasswordBodySchema = z
  .object({
    password: encryptedSecretSchema,
    key_id: keyIdSchema,
    validation_token: validationTokenSchema,
  })
  .strict();
/** Change-password body. */
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/**
 * Body of `PUT /users/email`: the new email and its code (scene `bind_email`), after the old
 * one was verified by a second validation (scene `change_email`).
 *
 * Decision, the first factor: a user with no second factor at all (no email, no phone, no
 * authenticator, no passkey: one who signed up through a provider not marked trusted) cannot
 * pass a second validation, and registering a passkey takes one, so such a user binds the first
 * email or phone with the new address's code alone and leaves `validation_token` out. The
 * server decides from the account, never from the body: as soon as the user holds any factor,
 * `validation_token` is required (HTTP 400 code 40002 naming it when missing). Such an account
 * is only as safe as its session anyway; the bind still writes the user log, sends the
 * setting-update message and pauses withdrawals 24 h, like any change.
 */
export const changeEmailBodySchema = z
  .object({
    email: emailSchema,
    code: verificationCodeSchema,
    /**
     * A live token of `POST /users/second-validation` for scene `change_email`; required unless
     * the user has no second factor yet (see above).
     */
    validation_token: validationTokenSchema.optional(),
  })
  .strict();
/** Change-email body. */
export type ChangeEmailBody = z.input<typeof changeEmailBodySchema>;

/**
 * Body of `PUT /users/phone`: like {@link changeEmailBodySchema}, for the phone (code of scene
 * `bind_phone`; `validation_token` of scene `change_phone`, left out only by a user with no
 * second factor yet).
 */
export const changePhoneBodySchema = z
  .object({
    country_code: countryCodeSchema,
    phone: phoneSchema,
    code: verificationCodeSchema,
    validation_token: validationTokenSchema.optional(),
  })
  .strict()
  .refine(phoneMatchesCountry, { message: PHONE_MESSAGE, path: ['phone'] });
/** Change-phone body. */
export type ChangePhoneBody = z.input<typeof changePhoneBodySchema>;

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

// ---------------------------------------------------------------------------------------------
// Third-party authorisation (/login/oauth/authorize)
// ---------------------------------------------------------------------------------------------

/** A PKCE code challenge (RFC 7636): 43-128 base64url characters. */
export const pkceChallengeSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43,128}$/, 'Must be a base64url S256 code challenge');

/** Query of `GET /oauth/authorize`: the third party's request, as in OAuth 2. */
export const oauthRequestQuerySchema = z
  .object({
    client_id: z.string().min(1).max(128),
    redirect_uri: urlSchema,
    response_type: z.literal('code'),
    scope: z.string().max(512).optional(),
    state: z.string().max(512).optional(),
    /** PKCE (RFC 7636): BASE64URL(SHA-256(code_verifier)); required. */
    code_challenge: pkceChallengeSchema,
    /** Only `S256` is taken. */
    code_challenge_method: z.literal('S256'),
  })
  .strict();
/** OAuth request as a caller sends it. */
export type OauthRequestQuery = z.input<typeof oauthRequestQuerySchema>;

/** Answer of `GET /oauth/authorize`: who asks and for what. */
export const oauthClientSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  logo_url: urlSchema.nullable(),
  /** Requested scopes, e.g. `pool.view`. */
  scopes: z.array(z.string()),
});
/** An OAuth client. */
export type OauthClient = z.infer<typeof oauthClientSchema>;

/**
 * Body of `POST /oauth/authorize`: grant, with at least one account selected.
 *
 * Every consent needs a fresh second validation of scene `authorize_app`: the code it answers
 * is exchanged for a refresh token that rotates for 30 days, i.e. long-lived access that
 * outlives the session, and PoolKit issues no short-lived-only grant, so no consent is exempt.
 */
export const oauthAuthorizeBodySchema = z
  .object({
    client_id: z.string().min(1).max(128),
    redirect_uri: urlSchema,
    scope: z.string().max(512).optional(),
    state: z.string().max(512).optional(),
    accounts: z.array(accountNameSchema).min(1, 'Select at least one account').max(100),
    code_challenge: pkceChallengeSchema,
    code_challenge_method: z.literal('S256'),
    /**
     * A live token of `POST /users/second-validation` (or its passkey form) for scene
     * `authorize_app`, of this user; spent by the grant.
     */
    validation_token: validationTokenSchema,
  })
  .strict();
/** OAuth grant body. */
export type OauthAuthorizeBody = z.input<typeof oauthAuthorizeBodySchema>;

/** Answer of `POST /oauth/authorize`: where to send the browser (carries `code` and `state`). */
export const oauthRedirectSchema = z.object({ redirect_url: urlSchema });
/** OAuth redirect. */
export type OauthRedirect = z.infer<typeof oauthRedirectSchema>;
