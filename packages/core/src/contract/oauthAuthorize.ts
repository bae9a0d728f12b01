/** Third-party authorisation: the consent screen of `/login/oauth/authorize`. */
import { z } from 'zod';
import { accountNameSchema, urlSchema, validationTokenSchema } from './common';

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
