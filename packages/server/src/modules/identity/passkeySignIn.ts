/**
 * The passkey assertion ceremonies: sign-in with a discoverable credential (no user named
 * first), and a passkey as the second validation of a sensitive action, which answers the same
 * validation token as an email, SMS or authenticator code, so the wallet and the account calls
 * take it unchanged.
 */
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { endpoints } from '../../contract';
import { isoSeconds, queryRow } from '../../db/sql';
import { badField } from '../../domain/errors';
import type { RateLimitOptions } from '../../http/rateLimit';
import { registerEndpoint } from '../../http/registerEndpoint';
import { userOf } from '../../http/userOf';
import {
  CEREMONY_TIMEOUT_MS,
  claimChallenge,
  listPasskeys,
  PASSKEY_MESSAGES,
  type PasskeyRow,
  passkeyColumns,
  refused,
  relyingParty,
  storeChallenge,
  transportsOf,
  verifyAssertion,
} from './passkeyStore';
import { createTicket, findUserById, type UserRow } from './users';

/** A second-validation token works 10 minutes (as one passed with a code). */
const VALIDATION_TTL_MS = 10 * 60_000;
/** Passkey sign-ins per client address and minute (as many as password logins). */
const passkeyLoginLimit: RateLimitOptions = { key: 'passkey-login', limit: 20, windowMs: 60_000 };
/**
 * Sign-in options per client address and minute: the login page asks for them on every visit
 * (for the browser's autofill), so more than sign-ins, and counted apart from them.
 */
const passkeyOptionsLimit: RateLimitOptions = {
  key: 'passkey-options',
  limit: 60,
  windowMs: 60_000,
};

/** What {@link registerPasskeySignInRoutes} needs from the password login: start the session. */
export type FinishLogin = (
  user: UserRow,
  request: FastifyRequest,
) => Promise<{ token: string; refresh_token: string }>;

/**
 * Makes and stores the challenge of an assertion: for sign-in (`user` null, no allow-list, user
 * verification required) or for a validation of `user` in `scene` (their passkeys allowed, user
 * verification preferred). Resolves the options the browser passes to `navigator.credentials.get`.
 */
async function assertionOptions(
  context: AppContext,
  request: FastifyRequest,
  user: { id: string; scene: string; passkeys: PasskeyRow[] } | null,
) {
  const party = relyingParty(context, request);
  const userVerification = user === null ? ('required' as const) : ('preferred' as const);
  const options = await generateAuthenticationOptions({
    rpID: party.rpId,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification,
    ...(user === null
      ? {}
      : {
          allowCredentials: user.passkeys.map((row) => ({
            id: row.credential_id,
            transports: transportsOf(row),
          })),
        }),
  });
  const challengeId = await storeChallenge(
    context,
    user === null ? 'authentication' : 'validation',
    options.challenge,
    party,
    user?.id ?? null,
    user?.scene ?? null,
  );
  return {
    challenge_id: challengeId,
    publicKey: {
      challenge: options.challenge,
      ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
      rpId: party.rpId,
      allowCredentials: (options.allowCredentials ?? []).map((item) => ({
        id: item.id,
        type: 'public-key' as const,
        ...(item.transports === undefined ? {} : { transports: [...item.transports] }),
      })),
      userVerification,
    },
  };
}

/** Registers sign-in with a passkey and the passkey second validation (family A). */
export function registerPasskeySignInRoutes(
  app: FastifyInstance,
  context: AppContext,
  finishLogin: FinishLogin,
): void {
  registerEndpoint(
    app,
    endpoints.passkeyAuthenticationOptions,
    // No allow-list: the authenticator offers its discoverable credentials (and the browser's
    // autofill shows them), and the answer's credential id names the passkey.
    (_input, { request }) => assertionOptions(context, request, null),
    { rateLimit: passkeyOptionsLimit },
  );

  registerEndpoint(
    app,
    endpoints.passkeyAuthenticationVerify,
    async ({ body }, { request }) => {
      const claimed = await claimChallenge(
        context,
        body.challenge_id,
        'authentication',
        null,
        null,
      );
      if (claimed === undefined) refused(401, PASSKEY_MESSAGES.loginFailed, 'challenge_id');
      const passkey = await queryRow<PasskeyRow>(
        context.database,
        sql`SELECT ${passkeyColumns} FROM passkeys p
            WHERE p.credential_id = ${body.credential.id}
              AND EXISTS (SELECT 1 FROM users u WHERE u.id = p.user_id AND u.status <> 'cancelled')`,
      );
      // A passkey this site does not know (deleted here, still on the device).
      if (passkey === undefined) refused(401, PASSKEY_MESSAGES.loginRefused, 'credential');
      const user = await findUserById(context, passkey.user_id);
      if (user === undefined) refused(401, PASSKEY_MESSAGES.loginRefused, 'credential');
      const handle = body.credential.response.userHandle;
      if (handle !== undefined && handle !== null) {
        const owner = await queryRow<{ id: string }>(
          context.database,
          sql`SELECT id::text AS id FROM users WHERE webauthn_user_id = ${handle}`,
        );
        if (owner?.id !== user.id) refused(401, PASSKEY_MESSAGES.loginRefused, 'credential');
      }
      if (!(await verifyAssertion(context, passkey, claimed, body.credential, true))) {
        refused(401, PASSKEY_MESSAGES.loginFailed, 'credential');
      }
      // The passkey is possession and user verification in one: no authenticator step after it.
      return finishLogin(user, request);
    },
    { rateLimit: passkeyLoginLimit },
  );

  registerEndpoint(
    app,
    endpoints.passkeyValidationOptions,
    async ({ body }, { principal, request }) => {
      const userId = userOf(principal);
      const passkeys = await listPasskeys(context, userId);
      if (passkeys.length === 0) badField('scene', 'No passkey is bound');
      return assertionOptions(context, request, { id: userId, scene: body.scene, passkeys });
    },
  );

  registerEndpoint(app, endpoints.passkeyValidation, async ({ body }, { principal }) => {
    const userId = userOf(principal);
    const claimed = await claimChallenge(
      context,
      body.challenge_id,
      'validation',
      userId,
      body.scene,
    );
    if (claimed === undefined) refused(400, PASSKEY_MESSAGES.validationFailed, 'challenge_id');
    const passkey = await queryRow<PasskeyRow>(
      context.database,
      sql`SELECT ${passkeyColumns} FROM passkeys
          WHERE credential_id = ${body.credential.id} AND user_id = ${userId}::bigint`,
    );
    if (passkey === undefined) refused(400, PASSKEY_MESSAGES.validationFailed, 'credential');
    if (!(await verifyAssertion(context, passkey, claimed, body.credential, false))) {
      refused(400, PASSKEY_MESSAGES.validationFailed, 'credential');
    }
    const ticket = await createTicket(context, 'validation', userId, body.scene, VALIDATION_TTL_MS);
    return {
      validation_token: ticket.token,
      scene: body.scene,
      expires_at: isoSeconds(ticket.expiresMs),
    };
  });
}
