/**
 * Passkeys (WebAuthn) with `@simplewebauthn/server`: registration (after a fresh second
 * validation of scene `passkey`, and told to the user by message and email), list, rename,
 * delete, sign-in with a discoverable credential, a passkey as the second validation of a
 * sensitive action (it answers the same validation token as an email, SMS or authenticator
 * code, so the wallet and the account calls take it unchanged), and the list and removal by a
 * password reset's recovery token (`recovery.ts`).
 *
 * Every ceremony's challenge is a row of `passkey_challenges` (not a node's memory), used once
 * (claimed with a conditional UPDATE before the answer is verified) and good for 5 minutes, so
 * any node may finish a ceremony another began. The relying party comes from the configuration
 * (`WEBAUTHN_RP_ID`, `WEBAUTHN_ORIGINS`); unset, from the address the request arrived at.
 */
import { randomBytes } from 'node:crypto';
import {
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ERROR_CODES, endpoints } from '../../contract';
import { iso, isoSeconds, queryRow, queryRows } from '../../db/sql';
import { queryRows as queryInTransaction } from '../../engine/sql';
import type { Principal } from '../../http/authenticate';
import { HttpError } from '../../http/httpError';
import type { RateLimitOptions } from '../../http/rateLimit';
import { registerEndpoint } from '../../http/registerEndpoint';
import { notifySettingUpdate } from '../notifications/messages';
import { notifyPasskeyAdded } from '../notifications/passkeyNotice';
import { describePasskeyDevice } from './passkeyDevice';
import { recoveryUser } from './recovery';
import {
  addUserLog,
  consumeTicket,
  createTicket,
  findUserById,
  requireUser,
  type UserRow,
} from './users';

/** A ceremony's challenge is good for 5 minutes; the browser is told 2 minutes. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const CEREMONY_TIMEOUT_MS = 120_000;
/** A user keeps at most 20 passkeys. */
const MAX_PASSKEYS = 20;
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
/** Recovery calls (after a password reset) per client address and minute. */
const passkeyRecoveryLimit: RateLimitOptions = {
  key: 'passkey-recovery',
  limit: 30,
  windowMs: 60_000,
};

/** Section 8 messages. */
export const PASSKEY_MESSAGES = {
  loginRefused: 'Unable to sign in with your passkey. Please sign in with your password.',
  loginFailed: 'Passkey login failed',
  bound: 'The passkey has been bound',
  registrationFailed: 'Passkey registration failed',
  validationFailed: 'Verification Failed',
} as const;

type Purpose = 'registration' | 'authentication' | 'validation';

/** What {@link finishPasskeyLogin} needs from the password login: start the session. */
export type FinishLogin = (
  user: UserRow,
  request: FastifyRequest,
) => Promise<{ token: string; refresh_token: string }>;

interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  sign_count: number;
  transports: string;
  nickname: string;
  created_ms: number;
  last_used_ms: number | null;
}

const passkeyColumns = sql`id::text AS id, user_id::text AS user_id, credential_id, public_key,
  sign_count::float8 AS sign_count, transports, nickname,
  (extract(epoch from created_at) * 1000)::float8 AS created_ms,
  (extract(epoch from last_used_at) * 1000)::float8 AS last_used_ms`;

function passkeyAnswer(row: PasskeyRow) {
  return {
    id: row.id,
    nickname: row.nickname,
    created_at: isoSeconds(row.created_ms),
    last_used_at: row.last_used_ms === null ? null : isoSeconds(row.last_used_ms),
  };
}

function transportsOf(row: PasskeyRow): AuthenticatorTransport[] {
  try {
    const value: unknown = JSON.parse(row.transports);
    return Array.isArray(value) ? (value as AuthenticatorTransport[]) : [];
  } catch {
    return [];
  }
}

function userOf(principal: Principal | null): string {
  if (principal === null || principal.kind !== 'user') {
    throw new HttpError(401, ERROR_CODES.unauthorized, 'Sign in to continue');
  }
  return principal.userId;
}

