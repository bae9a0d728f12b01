import { ApiError, describeError } from '@poolkit/core/client';
import type {
  AuthenticationCredential,
  RegistrationCredential,
  SecurityScene,
} from '@poolkit/core/contract';
import type { PasskeyOutcome } from '@poolkit/widgets/TransferDialog';
import {
  type AuthenticationResponseJSON,
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type RegistrationResponseJSON,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
} from '@simplewebauthn/browser';
import type { Services } from '../../app/services';

/**
 * The browser's side of passkeys, with `@simplewebauthn/browser` (it turns the server's JSON
 * options into `navigator.credentials` calls and the credentials back into JSON). Every failure
 * becomes one of the section-8 messages (`errors.*` keys) through {@link passkeyErrorKey}.
 */

/** The browser's sign-in credential in the contract's terms. */
function assertionBody(credential: AuthenticationResponseJSON): AuthenticationCredential {
  return {
    id: credential.id,
    rawId: credential.rawId,
    type: 'public-key',
    response: { ...credential.response },
    authenticatorAttachment: credential.authenticatorAttachment ?? null,
    clientExtensionResults: { ...credential.clientExtensionResults },
  };
}

/** The browser's new credential in the contract's terms. */
function attestationBody(credential: RegistrationResponseJSON): RegistrationCredential {
  return {
    id: credential.id,
    rawId: credential.rawId,
    type: 'public-key',
    response: {
      ...credential.response,
      ...(credential.response.transports === undefined
        ? {}
        : { transports: [...credential.response.transports] }),
    },
    authenticatorAttachment: credential.authenticatorAttachment ?? null,
    clientExtensionResults: { ...credential.clientExtensionResults },
  };
}

/** Whether this browser can use passkeys at all. */
export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

/** Whether this browser offers passkeys in the user-name field's autofill (conditional UI). */
export function passkeyAutofillSupported(): Promise<boolean> {
  return browserSupportsWebAuthnAutofill();
}

/** Stops a pending ceremony (the autofill request when the login page goes away). */
export function cancelPasskeyCeremony(): void {
  WebAuthnAbortService.cancelCeremony();
}

/** Thrown when the browser cannot do WebAuthn. */
export class PasskeyUnsupportedError extends Error {
  override readonly name = 'PasskeyUnsupportedError';
}

/** Whether a ceremony was aborted by the page itself (a newer one replaced it): say nothing. */
export function isAbortedCeremony(error: unknown): boolean {
  return (
    (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') ||
    (error instanceof Error && error.name === 'AbortError')
  );
}

/**
 * Signs in with a passkey: options from the server (no allow-list, so the authenticator offers
 * its discoverable credentials), the browser's ceremony — in the autofill list when `autofill` —
 * and the server's check. Resolves the token pair.
 */
export async function signInWithPasskey(
  services: Services,
  autofill = false,
): Promise<{ token: string; refresh_token: string }> {
  if (!passkeysSupported()) throw new PasskeyUnsupportedError();
  const options = await services.api.passkeyAuthenticationOptions({});
  const credential = await startAuthentication({
    optionsJSON: options.publicKey,
    useBrowserAutofill: autofill,
  });
  return services.api.passkeyAuthenticationVerify({
    body: { challenge_id: options.challenge_id, credential: assertionBody(credential) },
  });
}

/**
 * Registers a new passkey under `nickname`. `validationToken` is a fresh second validation of
 * scene `passkey`: the server spends it before it issues the ceremony's challenge, so a ceremony
 * that fails afterwards needs a new one.
 */
export async function addPasskey(
  services: Services,
  nickname: string,
  validationToken: string,
): Promise<void> {
  if (!passkeysSupported()) throw new PasskeyUnsupportedError();
  const options = await services.api.passkeyRegistrationOptions({
    body: { validation_token: validationToken },
  });
  const credential = await startRegistration({ optionsJSON: options.publicKey });
  await services.api.passkeyRegistrationVerify({
    body: { challenge_id: options.challenge_id, nickname, credential: attestationBody(credential) },
  });
}

/** Passes the second validation of `scene` with one of the user's passkeys; resolves the token. */
export async function passkeyValidation(services: Services, scene: SecurityScene): Promise<string> {
  if (!passkeysSupported()) throw new PasskeyUnsupportedError();
  const options = await services.api.passkeyValidationOptions({ body: { scene } });
  const credential = await startAuthentication({ optionsJSON: options.publicKey });
  const answer = await services.api.passkeyValidation({
    body: { challenge_id: options.challenge_id, scene, credential: assertionBody(credential) },
  });
  return answer.validation_token;
}

/**
 * The section-8 message (an `errors.*` key) for a failed passkey ceremony of that kind, or
 * `undefined` for an error of the server that is not about the passkey (shown as it is).
 */
export function passkeyErrorKey(
  error: unknown,
  kind: 'login' | 'register' | 'validate',
): string | undefined {
  if (error instanceof PasskeyUnsupportedError) {
    return kind === 'login' ? 'errors.passkeyUnsupported' : 'errors.webauthnUnsupported';
  }
  if (error instanceof ApiError) {
    if (error.status === 409 && kind === 'register') return 'errors.passkeyBound';
    const message = error.serverMessage ?? '';
    if (message.startsWith('Unable to sign in with your passkey'))
      return 'errors.passkeySignInUnavailable';
    if (message === 'Passkey login failed') return 'errors.passkeyLoginFailed';
    if (message === 'Passkey registration failed') return 'errors.passkeyRegistrationFailed';
    if (message === 'Verification Failed') return 'errors.verificationFailed';
    return undefined;
  }
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return 'errors.passkeyBound';
  // The ceremony was cancelled, timed out or refused by the browser or the authenticator.
  switch (kind) {
    case 'login':
      return 'errors.passkeySignInUnavailable';
    case 'register':
      return 'errors.passkeyRegistrationFailed';
    case 'validate':
      return 'errors.verificationFailed';
    default:
      return kind satisfies never;
  }
}

/**
 * What a failed passkey validation comes to for the wallet dialogs (their `onPasskey`): nothing
 * when the page stopped the ceremony itself, "Verification Failed" (verify another way or try
 * again) when the passkey did not pass, otherwise the section-8 message (no WebAuthn) or the
 * server's own.
 */
export function passkeyFailureOutcome(error: unknown, t: (key: string) => string): PasskeyOutcome {
  if (isAbortedCeremony(error)) return { status: 'aborted' };
  const key = passkeyErrorKey(error, 'validate');
  if (key === 'errors.verificationFailed') return { status: 'failed' };
  return { status: 'refused', message: key === undefined ? describeError(error, t) : t(key) };
}

/**
 * Passes the second validation of `scene` with a passkey for a wallet dialog: the token when it
 * passed, else {@link passkeyFailureOutcome}.
 */
export async function passkeyOutcome(
  services: Services,
  scene: SecurityScene,
  t: (key: string) => string,
): Promise<PasskeyOutcome> {
  try {
    return { status: 'verified', token: await passkeyValidation(services, scene) };
  } catch (error) {
    return passkeyFailureOutcome(error, t);
  }
}
