/**
 * PoolKit as an OAuth 2 provider: the third-party apps operators register, and the
 * authorisations (grants) users gave them. The authorisation request itself is in
 * `identity.ts` (`/oauth/authorize`); the token endpoint (`POST /api/oauth/token`) speaks RFC 6749
 * form encoding and is documented in the server's README, not in this contract.
 */
import { z } from 'zod';
import { delegableScopeSchema } from './apiKeys';
import { accountNameSchema, entityIdSchema, isoDateTimeSchema, urlSchema } from './common';

/** A client id of a registered app (`app_` and 16 hex digits). */
export const oauthClientIdSchema = z.string().regex(/^app_[0-9a-f]{16}$/, 'Invalid client id');

/** A registered third-party app, as operators see it (never its secret). */
export const oauthAppSchema = z.object({
  client_id: oauthClientIdSchema,
  name: z.string(),
  logo_url: urlSchema.nullable(),
  redirect_uris: z.array(urlSchema),
  /** The scopes the app may ask for. */
  scopes: z.array(delegableScopeSchema),
  created_at: isoDateTimeSchema,
});
/** A registered app. */
export type OauthApp = z.infer<typeof oauthAppSchema>;

/** Answer of `GET /admin/oauth/apps`, newest first. */
export const oauthAppListSchema = z.object({ list: z.array(oauthAppSchema) });
/** Registered apps. */
export type OauthAppList = z.infer<typeof oauthAppListSchema>;

/** Body of `POST /admin/oauth/apps`. */
export const createOauthAppBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Please enter a name').max(64),
    logo_url: urlSchema.nullable().default(null),
    /** Where the app may be sent back to; matched exactly. */
    redirect_uris: z.array(urlSchema).min(1, 'Enter at least one redirect URI').max(10),
    scopes: z.array(delegableScopeSchema).min(1, 'Select at least one permission').max(7),
  })
  .strict();
/** Register-app body. */
export type CreateOauthAppBody = z.input<typeof createOauthAppBodySchema>;

/** Answer of `POST /admin/oauth/apps`: the app and, this once, its client secret. */
export const createdOauthAppSchema = z.object({ app: oauthAppSchema, client_secret: z.string() });
/** A new app with its secret. */
export type CreatedOauthApp = z.infer<typeof createdOauthAppSchema>;

/** Path parameters `{client_id}` of `/admin/oauth/apps/{client_id}`. */
export const oauthAppParamsSchema = z.object({ client_id: oauthClientIdSchema }).strict();
/** `{client_id}` as a caller sends it. */
export type OauthAppParams = z.input<typeof oauthAppParamsSchema>;

/** An authorisation a user gave an app (`GET /users/oauth/grants`). */
export const oauthGrantSchema = z.object({
  id: entityIdSchema,
  client_id: oauthClientIdSchema,
  name: z.string(),
  logo_url: urlSchema.nullable(),
  scopes: z.array(delegableScopeSchema),
  accounts: z.array(accountNameSchema),
  created_at: isoDateTimeSchema,
  /** When the app last read with it; `null` before its first read. */
  last_used_at: isoDateTimeSchema.nullable(),
});
/** An app authorisation. */
export type OauthGrant = z.infer<typeof oauthGrantSchema>;

/** Answer of `GET /users/oauth/grants`: live authorisations, newest first. */
export const oauthGrantListSchema = z.object({ list: z.array(oauthGrantSchema) });
/** App authorisations. */
export type OauthGrantList = z.infer<typeof oauthGrantListSchema>;

/** Path parameters `{id}` of `/users/oauth/grants/{id}`. */
export const oauthGrantParamsSchema = z.object({ id: entityIdSchema }).strict();
/** `{id}` as a caller sends it. */
export type OauthGrantParams = z.input<typeof oauthGrantParamsSchema>;
