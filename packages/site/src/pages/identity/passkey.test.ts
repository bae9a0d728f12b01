import { ApiError } from '@poolkit/core/client';
import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import type { Services } from '../../app/services';
import { PasskeyUnsupportedError, passkeyFailureOutcome, passkeyOutcome } from './passkey';

/** Section 8's texts by key, as the catalogue gives them in English. */
const TEXTS: Record<string, string> = {
  'errors.webauthnUnsupported': 'Your browser does not support webauthn',
  'errors.verificationFailed': 'Verification Failed',
};
const t = (key: string) => TEXTS[key] ?? key;

describe('passkeyFailureOutcome', () => {
  it('should say nothing when the page itself stopped the ceremony', () => {
    const aborted = new WebAuthnError({
      message: 'Authentication ceremony was sent an abort signal',
      code: 'ERROR_CEREMONY_ABORTED',
      cause: new Error('abort'),
      name: 'AbortError',
    });
    expect(passkeyFailureOutcome(aborted, t)).toEqual({ status: 'aborted' });
  });

  it('should offer another way or a retry when the passkey did not pass', () => {
    // The user cancelled on the device, or it timed out: the browser's NotAllowedError.
    const cancelled = new DOMException(
      'The operation either timed out or was not allowed.',
      'NotAllowedError',
    );
    expect(passkeyFailureOutcome(cancelled, t)).toEqual({ status: 'failed' });
    // The server did not accept the assertion.
    const refused = new ApiError({
      kind: 'http',
      status: 400,
      serverMessage: 'Verification Failed',
    });
    expect(passkeyFailureOutcome(refused, t)).toEqual({ status: 'failed' });
  });

  it('should name a browser without WebAuthn in the words of section 8', () => {
    expect(passkeyFailureOutcome(new PasskeyUnsupportedError(), t)).toEqual({
      status: 'refused',
      message: 'Your browser does not support webauthn',
    });
  });

  it("should pass on the server's own message for a failure that is not the passkey's", () => {
    const limited = new ApiError({
      kind: 'http',
      status: 429,
      serverMessage: 'Too many requests, please try again later',
    });
    expect(passkeyFailureOutcome(limited, t)).toEqual({
      status: 'refused',
      message: 'Too many requests, please try again later',
    });
  });
});

describe('passkeyOutcome', () => {
  it('should turn a failed options call into a message instead of throwing', async () => {
    const services = {
      api: {
        passkeyValidationOptions: async () => {
          throw new ApiError({
            kind: 'http',
            status: 404,
            serverMessage: 'You have no passkey',
          });
        },
      },
    } as unknown as Services;
    await expect(passkeyOutcome(services, 'withdraw', t)).resolves.toEqual({
      status: 'refused',
      message: 'You have no passkey',
    });
  });
});