function refused(status: 400 | 401, message: string, field: string, cause?: unknown): never {
  const code = status === 401 ? ERROR_CODES.badCredentials : ERROR_CODES.codeInvalid;
  throw new HttpError(status, code, message, {
    fields: [{ field, message }],
    ...(cause === undefined ? {} : { cause }),
  });
}

function notFound(): never {
  throw new HttpError(404, ERROR_CODES.notFound, 'This passkey does not exist', {
    fields: [{ field: 'id', message: 'This passkey does not exist' }],
  });
}

/** The relying party of a request: the configured one, else the address the request came to. */
export function relyingParty(
  context: AppContext,
  request: FastifyRequest,
): { rpId: string; origins: string[] } {
  const { rpId, origins } = context.config.webauthn;
  return {
    rpId: rpId ?? request.hostname,
    origins: origins === undefined ? [`${request.protocol}://${request.host}`] : [...origins],
  };
}

async function storeChallenge(
  context: AppContext,
  purpose: Purpose,
  challenge: string,
  party: { rpId: string; origins: string[] },
  userId: string | null,
  scene: string | null,
): Promise<string> {
  const now = context.clock.now();
  const row = await queryRow<{ id: string }>(
    context.database,
    sql`INSERT INTO passkey_challenges (purpose, user_id, scene, challenge, rp_id, origin, created_at, expires_at)
        VALUES (${purpose}, ${userId}::bigint, ${scene}, ${challenge}, ${party.rpId},
          ${party.origins.join(',')}, ${iso(now)}::timestamptz, ${iso(now + CHALLENGE_TTL_MS)}::timestamptz)
        RETURNING id::text AS id`,
  );
  if (row === undefined) throw new Error('The challenge was not stored');
  return row.id;
}

/**
 * Uses up a challenge of that purpose (and user and scene); `undefined` when it is unknown,
 * already used, expired or someone else's. One conditional UPDATE, so a challenge is spent once
 * even when two requests race with it.
 */
async function claimChallenge(
  context: AppContext,
  challengeId: string,
  purpose: Purpose,
  userId: string | null,
  scene: string | null,
): Promise<{ challenge: string; rpId: string; origins: string[] } | undefined> {
  if (!/^\d{1,18}$/.test(challengeId)) return undefined;
  const now = iso(context.clock.now());
  const row = await queryRow<{ challenge: string; rp_id: string; origin: string }>(
    context.database,
    sql`UPDATE passkey_challenges SET used_at = ${now}::timestamptz
        WHERE id = ${challengeId}::bigint AND purpose = ${purpose} AND used_at IS NULL
          AND expires_at > ${now}::timestamptz
          ${userId === null ? sql`AND user_id IS NULL` : sql`AND user_id = ${userId}::bigint`}
          ${scene === null ? sql`` : sql`AND scene = ${scene}`}
        RETURNING challenge, rp_id, origin`,
  );
  return row === undefined
    ? undefined
    : { challenge: row.challenge, rpId: row.rp_id, origins: row.origin.split(',') };
}

function listPasskeys(context: AppContext, userId: string): Promise<PasskeyRow[]> {
  return queryRows<PasskeyRow>(
    context.database,
    sql`SELECT ${passkeyColumns} FROM passkeys WHERE user_id = ${userId}::bigint ORDER BY id`,
  );
}

async function findOwnPasskey(
  context: AppContext,
  userId: string,
  id: string,
): Promise<PasskeyRow> {
  if (!/^\d{1,18}$/.test(id)) notFound();
  const row = await queryRow<PasskeyRow>(
    context.database,
    sql`SELECT ${passkeyColumns} FROM passkeys WHERE id = ${id}::bigint AND user_id = ${userId}::bigint`,
  );
  if (row === undefined) notFound();
  return row;
}

