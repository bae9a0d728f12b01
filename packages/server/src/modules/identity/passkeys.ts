/**
 * Passkeys (WebAuthn) with `@simplewebauthn/server`: registration (after a fresh second
 * validation of scene `passkey`, and told to the user by message and email;
 * `passkeyRegistration.ts`), list, rename, delete, sign-in with a discoverable credential and a
 * passkey as the second validation of a sensitive action (`passkeySignIn.ts`), and the list and
 * removal by a password reset's recovery token (`recovery.ts`).
 *
 * Every ceremony's challenge is a row of `passkey_challenges` (not a node's memory), used once
 * (claimed with a conditional UPDATE before the answer is verified) and good for 5 minutes, so
 * any node may finish a ceremony another began (`passkeyStore.ts`). The relying party comes from
 * the configuration (`WEBAUTHN_RP_ID`, `WEBAUTHN_ORIGINS`); unset, from the address the request
 * arrived at.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { endpoints } from '../../contract';
import { queryRow, queryRows } from '../../db/sql';
import type { RateLimitOptions } from '../../http/rateLimit';
import { registerEndpoint } from '../../http/registerEndpoint';
import { userOf } from '../../http/userOf';
import { registerPasskeyRegistrationRoutes } from './passkeyRegistration';
import { type FinishLogin, registerPasskeySignInRoutes } from './passkeySignIn';
import {
  findOwnPasskey,
  listPasskeys,
  type PasskeyRow,
  passkeyAnswer,
  passkeyColumns,
  passkeyNotFound,
} from './passkeyStore';
import { recoveryUser } from './recovery';
import { recordSecurityChange } from './securityChange';

/** Recovery calls (after a password reset) per client address and minute. */
const passkeyRecoveryLimit: RateLimitOptions = {
  key: 'passkey-recovery',
  limit: 30,
  windowMs: 60_000,
};

/** Removes one of the user's passkeys, by the user or by a reset's recovery token. */
async function deletePasskey(
  context: AppContext,
  userId: string,
  id: string,
  request: FastifyRequest,
): Promise<null> {
  const passkey = await findOwnPasskey(context, userId, id);
  const deleted = await queryRows<{ id: string }>(
    context.database,
    sql`DELETE FROM passkeys WHERE id = ${passkey.id}::bigint AND user_id = ${userId}::bigint
        RETURNING id::text AS id`,
  );
  if (deleted.length === 0) passkeyNotFound();
  const change = { userId, setting: 'passkey', action: 'passkey_deleted', request } as const;
  await recordSecurityChange(context, change);
  return null;
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

  registerPasskeyRegistrationRoutes(app, context);

  registerEndpoint(
    app,
    endpoints.renamePasskey,
    async ({ params, body }, { principal, request }) => {
      const userId = userOf(principal);
      const passkey = await findOwnPasskey(context, userId, params.id);
      const row = await queryRow<PasskeyRow>(
        context.database,
        sql`UPDATE passkeys SET nickname = ${body.nickname}
          WHERE id = ${passkey.id}::bigint AND user_id = ${userId}::bigint
          RETURNING ${passkeyColumns}`,
      );
      if (row === undefined) passkeyNotFound();
      const change = { userId, setting: 'passkey', action: 'passkey_renamed', request } as const;
      await recordSecurityChange(context, change);
      return passkeyAnswer(row);
    },
  );

  registerEndpoint(app, endpoints.deletePasskey, async ({ params }, { principal, request }) =>
    deletePasskey(context, userOf(principal), params.id, request),
  );

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
    async ({ params, body }, { request }) =>
      deletePasskey(context, await recoveryUser(context, body.recovery_token), params.id, request),
    { rateLimit: passkeyRecoveryLimit },
  );

  registerPasskeySignInRoutes(app, context, finishLogin);
}
