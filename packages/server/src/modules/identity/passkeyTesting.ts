/**
 * The passkey ceremonies as the passkey tests drive them, with a software authenticator
 * (`softAuthenticator.ts`) in place of the browser's.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ManualClock } from '../../clock';
import type { SoftAuthenticator } from './softAuthenticator';
import { type ApiAnswer, callApi, secondValidation } from './testHelpers';

/** The origin the passkey tests' app is configured with (`WEBAUTHN_ORIGINS`). */
export const PASSKEY_ORIGIN = 'https://pool.example.com';

/**
 * The ceremony steps on the app `appOf` answers (read when a step runs, so a `describe` block
 * may open its app in `beforeAll`) and its manual clock.
 */
export function passkeySteps(appOf: () => FastifyInstance, clock: ManualClock) {
  /**
   * A fresh second validation of scene `passkey` by an email code. An address takes a new code
   * of a scene once a minute, so the clock moves on first.
   */
  async function passkeyTicket(
    token: string,
    email: string,
    ip: string,
    on: FastifyInstance = appOf(),
  ): Promise<string> {
    clock.advance(61_000);
    return secondValidation(on, token, email, 'passkey', ip);
  }

  /** Registration options after a fresh `passkey` validation. */
  async function registrationOptions(
    token: string,
    email: string,
    ip: string,
    on: FastifyInstance = appOf(),
  ): Promise<ApiAnswer> {
    return callApi(on, 'POST', '/passkeys/registration/options', {
      token,
      body: { validation_token: await passkeyTicket(token, email, ip, on) },
      ip,
    });
  }

  /** A whole registration of `authenticator`'s new passkey; resolves the verify answer. */
  async function register(
    token: string,
    email: string,
    ip: string,
    authenticator: SoftAuthenticator,
    nickname = 'Laptop',
  ): Promise<ApiAnswer> {
    const options = await registrationOptions(token, email, ip);
    expect(options.status).toBe(200);
    return callApi(appOf(), 'POST', '/passkeys/registration/verify', {
      token,
      body: {
        challenge_id: options.data.challenge_id,
        nickname,
        credential: authenticator.create(options.data.publicKey),
      },
    });
  }

  /** A whole sign-in with one of `authenticator`'s passkeys; resolves the verify answer. */
  async function signIn(authenticator: SoftAuthenticator, ip: string): Promise<ApiAnswer> {
    const app = appOf();
    const options = await callApi(app, 'POST', '/passkeys/authentication/options', { ip });
    expect(options.status).toBe(200);
    return callApi(app, 'POST', '/passkeys/authentication/verify', {
      body: {
        challenge_id: options.data.challenge_id,
        credential: authenticator.get(options.data.publicKey),
      },
      ip,
    });
  }

  /** The options of a passkey second validation of `scene`. */
  function validationOptions(token: string, scene: string, ip?: string): Promise<ApiAnswer> {
    return callApi(appOf(), 'POST', '/users/second-validation/passkey/options', {
      token,
      body: { scene },
      ...(ip === undefined ? {} : { ip }),
    });
  }

  /** Answers the passkey validation challenge `challengeId` with `credential` for `scene`. */
  function answerValidation(
    token: string,
    challengeId: string,
    scene: string,
    credential: unknown,
    ip?: string,
  ): Promise<ApiAnswer> {
    return callApi(appOf(), 'POST', '/users/second-validation/passkey', {
      token,
      body: { challenge_id: challengeId, scene, credential },
      ...(ip === undefined ? {} : { ip }),
    });
  }

  /** A whole passkey second validation of `scene` with `authenticator`; resolves the answer. */
  async function validateWithPasskey(
    token: string,
    scene: string,
    authenticator: SoftAuthenticator,
    ip?: string,
  ): Promise<ApiAnswer> {
    const options = await validationOptions(token, scene, ip);
    expect(options.status).toBe(200);
    const credential = authenticator.get(options.data.publicKey);
    return answerValidation(token, options.data.challenge_id, scene, credential, ip);
  }

  return {
    passkeyTicket,
    registrationOptions,
    register,
    signIn,
    validationOptions,
    answerValidation,
    validateWithPasskey,
  };
}
