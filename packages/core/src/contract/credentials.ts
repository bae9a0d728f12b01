/**
 * Credentials: token refresh and logout, registration, password reset (with its recovery
 * token) and changes of password, email and phone.
 */
import { z } from 'zod';
import {
  countryCodeSchema,
  emailSchema,
  encryptedSecretSchema,
  isoDateTimeSchema,
  keyIdSchema,
  phoneMatchesCountry,
  phoneSchema,
  tokenSchema,
  validationTokenSchema,
  verificationCodeSchema,
} from './common';
import { PHONE_MESSAGE, usernameSchema } from './identityFields';

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
