/**
 * Identity: captcha, sign-in and TOTP, registration, password reset, codes, settings, permissions and logs.
 * Family A of the API contract; `../endpoints.ts` merges every group into `endpoints`.
 */
import { emptyResponseSchema } from '../common';
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  changePhoneBodySchema,
  logoutBodySchema,
  passwordResetSchema,
  refreshBodySchema,
  registerEmailBodySchema,
  registerPhoneBodySchema,
  resetPasswordEmailBodySchema,
  resetPasswordPhoneBodySchema,
} from '../credentials';
import { defineEndpoint } from '../endpoint';
import {
  captchaChallengeSchema,
  codeSentSchema,
  loginBodySchema,
  loginQuerySchema,
  loginResultSchema,
  publicKeySchema,
  secondValidationBodySchema,
  secondValidationSchema,
  sendBoundCodeBodySchema,
  sendCodeBodySchema,
  sendCodeQuerySchema,
  tokenPairSchema,
  totpDisableBodySchema,
  totpLoginBodySchema,
  totpSecretSchema,
  totpValidationBodySchema,
} from '../identity';
import {
  oauthAuthorizeBodySchema,
  oauthClientSchema,
  oauthRedirectSchema,
  oauthRequestQuerySchema,
} from '../oauthAuthorize';
import {
  passkeyAuthenticationBodySchema,
  passkeyAuthenticationOptionsSchema,
  passkeyListSchema,
  passkeyLoginResultSchema,
  passkeyParamsSchema,
  passkeyRecoveryBodySchema,
  passkeyValidationBodySchema,
  passkeyValidationOptionsBodySchema,
} from '../passkeys';
import {
  oidcFinishBodySchema,
  oidcFinishSchema,
  oidcProviderListSchema,
  oidcStartBodySchema,
  oidcStartSchema,
} from '../thirdPartyLogin';
import {
  cancellationBodySchema,
  cancellationSchema,
  currentAccountSchema,
  currentPermissionsSchema,
  observerInfoSchema,
  setCurrentAccountBodySchema,
  updateSettingsBodySchema,
  userLogListSchema,
  userLogQuerySchema,
  userMiningSchema,
  userSettingsSchema,
} from '../userInfo';
/** The identity calls. */
export const identityEndpoints = {
  /**
   * Not shown: a proof-of-work captcha challenge (self-hosted, no outside service); its solution
   * is the captcha result of the login and code-sending calls.
   */
  captchaChallenge: defineEndpoint({
    id: 'captchaChallenge',
    family: 'A',
    method: 'GET',
    path: '/captcha/challenge',
    auth: 'public',
    response: captchaChallengeSchema,
    summary: 'A proof-of-work captcha challenge',
  }),
  /** The RSA public key that login and pay passwords are encrypted with. */
  publicKey: defineEndpoint({
    id: 'publicKey',
    family: 'A',
    method: 'GET',
    path: '/v2/users/encrypt/pubkey',
    auth: 'public',
    response: publicKeySchema,
    summary: 'Public key for password encryption',
  }),
  /**
   * Password login by email or phone; the captcha result travels in the query. Answers tokens,
   * or a login ticket when the authenticator app is required.
   */
  login: defineEndpoint({
    id: 'login',
    family: 'A',
    method: 'POST',
    path: '/v2/users/encrypt/login',
    auth: 'public',
    query: loginQuerySchema,
    body: loginBodySchema,
    response: loginResultSchema,
    errors: [401, 429],
    summary: 'Log in with an encrypted password and a captcha',
  }),
  /**
   * Finishes a login with the authenticator app's code. A login ticket takes 5 codes; the
   * wrong ones also count towards the user's brake shared with second validations: HTTP 429
   * (code 42900 naming `code`, `Retry-After`) for 15 minutes after the fifth wrong
   * authenticator code in a row, at login or in a second validation, whatever the ticket (the
   * right code included); and when the client address calls too often.
   */
  totpLogin: defineEndpoint({
    id: 'totpLogin',
    family: 'A',
    method: 'POST',
    path: '/auth/totp/login',
    auth: 'public',
    body: totpLoginBodySchema,
    response: tokenPairSchema,
    errors: [401, 429],
    summary: 'Finish a login with an authenticator code',
  }),
  /** Not shown: creates a pending authenticator secret (QR code) to bind. */
  totpSecret: defineEndpoint({
    id: 'totpSecret',
    family: 'A',
    method: 'POST',
    path: '/auth/totp/secret',
    auth: 'user-only',
    response: totpSecretSchema,
    errors: [409],
    summary: 'Create an authenticator secret to bind',
  }),
  /** Binds the authenticator: checks its first code against the pending secret. */
  totpValidation: defineEndpoint({
    id: 'totpValidation',
    family: 'A',
    method: 'POST',
    path: '/auth/totp/validation',
    auth: 'user-only',
    body: totpValidationBodySchema,
    response: emptyResponseSchema,
    summary: 'Validate an authenticator code and turn TOTP on',
  }),
  /** Not shown: turns the authenticator off after a second validation. */
  totpDisable: defineEndpoint({
    id: 'totpDisable',
    family: 'A',
    method: 'DELETE',
    path: '/auth/totp',
    auth: 'user-only',
    body: totpDisableBodySchema,
    response: emptyResponseSchema,
    summary: 'Turn the authenticator off',
  }),
  /**
   * Second validation for a sensitive action; answers a validation token for it. HTTP 429
   * (code 42900, `Retry-After`) when the client address calls too often, and for 15 minutes
   * after the user's fifth wrong authenticator code in a row, here or at login (the right code
   * included).
   */
  secondValidation: defineEndpoint({
    id: 'secondValidation',
    family: 'A',
    method: 'POST',
    path: '/users/second-validation',
    auth: 'user-only',
    body: secondValidationBodySchema,
    response: secondValidationSchema,
    errors: [429],
    summary: 'Pass a second validation for a sensitive action',
  }),
  /** Not shown: WebAuthn options to pass a second validation with one of the user's passkeys. */
  passkeyValidationOptions: defineEndpoint({
    id: 'passkeyValidationOptions',
    family: 'A',
    method: 'POST',
    path: '/users/second-validation/passkey/options',
    auth: 'user-only',
    body: passkeyValidationOptionsBodySchema,
    response: passkeyAuthenticationOptionsSchema,
    summary: 'Passkey options for a second validation',
  }),
  /** Not shown: a second validation passed with a passkey; answers a validation token. */
  passkeyValidation: defineEndpoint({
    id: 'passkeyValidation',
    family: 'A',
    method: 'POST',
    path: '/users/second-validation/passkey',
    auth: 'user-only',
    body: passkeyValidationBodySchema,
    response: secondValidationSchema,
    summary: 'Pass a second validation with a passkey',
  }),
  /** Exchanges the refresh token for a new token pair (decision: this path, answer `{token, refresh_token}`). */
  refreshToken: defineEndpoint({
    id: 'refreshToken',
    family: 'A',
    method: 'POST',
    path: '/users/refresh/login',
    auth: 'public',
    body: refreshBodySchema,
    response: tokenPairSchema,
    errors: [401, 429],
    summary: 'Refresh the access token',
  }),
  /** Not shown: revokes the refresh token; the access token simply expires. */
  logout: defineEndpoint({
    id: 'logout',
    family: 'A',
    method: 'POST',
    path: '/users/logout',
    auth: 'optional',
    body: logoutBodySchema,
    response: emptyResponseSchema,
    summary: 'Log out and revoke the refresh token',
  }),
  /** Not shown: registration by email, answering tokens (the user is logged in). */
  registerEmail: defineEndpoint({
    id: 'registerEmail',
    family: 'A',
    method: 'POST',
    path: '/users/register/email',
    auth: 'public',
    body: registerEmailBodySchema,
    response: tokenPairSchema,
    errors: [409, 429],
    summary: 'Register by email',
  }),
  /** Not shown: registration by phone, answering tokens. */
  registerPhone: defineEndpoint({
    id: 'registerPhone',
    family: 'A',
    method: 'POST',
    path: '/users/register/phone',
    auth: 'public',
    body: registerPhoneBodySchema,
    response: tokenPairSchema,
    errors: [409, 429],
    summary: 'Register by phone',
  }),
  /**
   * Not shown: password reset with an email code. Ends every session, API key and app
   * authorisation of the account and answers a recovery token for its passkeys (see
   * `passwordResetSchema`); the user is not signed in.
   */
  resetPasswordEmail: defineEndpoint({
    id: 'resetPasswordEmail',
    family: 'A',
    method: 'POST',
    path: '/users/password/reset/email',
    auth: 'public',
    body: resetPasswordEmailBodySchema,
    response: passwordResetSchema,
    errors: [401, 429],
    summary: 'Reset the password with an email code',
  }),
  /** Not shown: password reset with an SMS code; as `resetPasswordEmail`. */
  resetPasswordPhone: defineEndpoint({
    id: 'resetPasswordPhone',
    family: 'A',
    method: 'POST',
    path: '/users/password/reset/phone',
    auth: 'public',
    body: resetPasswordPhoneBodySchema,
    response: passwordResetSchema,
    errors: [401, 429],
    summary: 'Reset the password with an SMS code',
  }),
  /**
   * Not shown: after a password reset, the account's passkeys (name, when added, when last
   * used), authorised by the reset's recovery token in the body (a POST, so the token stays out
   * of URLs and logs). HTTP 401 naming `recovery_token` once it expired.
   */
  recoveryPasskeys: defineEndpoint({
    id: 'recoveryPasskeys',
    family: 'A',
    method: 'POST',
    path: '/users/password/reset/passkeys',
    auth: 'public',
    body: passkeyRecoveryBodySchema,
    response: passkeyListSchema,
    errors: [401, 429],
    summary: 'Passkeys of the account after a password reset',
  }),
  /** Not shown: after a password reset, removes one of the account's passkeys (recovery token). */
  recoveryDeletePasskey: defineEndpoint({
    id: 'recoveryDeletePasskey',
    family: 'A',
    method: 'DELETE',
    path: '/users/password/reset/passkeys/{id}',
    auth: 'public',
    params: passkeyParamsSchema,
    body: passkeyRecoveryBodySchema,
    response: emptyResponseSchema,
    errors: [401, 429],
    summary: 'Remove a passkey after a password reset',
  }),
  /**
   * Not shown: changes the password of the signed-in user; ends the account's other sessions.
   */
  changePassword: defineEndpoint({
    id: 'changePassword',
    family: 'A',
    method: 'PUT',
    path: '/users/password',
    auth: 'user-only',
    body: changePasswordBodySchema,
    response: emptyResponseSchema,
    summary: 'Change the password',
  }),
  /** Not shown: binds a new email after the old one was verified (pauses withdrawals 24 h). */
  changeEmail: defineEndpoint({
    id: 'changeEmail',
    family: 'A',
    method: 'PUT',
    path: '/users/email',
    auth: 'user-only',
    body: changeEmailBodySchema,
    response: emptyResponseSchema,
    errors: [409],
    summary: 'Change the bound email',
  }),
  /** Not shown: binds a new phone (pauses withdrawals 24 h). */
  changePhone: defineEndpoint({
    id: 'changePhone',
    family: 'A',
    method: 'PUT',
    path: '/users/phone',
    auth: 'user-only',
    body: changePhoneBodySchema,
    response: emptyResponseSchema,
    errors: [409],
    summary: 'Change the bound phone',
  }),
  /** Sends an SMS code to the signed-in user's bound phone, for a sensitive action. */
  sendSmsCode: defineEndpoint({
    id: 'sendSmsCode',
    family: 'A',
    method: 'POST',
    path: '/auth/validation/sms',
    auth: 'user-only',
    body: sendBoundCodeBodySchema,
    response: codeSentSchema,
    errors: [429, 503],
    summary: 'Send a code to the bound phone',
  }),
  /** Sends an email code to the signed-in user's verified email, for a sensitive action. */
  sendVerifiedEmailCode: defineEndpoint({
    id: 'sendVerifiedEmailCode',
    family: 'A',
    method: 'POST',
    path: '/auth/validation/verified-email',
    auth: 'user-only',
    body: sendBoundCodeBodySchema,
    response: codeSentSchema,
    errors: [429, 503],
    summary: 'Send a code to the verified email',
  }),
  /**
   * Sends a code to a typed-in email or phone (registration, reset, new email or phone), with a
   * captcha result in the query. Binding scenes need a signed-in user, hence `optional`.
   */
  sendCode: defineEndpoint({
    id: 'sendCode',
    family: 'A',
    method: 'POST',
    path: '/v3/auth/validation/code',
    auth: 'optional',
    query: sendCodeQuerySchema,
    body: sendCodeBodySchema,
    response: codeSentSchema,
    errors: [401, 409, 429, 503],
    summary: 'Send a verification code to an email or phone',
  }),
  /** Roles and permission strings of the caller (user or observer). */
  currentPermissions: defineEndpoint({
    id: 'currentPermissions',
    family: 'A',
    method: 'GET',
    path: '/permissions/current',
    auth: 'user',
    response: currentPermissionsSchema,
    summary: 'Roles and permissions of the caller',
  }),
  /** Chooses the current mining account (decision: this is what `PUT /users/accounts` does). */
  setCurrentAccount: defineEndpoint({
    id: 'setCurrentAccount',
    family: 'A',
    method: 'PUT',
    path: '/users/accounts',
    auth: 'user-only',
    body: setCurrentAccountBodySchema,
    response: currentAccountSchema,
    errors: [404],
    summary: 'Choose the current mining account',
  }),
  /** Updates display settings (time zone, language, currency, hide flags). */
  updateSettings: defineEndpoint({
    id: 'updateSettings',
    family: 'A',
    method: 'PUT',
    path: '/users/settings',
    auth: 'user-only',
    body: updateSettingsBodySchema,
    response: userSettingsSchema,
    summary: 'Update display settings',
  }),
  /** What an observer token may see: account, pools, expiry, roles. */
  observerInfo: defineEndpoint({
    id: 'observerInfo',
    family: 'A',
    method: 'GET',
    path: '/users/observer/info',
    auth: 'user',
    response: observerInfoSchema,
    summary: 'Scope of the current observer token',
  }),
  /** The user's mining over all accounts (decision: `/users/mine` is this overview). */
  userMining: defineEndpoint({
    id: 'userMining',
    family: 'A',
    method: 'GET',
    path: '/users/mine',
    auth: 'user-only',
    permission: 'pool.view',
    response: userMiningSchema,
    summary: 'Mining overview over all accounts',
  }),
  /** Not shown: asks for account cancellation (final after 30 days, revoked by logging in). */
  requestCancellation: defineEndpoint({
    id: 'requestCancellation',
    family: 'A',
    method: 'POST',
    path: '/users/cancellation',
    auth: 'user-only',
    body: cancellationBodySchema,
    response: cancellationSchema,
    summary: 'Ask for account cancellation',
  }),
  /** Not shown: the user's log (logins, security changes, operations). */
  userLogs: defineEndpoint({
    id: 'userLogs',
    family: 'A',
    method: 'GET',
    path: '/users/logs',
    auth: 'user-only',
    permission: 'user.view',
    query: userLogQuerySchema,
    response: userLogListSchema,
    summary: 'Log of logins and security changes',
  }),
  /** Not shown: describes a third-party authorisation request (`/login/oauth/authorize`). */
  oauthClient: defineEndpoint({
    id: 'oauthClient',
    family: 'A',
    method: 'GET',
    path: '/oauth/authorize',
    auth: 'user-only',
    query: oauthRequestQuerySchema,
    response: oauthClientSchema,
    summary: 'Describe a third-party authorisation request',
  }),
  /** Not shown: grants a third party access to the selected accounts. */
  oauthAuthorize: defineEndpoint({
    id: 'oauthAuthorize',
    family: 'A',
    method: 'POST',
    path: '/oauth/authorize',
    auth: 'user-only',
    body: oauthAuthorizeBodySchema,
    response: oauthRedirectSchema,
    summary: 'Authorise a third party for selected accounts',
  }),
  /** Not shown: the third-party (OpenID Connect) sign-in providers the pool offers. */
  oidcProviders: defineEndpoint({
    id: 'oidcProviders',
    family: 'A',
    method: 'GET',
    path: '/oidc/providers',
    auth: 'public',
    response: oidcProviderListSchema,
    summary: 'Third-party sign-in providers',
  }),
  /**
   * Not shown: starts a third-party sign-in (`login`) or linking (`link`, signed in): answers
   * the provider's address, with state, nonce and PKCE kept server-side.
   */
  oidcStart: defineEndpoint({
    id: 'oidcStart',
    family: 'A',
    method: 'POST',
    path: '/oidc/start',
    auth: 'optional',
    body: oidcStartBodySchema,
    response: oidcStartSchema,
    errors: [401, 404, 503],
    summary: 'Start a third-party sign-in',
  }),
  /**
   * Not shown: finishes a third-party sign-in from the redirect page (`/authredirect`,
   * `/user/authredirect`): signs in the linked user, links by verified email, or registers.
   */
  oidcFinish: defineEndpoint({
    id: 'oidcFinish',
    family: 'A',
    method: 'POST',
    path: '/oidc/finish',
    auth: 'optional',
    body: oidcFinishBodySchema,
    response: oidcFinishSchema,
    errors: [401, 409, 503],
    summary: 'Finish a third-party sign-in',
  }),
  /** Not shown: WebAuthn options to sign in with a passkey (identity, so family A). */
  passkeyAuthenticationOptions: defineEndpoint({
    id: 'passkeyAuthenticationOptions',
    family: 'A',
    method: 'POST',
    path: '/passkeys/authentication/options',
    auth: 'public',
    response: passkeyAuthenticationOptionsSchema,
    errors: [429],
    summary: 'Passkey sign-in options',
  }),
  /** Not shown: verifies a passkey assertion and answers tokens. */
  passkeyAuthenticationVerify: defineEndpoint({
    id: 'passkeyAuthenticationVerify',
    family: 'A',
    method: 'POST',
    path: '/passkeys/authentication/verify',
    auth: 'public',
    body: passkeyAuthenticationBodySchema,
    response: passkeyLoginResultSchema,
    errors: [401, 429],
    summary: 'Sign in with a passkey',
  }),
} as const;
