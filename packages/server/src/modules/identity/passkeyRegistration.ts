/**
 * The passkey registration ceremony: options after a fresh second validation of scene
 * `passkey`, then the authenticator's answer verified and the passkey kept, with the message
 * and the email that tell the user a passkey was added.
 */
import { randomBytes } from 'node:crypto';
import {
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ERROR_CODES, endpoints } from '../../contract';
import { iso, queryRow } from '../../db/sql';
import { queryRows as queryInTransaction } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { registerEndpoint } from '../../http/registerEndpoint';
import { userOf } from '../../http/userOf';
import { notifyPasskeyAdded } from '../notifications/passkeyNotice';
import { describePasskeyDevice } from './passkeyDevice';
import {
  CEREMONY_TIMEOUT_MS,
  type ClaimedChallenge,
  claimChallenge,
  expectedBy,
  listPasskeys,
  PASSKEY_MESSAGES,
  type PasskeyRow,
  passkeyAnswer,
  passkeyColumns,
  refused,
  relyingParty,
  storeChallenge,
  transportsOf,
} from './passkeyStore';
import { conflict, signInRequired } from './refusals';
import { addUserLog, consumeTicket, requireUser } from './users';

/** A user keeps at most 20 passkeys. */
const MAX_PASSKEYS = 20;

type RegistrationInfo = NonNullable<
  Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo']
>;

/** The user's opaque WebAuthn handle, made on first use (random 32 bytes, base64url). */
async function webauthnUserId(context: AppContext, userId: string): Promise<string> {
  const fresh = randomBytes(32).toString('base64url');
  const row = await queryRow<{ handle: string }>(
    context.database,
    sql`UPDATE users SET webauthn_user_id = COALESCE(webauthn_user_id, ${fresh})
        WHERE id = ${userId}::bigint RETURNING webauthn_user_id AS handle`,
  );
  if (row === undefined) signInRequired();
  return row.handle;
}

/** Verifies the authenticator's answer to a claimed registration challenge. */
async function verifiedRegistration(
  claimed: ClaimedChallenge,
  credential: unknown,
): Promise<RegistrationInfo> {
  try {
    const result = await verifyRegistrationResponse({
      // The contract's schema has checked the shape; the library checks the rest.
      response: credential as RegistrationResponseJSON,
      ...expectedBy(claimed),
      requireUserVerification: false,
    });
    if (!result.verified || result.registrationInfo === undefined) {
      refused(400, PASSKEY_MESSAGES.registrationFailed, 'credential');
    }
    return result.registrationInfo;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    refused(400, PASSKEY_MESSAGES.registrationFailed, 'credential', error);
  }
}

/** Registers the registration ceremony's two endpoints (family B). */
export function registerPasskeyRegistrationRoutes(app: FastifyInstance, context: AppContext): void {
  registerEndpoint(app, endpoints.passkeyRegistrationOptions, async ({ body }, ctx) => {
    const user = await requireUser(context, userOf(ctx.principal));
    const existing = await listPasskeys(context, user.id);
    if (existing.length >= MAX_PASSKEYS) {
      throw new HttpError(
        409,
        ERROR_CODES.conflict,
        `A user keeps at most ${MAX_PASSKEYS} passkeys`,
      );
    }
    // A fresh second validation of scene `passkey`, used up before any challenge exists: a
    // session alone (a stolen access token) cannot start a registration.
    await consumeTicket(context, 'validation', body.validation_token, {
      userId: user.id,
      scene: 'passkey',
      field: 'validation_token',
    });
    const party = relyingParty(context, ctx.request);
    const handle = await webauthnUserId(context, user.id);
    const options = await generateRegistrationOptions({
      rpName: context.config.webauthn.rpName,
      rpID: party.rpId,
      userID: Buffer.from(handle, 'base64url'),
      userName: user.email ?? user.username,
      userDisplayName: user.username,
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      // Refuse an authenticator that already holds one of the user's passkeys.
      excludeCredentials: existing.map((row) => ({
        id: row.credential_id,
        transports: transportsOf(row),
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const challengeId = await storeChallenge(
      context,
      'registration',
      options.challenge,
      party,
      user.id,
      null,
    );
    return {
      challenge_id: challengeId,
      publicKey: {
        rp: options.rp,
        user: options.user,
        challenge: options.challenge,
        pubKeyCredParams: options.pubKeyCredParams.map((param) => ({
          type: 'public-key' as const,
          alg: param.alg,
        })),
        ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
        excludeCredentials: (options.excludeCredentials ?? []).map((item) => ({
          id: item.id,
          type: 'public-key' as const,
          ...(item.transports === undefined ? {} : { transports: [...item.transports] }),
        })),
        ...(options.authenticatorSelection === undefined
          ? {}
          : { authenticatorSelection: options.authenticatorSelection }),
        attestation: 'none' as const,
      },
    };
  });

  registerEndpoint(
    app,
    endpoints.passkeyRegistrationVerify,
    async ({ body }, { principal, request }) => {
      const userId = userOf(principal);
      const claimed = await claimChallenge(
        context,
        body.challenge_id,
        'registration',
        userId,
        null,
      );
      if (claimed === undefined) {
        refused(400, PASSKEY_MESSAGES.registrationFailed, 'challenge_id');
      }
      const info = await verifiedRegistration(claimed, body.credential);
      const now = context.clock.now();
      const user = await requireUser(context, userId);
      const userAgent = request.headers['user-agent'];
      const device = describePasskeyDevice(
        info.aaguid,
        typeof userAgent === 'string' ? userAgent : undefined,
      );
      // The passkey, its message and its email are kept together or not at all.
      const row = await context.database.db.transaction(async (tx) => {
        const [inserted] = await queryInTransaction<PasskeyRow & Record<string, unknown>>(
          tx,
          sql`INSERT INTO passkeys (user_id, credential_id, public_key, sign_count, transports,
                device_type, backed_up, nickname, created_at)
              VALUES (${userId}::bigint, ${info.credential.id},
                ${Buffer.from(info.credential.publicKey).toString('base64url')},
                ${info.credential.counter},
                ${JSON.stringify(info.credential.transports ?? body.credential.response.transports ?? [])},
                ${info.credentialDeviceType}, ${info.credentialBackedUp}, ${body.nickname},
                ${iso(now)}::timestamptz)
              ON CONFLICT (credential_id) DO NOTHING
              RETURNING ${passkeyColumns}`,
        );
        if (inserted === undefined) return undefined;
        await notifyPasskeyAdded(tx, {
          userId,
          nickname: inserted.nickname,
          device,
          nowMs: now,
          siteUrl: context.config.siteUrl,
          user,
        });
        return inserted;
      });
      if (row === undefined) conflict('credential', PASSKEY_MESSAGES.bound);
      await addUserLog(context, userId, 'security', 'passkey_added', request);
      return passkeyAnswer(row);
    },
  );
}
