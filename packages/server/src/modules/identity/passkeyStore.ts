/**
 * The stored passkeys and the ceremonies' challenges: the rows and their answer, the relying
 * party a request speaks to, a challenge stored and claimed once, and an assertion checked
 * against a stored passkey. The ceremonies themselves are `passkeyRegistration.ts` and
 * `passkeySignIn.ts`.
 */
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ERROR_CODES } from '../../contract';
import { iso, isoSeconds, queryRow, queryRows } from '../../db/sql';
import { notFound } from '../../domain/errors';
import { HttpError } from '../../http/httpError';

/** A ceremony's challenge is good for 5 minutes; the browser is told 2 minutes. */
const CHALLENGE_TTL_MS = 5 * 60_000;
export const CEREMONY_TIMEOUT_MS = 120_000;

/** Section 8 messages. */
export const PASSKEY_MESSAGES = {
  loginRefused: 'Unable to sign in with your passkey. Please sign in with your password.',
  loginFailed: 'Passkey login failed',
  bound: 'The passkey has been bound',
  registrationFailed: 'Passkey registration failed',
  validationFailed: 'Verification Failed',
} as const;

type Purpose = 'registration' | 'authentication' | 'validation';

export interface PasskeyRow {
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

export const passkeyColumns = sql`id::text AS id, user_id::text AS user_id, credential_id, public_key,
  sign_count::float8 AS sign_count, transports, nickname,
  (extract(epoch from created_at) * 1000)::float8 AS created_ms,
  (extract(epoch from last_used_at) * 1000)::float8 AS last_used_ms`;

/** The wire form of a passkey (`passkeySchema`). */
export function passkeyAnswer(row: PasskeyRow) {
  return {
    id: row.id,
    nickname: row.nickname,
    created_at: isoSeconds(row.created_ms),
    last_used_at: row.last_used_ms === null ? null : isoSeconds(row.last_used_ms),
  };
}

/** The transports the authenticator reported when it registered (none when unreadable). */
export function transportsOf(row: PasskeyRow): AuthenticatorTransport[] {
  try {
    const value: unknown = JSON.parse(row.transports);
    return Array.isArray(value) ? (value as AuthenticatorTransport[]) : [];
  } catch {
    return [];
  }
}

/** Refuses a ceremony step: 401 code 40101 at sign-in, 400 code 40002 otherwise, naming `field`. */
export function refused(status: 400 | 401, message: string, field: string, cause?: unknown): never {
  const code = status === 401 ? ERROR_CODES.badCredentials : ERROR_CODES.codeInvalid;
  throw new HttpError(status, code, message, {
    fields: [{ field, message }],
    ...(cause === undefined ? {} : { cause }),
  });
}

/** HTTP 404 naming `id`: no passkey of the user has it. */
export function passkeyNotFound(): never {
  notFound('id', 'This passkey does not exist');
}

/** The user's passkeys, oldest first. */
export function listPasskeys(context: AppContext, userId: string): Promise<PasskeyRow[]> {
  return queryRows<PasskeyRow>(
    context.database,
    sql`SELECT ${passkeyColumns} FROM passkeys WHERE user_id = ${userId}::bigint ORDER BY id`,
  );
}

/** One of the user's passkeys by id; {@link passkeyNotFound} otherwise. */
export async function findOwnPasskey(
  context: AppContext,
  userId: string,
  id: string,
): Promise<PasskeyRow> {
  if (!/^\d{1,18}$/.test(id)) passkeyNotFound();
  const row = await queryRow<PasskeyRow>(
    context.database,
    sql`SELECT ${passkeyColumns} FROM passkeys WHERE id = ${id}::bigint AND user_id = ${userId}::bigint`,
  );
  if (row === undefined) passkeyNotFound();
  return row;
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

/** Stores a ceremony's challenge for 5 minutes; resolves its id, which the browser sends back. */
export async function storeChallenge(
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

/** A claimed challenge: what the answer to it must match. */
export interface ClaimedChallenge {
  readonly challenge: string;
  readonly rpId: string;
  readonly origins: string[];
}

/**
 * Uses up a challenge of that purpose (and user and scene); `undefined` when it is unknown,
 * already used, expired or someone else's. One conditional UPDATE, so a challenge is spent once
 * even when two requests race with it.
 */
export async function claimChallenge(
  context: AppContext,
  challengeId: string,
  purpose: Purpose,
  userId: string | null,
  scene: string | null,
): Promise<ClaimedChallenge | undefined> {
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

/** What the authenticator's answer must have signed, as `@simplewebauthn/server` takes it. */
export function expectedBy(claimed: ClaimedChallenge) {
  return {
    expectedChallenge: claimed.challenge,
    expectedOrigin: claimed.origins,
    expectedRPID: claimed.rpId,
  };
}

/**
 * Verifies an assertion against a stored passkey and a claimed challenge; on success moves the
 * signature counter on (only forward: a cloned authenticator replaying an old counter fails) and
 * stamps its last use. Resolves `false` when the assertion does not verify.
 */
export async function verifyAssertion(
  context: AppContext,
  passkey: PasskeyRow,
  claimed: ClaimedChallenge,
  credential: unknown,
  requireUserVerification: boolean,
): Promise<boolean> {
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      // The contract's schema has checked the shape; the library checks the rest.
      response: credential as AuthenticationResponseJSON,
      ...expectedBy(claimed),
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
