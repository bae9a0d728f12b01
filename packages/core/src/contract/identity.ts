/**
 * Identity: captcha, public key, login (password with captcha, authenticator app), second
 * validation and verification codes. Credentials (`credentials.ts`), the signed-in user
 * (`userInfo.ts`) and third-party authorisation (`oauthAuthorize.ts`) have their own modules.
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
import { PHONE_MESSAGE, verifyTypeSchema } from './identityFields';

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