/** The user's opaque WebAuthn handle, made on first use (random 32 bytes, base64url). */
async function webauthnUserId(context: AppContext, userId: string): Promise<string> {
  const fresh = randomBytes(32).toString('base64url');
  const row = await queryRow<{ handle: string }>(
    context.database,
    sql`UPDATE users SET webauthn_user_id = COALESCE(webauthn_user_id, ${fresh})
        WHERE id = ${userId}::bigint RETURNING webauthn_user_id AS handle`,
  );
  if (row === undefined) throw new HttpError(401, ERROR_CODES.unauthorized, 'Sign in to continue');
  return row.handle;
}

/**
 * Verifies an assertion against a stored passkey and a claimed challenge; on success moves the
 * signature counter on (only forward: a cloned authenticator replaying an old counter fails) and
 * stamps its last use. Resolves `false` when the assertion does not verify.
 */
async function verifyAssertion(
  context: AppContext,
  passkey: PasskeyRow,
  claimed: { challenge: string; rpId: string; origins: string[] },
  credential: Parameters<typeof verifyAuthenticationResponse>[0]['response'],
  requireUserVerification: boolean,
): Promise<boolean> {
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: claimed.challenge,
      expectedOrigin: claimed.origins,
      expectedRPID: claimed.rpId,
      requireUserVerification,
      credential: {
        id: passkey.credential_id,
        publicKey: Buffer.from(passkey.public_key, 'base64url'),
        counter: passkey.sign_count,
        transports: transportsOf(passkey),
      },
    });
    if (!result.verified) return false;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return false;
  }
  const updated = await queryRows<{ id: string }>(
    context.database,
    sql`UPDATE passkeys SET sign_count = GREATEST(sign_count, ${newCounter}),
          last_used_at = ${iso(context.clock.now())}::timestamptz
        WHERE id = ${passkey.id}::bigint
          AND (${newCounter} = 0 OR sign_count < ${newCounter})
        RETURNING id::text AS id`,
  );
  return updated.length > 0;
}

