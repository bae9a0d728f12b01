/**
 * Third-party login: OpenID Connect providers the pool is configured with (`OIDC_PROVIDERS` on
 * the server), the sign-in round trip through them (`/authredirect` and `/user/authredirect`
 * finish it), and the identities a user linked. BindWechat is the same flow with the provider
 * `wechat`.
 */
import { z } from 'zod';
import { entityIdSchema, isoDateTimeSchema, urlSchema, validationTokenSchema } from './common';
import { tokenPairSchema } from './identity';

/** A provider id, e.g. `demo` or `wechat`. */
export const oidcProviderIdSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,32}$/, 'Unknown sign-in provider');

/** A configured provider as the login page shows it. */
export const oidcProviderSchema = z.object({
  id: oidcProviderIdSchema,
  /** Display name, e.g. "Demo ID". */
  name: z.string(),
});
/** A sign-in provider. */
export type OidcProvider = z.infer<typeof oidcProviderSchema>;

/** Answer of `GET /oidc/providers`. */
export const oidcProviderListSchema = z.object({ list: z.array(oidcProviderSchema) });
/** Sign-in providers. */
export type OidcProviderList = z.infer<typeof oidcProviderListSchema>;

/**
 * Body of `POST /oidc/start`: `login` signs in (or registers) through the provider; `link`
 * (signed in) adds the provider's identity to the signed-in user.
 *
 * A linked identity signs in on its own and outlives the session that linked it (a password
 * reset leaves it), so a link takes a fresh second validation of scene `link_identity`: with a
 * stolen session alone nobody links their own identity to keep a way in. The token is spent
 * when the link starts (the flow is then bound to the user), so each start takes a new one.
 */
export const oidcStartBodySchema = z.discriminatedUnion('purpose', [
  z.object({ provider: oidcProviderIdSchema, purpose: z.literal('login') }).strict(),
  z
    .object({
      provider: oidcProviderIdSchema,
      purpose: z.literal('link'),
      /**
       * A live token of `POST /users/second-validation` (or its passkey form) for scene
       * `link_identity`, of the signed-in user; spent by the start.
       */
      validation_token: validationTokenSchema,
    })
    .strict(),
]);
/** Start body. */
export type OidcStartBody = z.input<typeof oidcStartBodySchema>;

/**
 * A secret that binds a pending sign-in to the browser that started it: `POST /oidc/start`
 * answers it, the client keeps it (the site: in `sessionStorage`, for that tab) and sends it
 * back with `POST /oidc/finish`, which refuses a `state` started elsewhere. Without it, anyone
 * who opened an attacker's `/authredirect?code=…&state=…` would be signed in as the attacker.
 */
export const browserBindingSchema = z
  .string()
  .min(1, 'browser_binding: missing')
  .max(128, 'browser_binding: too long');

/**
 * Answer of `POST /oidc/start`: where to send the browser, and the {@link browserBindingSchema}
 * secret to keep until the finish.
 */
export const oidcStartSchema = z.object({
  authorization_url: urlSchema,
  browser_binding: browserBindingSchema,
});
/** Start answer. */
export type OidcStart = z.infer<typeof oidcStartSchema>;

/**
 * Body of `POST /oidc/finish`: the parameters the provider sent back to the redirect page, and
 * the `browser_binding` that `POST /oidc/start` answered in this browser.
 */
export const oidcFinishBodySchema = z
  .object({
    code: z.string().min(1, 'code: missing').max(2048),
    state: z.string().min(1, 'state: missing').max(512),
    browser_binding: browserBindingSchema,
    /** RFC 9207 issuer identifier, when the provider sends one. */
    iss: z.string().max(2048).optional(),
  })
  .strict();
/** Finish body. */
export type OidcFinishBody = z.input<typeof oidcFinishBodySchema>;

/**
 * Answer of `POST /oidc/finish`: signed in (`registered` when a new user was made, `linked`
 * when the identity was just linked by its verified email), the authenticator step still due
 * (as the password login), or (purpose `link`) the identity linked to the signed-in user.
 */
export const oidcFinishSchema = z.discriminatedUnion('status', [
  tokenPairSchema.extend({
    status: z.literal('ok'),
    registered: z.boolean(),
    linked: z.boolean(),
  }),
  z.object({
    status: z.literal('totp_required'),
    login_ticket: z.string().min(1).max(512),
    expires_at: isoDateTimeSchema,
  }),
  z.object({ status: z.literal('linked'), provider: oidcProviderIdSchema }),
]);
/** Finish answer. */
export type OidcFinish = z.infer<typeof oidcFinishSchema>;

/** An identity at a provider linked to the user. */
export const linkedIdentitySchema = z.object({
  id: entityIdSchema,
  provider: oidcProviderIdSchema,
  /** The provider's display name; the id when it is no longer configured. */
  provider_name: z.string(),
  /** The email the provider gave, when it gave one. */
  email: z.string().nullable(),
  created_at: isoDateTimeSchema,
});
/** A linked identity. */
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;

/** Answer of `GET /users/identities`; `password_set` false: the user signs in only through them. */
export const linkedIdentityListSchema = z.object({
  list: z.array(linkedIdentitySchema),
  password_set: z.boolean(),
});
/** Linked identities. */
export type LinkedIdentityList = z.infer<typeof linkedIdentityListSchema>;

/** Path parameters `{id}` of `/users/identities/{id}`. */
export const linkedIdentityParamsSchema = z.object({ id: entityIdSchema }).strict();
/** `{id}` as a caller sends it. */
export type LinkedIdentityParams = z.input<typeof linkedIdentityParamsSchema>;
