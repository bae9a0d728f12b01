/**
 * Passkeys (WebAuthn): list, registration, sign-in, rename, delete. The WebAuthn option and
 * credential objects keep the W3C camelCase names of their JSON forms, so they go straight to
 * `PublicKeyCredential.parseCreationOptionsFromJSON()` and back from `credential.toJSON()`.
 */
import { z } from 'zod';
import { entityIdSchema, isoDateTimeSchema, nicknameSchema, validationTokenSchema } from './common';
import { recoveryTokenSchema } from './credentials';
import { securitySceneSchema, tokenPairSchema } from './identity';

/** A base64url string (WebAuthn binary fields), at most 16 KiB. */
export const base64UrlSchema = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url');

/** A passkey nickname: not empty, not only spaces, at most 32 characters. */
export const passkeyNicknameSchema = nicknameSchema;

/** A passkey of the user. */
export const passkeySchema = z.object({
  id: entityIdSchema,
  nickname: z.string(),
  created_at: isoDateTimeSchema,
  /** Last sign-in with it; `null` if never used. */
  last_used_at: isoDateTimeSchema.nullable(),
});
/** A passkey. */
export type PasskeyInfo = z.infer<typeof passkeySchema>;

/** Answer of `GET /passkeys`. */
export const passkeyListSchema = z.object({ list: z.array(passkeySchema) });
/** Passkeys. */
export type PasskeyList = z.infer<typeof passkeyListSchema>;

const transportsSchema = z.array(z.string().max(32)).max(8);

const credentialDescriptorSchema = z.object({
  id: base64UrlSchema,
  type: z.literal('public-key'),
  transports: transportsSchema.optional(),
});

/**
 * Body of `POST /passkeys/registration/options`: the validation token of a fresh second
 * validation of scene `passkey` (an email, SMS or authenticator code, or one of the user's
 * passkeys). It is used up before the ceremony's challenge is issued, so a stolen session alone
 * cannot plant a passkey; a ceremony that then fails (cancelled on the device) needs a new one.
 */
export const passkeyRegistrationOptionsBodySchema = z
  .object({ validation_token: validationTokenSchema })
  .strict();
/** Passkey registration options body. */
export type PasskeyRegistrationOptionsBody = z.input<typeof passkeyRegistrationOptionsBodySchema>;

/** `PublicKeyCredentialCreationOptionsJSON`, plus the id of the stored challenge. */
export const passkeyRegistrationOptionsSchema = z.object({
  challenge_id: entityIdSchema,
  publicKey: z.object({
    rp: z.object({ id: z.string().max(253).optional(), name: z.string().max(128) }),
    user: z.object({ id: base64UrlSchema, name: z.string().max(128), displayName: z.string() }),
    challenge: base64UrlSchema,
    pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number().int() })),
    timeout: z.number().int().positive().optional(),
    excludeCredentials: z.array(credentialDescriptorSchema).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
        residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
      })
      .optional(),
    attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  }),
});
/** Passkey registration options. */
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;

/** `RegistrationResponseJSON` of `credential.toJSON()` after `navigator.credentials.create()`. */
export const registrationCredentialSchema = z.object({
  id: base64UrlSchema,
  rawId: base64UrlSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64UrlSchema,
    attestationObject: base64UrlSchema,
    transports: transportsSchema.optional(),
    authenticatorData: base64UrlSchema.optional(),
    publicKey: base64UrlSchema.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).nullable().optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
/** A registration credential. */
export type RegistrationCredential = z.input<typeof registrationCredentialSchema>;

/** Body of `POST /passkeys/registration/verify`: the credential and its nickname. */
export const passkeyRegistrationBodySchema = z
  .object({
    challenge_id: entityIdSchema,
    nickname: passkeyNicknameSchema,
    credential: registrationCredentialSchema,
  })
  .strict();
/** Passkey registration body. */
export type PasskeyRegistrationBody = z.input<typeof passkeyRegistrationBodySchema>;

/** `PublicKeyCredentialRequestOptionsJSON`, plus the id of the stored challenge. */
export const passkeyAuthenticationOptionsSchema = z.object({
  challenge_id: entityIdSchema,
  publicKey: z.object({
    challenge: base64UrlSchema,
    timeout: z.number().int().positive().optional(),
    rpId: z.string().max(253).optional(),
    allowCredentials: z.array(credentialDescriptorSchema).optional(),
    userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  }),
});
/** Passkey sign-in options. */
export type PasskeyAuthenticationOptions = z.infer<typeof passkeyAuthenticationOptionsSchema>;

/** `AuthenticationResponseJSON` of `credential.toJSON()` after `navigator.credentials.get()`. */
export const authenticationCredentialSchema = z.object({
  id: base64UrlSchema,
  rawId: base64UrlSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64UrlSchema,
    authenticatorData: base64UrlSchema,
    signature: base64UrlSchema,
    userHandle: base64UrlSchema.nullable().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).nullable().optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
/** A sign-in credential. */
export type AuthenticationCredential = z.input<typeof authenticationCredentialSchema>;

/** Body of `POST /passkeys/authentication/verify`. Answer: a token pair. */
export const passkeyAuthenticationBodySchema = z
  .object({ challenge_id: entityIdSchema, credential: authenticationCredentialSchema })
  .strict();
/** Passkey sign-in body. */
export type PasskeyAuthenticationBody = z.input<typeof passkeyAuthenticationBodySchema>;

/** Answer of a passkey sign-in: the same tokens as a password login. */
export const passkeyLoginResultSchema = tokenPairSchema;
/** Passkey sign-in answer. */
export type PasskeyLoginResult = z.infer<typeof passkeyLoginResultSchema>;

/** Path parameters `{id}` of a passkey. */
export const passkeyParamsSchema = z.object({ id: entityIdSchema }).strict();
/** `{id}` as a caller sends it. */
export type PasskeyParams = z.input<typeof passkeyParamsSchema>;

/** Body of `PUT /passkeys/{id}`: a new nickname. */
export const renamePasskeyBodySchema = z.object({ nickname: passkeyNicknameSchema }).strict();
/** Rename-passkey body. */
export type RenamePasskeyBody = z.input<typeof renamePasskeyBodySchema>;

/** Body of `POST /users/second-validation/passkey/options`: the sensitive action to validate. */
export const passkeyValidationOptionsBodySchema = z.object({ scene: securitySceneSchema }).strict();
/** Passkey validation options body. */
export type PasskeyValidationOptionsBody = z.input<typeof passkeyValidationOptionsBodySchema>;

/**
 * Body of `POST /users/second-validation/passkey`: an assertion of one of the user's passkeys
 * for the challenge of that scene. Answer: a validation token, as for a code.
 */
export const passkeyValidationBodySchema = z
  .object({
    challenge_id: entityIdSchema,
    scene: securitySceneSchema,
    credential: authenticationCredentialSchema,
  })
  .strict();
/** Passkey validation body. */
export type PasskeyValidationBody = z.input<typeof passkeyValidationBodySchema>;

/**
 * Body of the recovery calls after a password reset, `POST /users/password/reset/passkeys`
 * (answers the account's passkeys, as `GET /passkeys`) and `DELETE
 * /users/password/reset/passkeys/{id}`: the reset's recovery token (see `passwordResetSchema`).
 * Nothing else takes that token; once expired the calls answer HTTP 401 naming `recovery_token`.
 */
export const passkeyRecoveryBodySchema = z.object({ recovery_token: recoveryTokenSchema }).strict();
/** Passkey recovery body. */
export type PasskeyRecoveryBody = z.input<typeof passkeyRecoveryBodySchema>;