/** Registers the passkey endpoints (family B management, family A sign-in and validation). */
export function registerPasskeyRoutes(
  app: FastifyInstance,
  context: AppContext,
  finishLogin: FinishLogin,
): void {
  registerEndpoint(app, endpoints.passkeys, async (_input, { principal }) => {
    const rows = await listPasskeys(context, userOf(principal));
    return { list: rows.map(passkeyAnswer) };
  });

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
      let info: NonNullable<
        Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo']
      >;
      try {
        const result = await verifyRegistrationResponse({
          response: body.credential as Parameters<typeof verifyRegistrationResponse>[0]['response'],
          expectedChallenge: claimed.challenge,
          expectedOrigin: claimed.origins,
          expectedRPID: claimed.rpId,
          requireUserVerification: false,
        });
        if (!result.verified || result.registrationInfo === undefined) {
          refused(400, PASSKEY_MESSAGES.registrationFailed, 'credential');
        }
        info = result.registrationInfo;
      } catch (error) {
        if (error instanceof HttpError) throw error;
        refused(400, PASSKEY_MESSAGES.registrationFailed, 'credential', error);
      }
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
      if (row === undefined) {
        throw new HttpError(409, ERROR_CODES.conflict, PASSKEY_MESSAGES.bound, {
          fields: [{ field: 'credential', message: PASSKEY_MESSAGES.bound }],
        });
      }
      await addUserLog(context, userId, 'security', 'passkey_added', request);
      return passkeyAnswer(row);
    },
  );

  registerEndpoint(app, endpoints.renamePasskey, async ({ params, body }, ctx) => {
    const userId = userOf(ctx.principal);
    const passkey = await findOwnPasskey(context, userId, params.id);
    const row = await queryRow<PasskeyRow>(
      context.database,
      sql`UPDATE passkeys SET nickname = ${body.nickname}
          WHERE id = ${passkey.id}::bigint AND user_id = ${userId}::bigint
          RETURNING ${passkeyColumns}`,
    );
    if (row === undefined) notFound();
    await addUserLog(context, userId, 'security', 'passkey_renamed', ctx.request);
    await notifySettingUpdate(context.database.db, userId, 'passkey', context.clock.now());
    return passkeyAnswer(row);
  });

  registerEndpoint(app, endpoints.deletePasskey, async ({ params }, ctx) => {
    const userId = userOf(ctx.principal);
    const passkey = await findOwnPasskey(context, userId, params.id);
    const deleted = await queryRows<{ id: string }>(
      context.database,
      sql`DELETE FROM passkeys WHERE id = ${passkey.id}::bigint AND user_id = ${userId}::bigint
          RETURNING id::text AS id`,
    );
    if (deleted.length === 0) notFound();
    await addUserLog(context, userId, 'security', 'passkey_deleted', ctx.request);
    await notifySettingUpdate(context.database.db, userId, 'passkey', context.clock.now());
    return null;
  });

  // After a password reset (recovery.ts): the account's passkeys, by the reset's recovery token.
  registerEndpoint(
    app,
    endpoints.recoveryPasskeys,
    async ({ body }) => {
      const rows = await listPasskeys(context, await recoveryUser(context, body.recovery_token));
      return { list: rows.map(passkeyAnswer) };
    },
    { rateLimit: passkeyRecoveryLimit },
  );

  registerEndpoint(
    app,
    endpoints.recoveryDeletePasskey,
    async ({ params, body }, { request }) => {
      const userId = await recoveryUser(context, body.recovery_token);
      const passkey = await findOwnPasskey(context, userId, params.id);
      const deleted = await queryRows<{ id: string }>(
        context.database,
        sql`DELETE FROM passkeys WHERE id = ${passkey.id}::bigint AND user_id = ${userId}::bigint
            RETURNING id::text AS id`,
      );
      if (deleted.length === 0) notFound();
      await addUserLog(context, userId, 'security', 'passkey_deleted', request);
      await notifySettingUpdate(context.database.db, userId, 'passkey', context.clock.now());
      return null;
    },
    { rateLimit: passkeyRecoveryLimit },
  );

  registerEndpoint(
    app,
    endpoints.passkeyAuthenticationOptions,
    async (_input, { request }) => {
      const party = relyingParty(context, request);
      // No allow-list: the authenticator offers its discoverable credentials (and the browser's
      // autofill shows them), and the answer's credential id names the passkey.
      const options = await generateAuthenticationOptions({
        rpID: party.rpId,
        timeout: CEREMONY_TIMEOUT_MS,
        userVerification: 'required',
      });
      const challengeId = await storeChallenge(
        context,
        'authentication',
        options.challenge,
        party,
        null,
        null,
      );
      return {
        challenge_id: challengeId,
        publicKey: {
          challenge: options.challenge,
          ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
          rpId: party.rpId,
          allowCredentials: [],
          userVerification: 'required' as const,
        },
      };
    },
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
      const ok = await verifyAssertion(
        context,
        passkey,
        claimed,
        body.credential as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
        true,
      );
      if (!ok) refused(401, PASSKEY_MESSAGES.loginFailed, 'credential');
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
      if (passkeys.length === 0) {
        throw new HttpError(400, ERROR_CODES.validation, 'scene: No passkey is bound', {
          fields: [{ field: 'scene', message: 'No passkey is bound' }],
        });
      }
      const party = relyingParty(context, request);
      const options = await generateAuthenticationOptions({
        rpID: party.rpId,
        timeout: CEREMONY_TIMEOUT_MS,
        userVerification: 'preferred',
        allowCredentials: passkeys.map((row) => ({
          id: row.credential_id,
          transports: transportsOf(row),
        })),
      });
      const challengeId = await storeChallenge(
        context,
        'validation',
        options.challenge,
        party,
        userId,
        body.scene,
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
          userVerification: 'preferred' as const,
        },
      };
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
    const ok = await verifyAssertion(
      context,
      passkey,
      claimed,
      body.credential as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      false,
    );
    if (!ok) refused(400, PASSKEY_MESSAGES.validationFailed, 'credential');
    const ticket = await createTicket(context, 'validation', userId, body.scene, VALIDATION_TTL_MS);
    return {
      validation_token: ticket.token,
      scene: body.scene,
      expires_at: isoSeconds(ticket.expiresMs),
    };
  });
}
